import { vi } from 'vitest';

export type FetchHandler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** A JSON answer as the CMS would send it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Replaces the network with `handler`; the returned mock records every call. Undone after each test. */
export function stubFetch(handler: FetchHandler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) =>
    Promise.resolve(handler(new URL(String(input)), init)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A request that never answers, for looking at loading states. */
export const never = () => new Promise<Response>(() => {});
