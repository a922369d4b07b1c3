import {
  EmbeddedApi,
  EventCallbackHelper,
  EventCallbackRequest,
  SignatureRequestApi,
  SignatureRequestCreateEmbeddedWithTemplateRequest,
  SubSignatureRequestTemplateSigner,
} from '@dropbox/sign';
import type { SigningConfig } from '../../utils/portal-config';
import type { SignerRole, SigningProvider } from './types';

/** The signer roles the fund's templates must define, in signing order. */
export const DROPBOX_SIGN_ROLES: Record<SignerRole, string> = { investor: 'Investor', spouse: 'Spouse' };

type DropboxConfig = SigningConfig['dropbox'];

/** The SDK's errors carry the service's answer; keep its message, never the request (it holds the API key). */
function serviceError(action: string, error: unknown): Error {
  const body = (error as { body?: { error?: { errorMsg?: string } } })?.body;
  const message = body?.error?.errorMsg ?? (error instanceof Error ? error.message : String(error));
  return new Error(`Dropbox Sign ${action} failed: ${message}`);
}

/**
 * Dropbox Sign through its official client: an embedded signature request from the fund's templates, each signer's
 * embedded signing URL, the request's state and its final PDF. SIGNING_DROPBOX_API_URL points the client elsewhere
 * (the tests' stand-in).
 */
export function dropboxSigning(config: DropboxConfig): SigningProvider {
  const api = <T extends { basePath: string; username: string }>(client: T): T => {
    client.basePath = config.apiUrl.replace(/\/+$/, '');
    client.username = config.apiKey;
    return client;
  };
  const requests = () => api(new SignatureRequestApi());
  const embedded = () => api(new EmbeddedApi());

  return {
    name: 'dropbox-sign',

    async open({ terms, signers, templateIds, reference }) {
      if (!templateIds.length)
        throw new Error(
          `Dropbox Sign needs the fund's agreement templates (sa_doc_template_1_id to _4_id); ${terms.fundName} has none`,
        );
      const request = SignatureRequestCreateEmbeddedWithTemplateRequest.init({
        clientId: config.clientId,
        templateIds,
        title: terms.title,
        subject: terms.title,
        message: `Please sign your subscription agreement for ${terms.fundName}.`,
        signers: signers.map((signer) =>
          SubSignatureRequestTemplateSigner.init({
            role: DROPBOX_SIGN_ROLES[signer.role],
            name: signer.name,
            emailAddress: signer.email,
          }),
        ),
        metadata: { syndUser: reference },
        testMode: config.testMode,
      });
      try {
        const { body } = await requests().signatureRequestCreateEmbeddedWithTemplate(request);
        const created = body.signatureRequest;
        if (!created?.signatureRequestId) throw new Error('the answer names no signature request');
        const signatureIds: Partial<Record<SignerRole, string>> = {};
        for (const signer of signers) {
          const found = created.signatures?.find(
            (signature) => signature.signerRole === DROPBOX_SIGN_ROLES[signer.role],
          );
          if (found?.signatureId) signatureIds[signer.role] = found.signatureId;
        }
        return { requestId: created.signatureRequestId, documentKey: null, signatureIds };
      } catch (error) {
        throw serviceError('signature request', error);
      }
    },

    async embeddedUrl(signatureId) {
      try {
        const { body } = await embedded().embeddedSignUrl(signatureId);
        return body.embedded?.signUrl ?? null;
      } catch (error) {
        throw serviceError('signing URL', error);
      }
    },

    async signatures(requestId) {
      try {
        const { body } = await requests().signatureRequestGet(requestId);
        return (body.signatureRequest?.signatures ?? []).map((signature) => ({
          signatureId: signature.signatureId ?? '',
          // Dropbox Sign answers seconds since 1970.
          signedAt:
            signature.statusCode === 'signed' && signature.signedAt ? new Date(signature.signedAt * 1000) : null,
        }));
      } catch (error) {
        throw serviceError('signature request status', error);
      }
    },

    async document(requestId) {
      try {
        const { body } = await requests().signatureRequestFiles(requestId, 'pdf');
        return Buffer.from(body);
      } catch (error) {
        throw serviceError('file download', error);
      }
    },

    async cancel(requestId) {
      try {
        await requests().signatureRequestCancel(requestId);
      } catch (error) {
        throw serviceError('cancel', error);
      }
    },
  };
}

/** Whether a callback event is Dropbox Sign's: its event_hash is the HMAC-SHA256 of event_time + event_type keyed with the API key. */
export function isDropboxSignEvent(apiKey: string, payload: unknown): boolean {
  if (!apiKey || !payload || typeof payload !== 'object') return false;
  const event = (payload as { event?: Record<string, unknown> }).event;
  if (
    !event ||
    typeof event.event_hash !== 'string' ||
    typeof event.event_type !== 'string' ||
    event.event_time === undefined
  )
    return false;
  return EventCallbackHelper.isValid(apiKey, EventCallbackRequest.init(payload));
}
