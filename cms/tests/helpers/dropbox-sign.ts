import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PortalConfig } from '../../src/utils/portal-config';
import { signedInUser } from './auth';
import { createInvestor, createOffering, onePagePdf } from './signing';
import type { TestApp } from './strapi';

/** The API key the tests give the Dropbox Sign provider (events are signed with it). */
export const DROPBOX_API_KEY = 'test-dropbox-sign-api-key';

export interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

/**
 * A stand-in for the part of Dropbox Sign's API the provider uses; `signed` says which signatures are done. Its files
 * are the request's document as it stands: `unsignedPdf` until both signed, then `signedPdf`. Every signature request it
 * makes has the id `requestId`: one per test file, since the CMS finds a commitment by its request's id.
 */
export function startDropboxStandIn(unsignedPdf: Buffer, signedPdf: Buffer, requestId: string) {
  const received: Received[] = [];
  const state = { signed: new Set<string>(), failCreate: false };
  const signatures = () =>
    [
      ['sig-investor', 'Investor', 'Tess Investor'],
      ['sig-spouse', 'Spouse', 'Pat Partner'],
    ].map(([id, role, name]) => ({
      signature_id: id,
      signer_role: role,
      signer_name: name,
      status_code: state.signed.has(id) ? 'signed' : 'awaiting_signature',
      signed_at: state.signed.has(id) ? Math.floor(Date.now() / 1000) : null,
    }));
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const url = request.url ?? '';
      received.push({ method: request.method ?? '', url, authorization: request.headers.authorization, body });
      const json = (status: number, value: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (request.method === 'POST' && url === '/v3/signature_request/create_embedded_with_template') {
        if (state.failCreate)
          return json(400, { error: { error_msg: 'Template not found', error_name: 'bad_request' } });
        return json(200, {
          signature_request: { signature_request_id: requestId, is_complete: false, signatures: signatures() },
        });
      }
      if (request.method === 'GET' && url.startsWith('/v3/embedded/sign_url/')) {
        return json(200, {
          embedded: {
            sign_url: `https://app.hellosign.com/editor/embeddedSign?signature_id=${url.split('/').pop()}&token=abc`,
            expires_at: 1_900_000_000,
          },
        });
      }
      if (request.method === 'GET' && url === `/v3/signature_request/${requestId}`) {
        return json(200, {
          signature_request: {
            signature_request_id: requestId,
            is_complete: state.signed.size === 2,
            signatures: signatures(),
          },
        });
      }
      if (request.method === 'POST' && url === `/v3/signature_request/cancel/${requestId}`) {
        return response.writeHead(200).end();
      }
      if (request.method === 'GET' && url.startsWith(`/v3/signature_request/files/${requestId}`)) {
        return response
          .writeHead(200, { 'content-type': 'application/pdf' })
          .end(state.signed.size === 2 ? signedPdf : unsignedPdf);
      }
      json(404, { error: { error_msg: 'Not found', error_name: 'not_found' } });
    });
  });
  return {
    received,
    state,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Switches the running CMS to Dropbox Sign at `apiUrl` (a stand-in, test mode); answers how to switch back. */
export function useDropboxSign(app: TestApp, apiUrl: string): () => void {
  const saved = app.strapi.config.get('portal.signing') as PortalConfig['signing'];
  app.strapi.config.set('portal.signing', {
    ...saved,
    provider: 'dropbox-sign',
    dropbox: { apiKey: DROPBOX_API_KEY, clientId: 'test-client-id', apiUrl, testMode: true },
  });
  return () => app.strapi.config.set('portal.signing', saved);
}

/**
 * A test file's Dropbox Sign world: the stand-in (its signature request `requestId`) switched on, an offering whose
 * fund has the two templates, an investor with a spouse going to invest, and an admin of the portal. `close` switches
 * back and stops the stand-in.
 */
export async function dropboxSignOffering(app: TestApp, slug: string, requestId: string) {
  const unsignedPdf = await onePagePdf('To sign at Dropbox Sign');
  const standIn = startDropboxStandIn(unsignedPdf, await onePagePdf('Signed at Dropbox Sign'), requestId);
  const switchBack = useDropboxSign(app, await standIn.start());
  const offering = await createOffering(app, slug, ['tmpl-subscription', 'tmpl-spousal-consent']);
  return {
    standIn,
    unsignedPdf,
    offering,
    investor: await createInvestor(app, offering, `${slug}-investor`),
    admin: await signedInUser(app, `${slug}-admin`, 'admin', offering.portal),
    close: async () => {
      switchBack();
      await standIn.close();
    },
  };
}
