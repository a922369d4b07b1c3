import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandIn {
  url: string;
  /** Each request's method, URL, headers and body, in order. */
  requests: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}

/** A local HTTP server standing in for an outside service; `answer` picks the status, headers and JSON body. */
export async function startStandIn(
  answer: (request: { url: string; body: string }) => {
    status?: number;
    headers?: Record<string, string>;
    json: unknown;
  },
): Promise<StandIn> {
  const requests: StandIn['requests'] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const { status = 200, headers = {}, json } = answer({ url: request.url ?? '', body });
      response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
