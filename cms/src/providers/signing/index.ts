import type { Core } from '@strapi/strapi';
import { portalConfig, type SigningProviderName } from '../../utils/portal-config';
import { fileStorage } from '../storage';
import { dropboxSigning } from './dropbox-sign';
import { localSigning } from './local';
import type { SigningProvider } from './types';
export type {
  AgreementTerms,
  OpenRequest,
  OpenedRequest,
  ProviderSignature,
  Signer,
  SignerRole,
  SigningProvider,
} from './types';
export { completeAgreement, pngOfDataUrl, renderAgreement, sealPdf, type AuditEntry } from './agreement-pdf';
export { checkSealingCertificate, sealingCertificate, type SealingCertificate } from './certificate';
export { DROPBOX_SIGN_ROLES, isDropboxSignEvent } from './dropbox-sign';

/**
 * The provider SIGNING_PROVIDER names, `local` (default, embedded) or `dropbox-sign`; or the one named, for a signing
 * that provider started. Read per call, so a change of configuration (or a test) applies at once.
 */
export function signingProvider(
  strapi: Core.Strapi,
  name: SigningProviderName = portalConfig(strapi).signing.provider,
): SigningProvider {
  return name === 'dropbox-sign'
    ? dropboxSigning(portalConfig(strapi).signing.dropbox)
    : localSigning(fileStorage(strapi));
}
