import crypto from 'node:crypto';
import type { FileStorage } from '../storage';
import { renderAgreement } from './agreement-pdf';
import type { SigningProvider } from './types';

/**
 * The embedded signer: renders the agreement with the investor's terms and stores it; signers sign it on the site's
 * /sign/:token page, and the portal's own signer rows are the record of who signed.
 */
export function localSigning(storage: FileStorage): SigningProvider {
  return {
    name: 'local',
    async open({ terms, reference }) {
      const documentKey = `signing/${reference}/${crypto.randomBytes(8).toString('hex')}-agreement.pdf`;
      await storage.put(documentKey, await renderAgreement(terms));
      return { requestId: null, documentKey, signatureIds: {} };
    },
    embeddedUrl: async () => null,
    signatures: async () => null,
    async document() {
      throw new Error('The local signer keeps the document from the start; there is nothing to fetch');
    },
    // The portal's own signer rows are the request: deleting them withdraws it.
    cancel: async () => undefined,
  };
}
