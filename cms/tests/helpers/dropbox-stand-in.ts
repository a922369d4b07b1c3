import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestApp } from './strapi';

/**
 * A stand-in of Dropbox Sign's API for signing-dropbox.test.ts (SIGNING_PROVIDER=dropbox-sign), with its API key and
 * the one signature request it answers for, and the callback events Dropbox Sign posts.
 */
export const API_KEY = 'test-dropbox-sign-api-key';
export const REQUEST_ID = 'sr-0001';

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

/**
 * A stand-in for the part of Dropbox Sign's API the provider uses; `signed` says which signatures are done. Its files
 * are the request's document as it stands: `unsignedPdf` until both signed, then `signedPdf`.
 */
export function startDropboxStandIn(unsignedPdf: Buffer, signedPdf: Buffer) {
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
          signature_request: { signature_request_id: REQUEST_ID, is_complete: false, signatures: signatures() },
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
      if (request.method === 'GET' && url === `/v3/signature_request/${REQUEST_ID}`) {
        return json(200, {
          signature_request: {
            signature_request_id: REQUEST_ID,
            is_complete: state.signed.size === 2,
            signatures: signatures(),
          },
        });
      }
      if (request.method === 'POST' && url === `/v3/signature_request/cancel/${REQUEST_ID}`) {
        return response.writeHead(200).end();
      }
      if (request.method === 'GET' && url.startsWith(`/v3/signature_request/files/${REQUEST_ID}`)) {
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

/** A callback event as Dropbox Sign posts it: multipart/form-data with the JSON in the field `json`. */
export function postEvent(app: TestApp, eventType: string, { key = API_KEY } = {}) {
  const eventTime = String(Math.floor(Date.now() / 1000));
  const event = {
    event: {
      event_type: eventType,
      event_time: eventTime,
      event_hash: crypto.createHmac('sha256', key).update(`${eventTime}${eventType}`).digest('hex'),
      event_metadata: {},
    },
    signature_request: { signature_request_id: REQUEST_ID },
  };
  const form = new FormData();
  form.set('json', JSON.stringify(event));
  return fetch(`${app.url}/api/signing/dropbox/events`, { method: 'POST', body: form }).then(async (response) => ({
    status: response.status,
    text: await response.text(),
  }));
}
