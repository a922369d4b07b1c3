import type { Mock } from 'vitest';
import type { Me, Settings } from '@/lib/auth/types';
import type { Content } from '@/lib/content';
import type { Portal } from '@/lib/portal/portal';
import { type FetchHandler, jsonResponse } from './fetch-stub';
import { oakHarbor, wasabiStallions } from './fixtures';

/** One call as the fake CMS sees it. */
export interface CmsRequest {
  method: string;
  url: URL;
  body: unknown;
  authCode: string | null;
}

/** Answers a call: a Response as is, anything else as a 200 JSON body. */
export type CmsRoute = (request: CmsRequest) => unknown;

export interface FakeCmsOptions {
  portals?: Portal[];
  /** Merged over registration and Google sign-in switched on, no captcha. */
  settings?: Partial<Settings>;
  /** The user of any auth code; without one GET /api/auth/me answers 401. */
  me?: Me;
  /** The content items POST /api/contents/byslug knows. */
  contents?: Record<string, Content>;
  /** Extra or replaced routes, keyed 'METHOD /path'. */
  routes?: Record<string, CmsRoute>;
}

/** A Strapi error answer. */
export function strapiError(status: number, message: string, details: unknown = {}): Response {
  return jsonResponse({ data: null, error: { status, name: 'Error', message, details } }, status);
}

function requestOf(url: URL, init: RequestInit): CmsRequest {
  return {
    method: init.method ?? 'GET',
    url,
    body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    authCode: new Headers(init.headers).get('authcode'),
  };
}

/** A CMS with the calls of docs/api-auth.md the site makes on every page; anything unknown answers 404. */
export function fakeCms(options: FakeCmsOptions = {}): FetchHandler {
  const { portals = [wasabiStallions, oakHarbor], settings, me, contents = {} } = options;
  const routes: Record<string, CmsRoute> = {
    'GET /api/auth/portals': () => ({ items: portals }),
    'POST /api/settings/load': () => ({
      settings: { registrationDisabled: false, signInWithGoogleDisabled: false, ...settings },
    }),
    'GET /api/auth/me': ({ authCode }) => (me && authCode ? { me } : strapiError(401, 'Unauthorized')),
    'POST /api/auth/logout': () => ({ success: true }),
    'POST /api/contents/byslug': ({ body }) => {
      const { slug } = body as { slug: string[] };
      return {
        contents: Object.fromEntries(slug.filter((name) => name in contents).map((name) => [name, contents[name]])),
      };
    },
    ...options.routes,
  };
  return async (url, init) => {
    const request = requestOf(url, init);
    const route = routes[`${request.method} ${url.pathname}`];
    if (!route) return strapiError(404, 'Not Found');
    const answer = await route(request);
    return answer instanceof Response ? answer : jsonResponse(answer);
  };
}

/** The calls made to `route` ('METHOD /path') through a stubbed fetch, oldest first. */
export function callsTo(fetchMock: Mock, route: string): CmsRequest[] {
  return fetchMock.mock.calls
    .map(([input, init]) => requestOf(new URL(String(input)), (init ?? {}) as RequestInit))
    .filter((request) => `${request.method} ${request.url.pathname}` === route);
}
