import { env } from '@/config/env';
import { queryString } from './query-string';

const AUTH_CODE_KEY = 'authCode';

/** The auth code of the signed-in (or guest) session, if one is held. */
export function getAuthCode(): string | null {
  return localStorage.getItem(AUTH_CODE_KEY);
}

/** Holds the auth code so every later call carries it in the `authcode` header. */
export function setAuthCode(code: string): void {
  localStorage.setItem(AUTH_CODE_KEY, code);
}

export function clearAuthCode(): void {
  localStorage.removeItem(AUTH_CODE_KEY);
}

interface StrapiError {
  message?: unknown;
  details?: unknown;
}

/** The `error` of Strapi's error answer `{ data: null, error: { status, name, message, details } }`, if it is one. */
function strapiError(body: unknown): StrapiError | null {
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const { error } = body;
    if (typeof error === 'object' && error !== null) return error;
  }
  return null;
}

function serverMessageOf(body: unknown): string | null {
  const message = strapiError(body)?.message;
  return typeof message === 'string' ? message : null;
}

/** A failed write: the HTTP status (0 when the server was not reached), the server's message and its parsed body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The message the server sent; null when it sent none (network failure, a proxy's HTML page). */
  get serverMessage(): string | null {
    return serverMessageOf(this.body);
  }

  /** Strapi's `error.details`, e.g. `{ fields }` on a registration 400; null when the answer has none. */
  get details(): unknown {
    return strapiError(this.body)?.details ?? null;
  }
}

/** What to tell the user of a failed call: the server's message, else 'Unexpected error'. */
export function failureMessage(failure: unknown): string {
  return failure instanceof ApiError ? (failure.serverMessage ?? 'Unexpected error') : 'Unexpected error';
}

export type QueryParams = Record<string, unknown>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function urlFor(path: string, params?: QueryParams): string {
  // Strapi reads nested filters and populate in its bracket notation.
  const query = params ? queryString(params) : '';
  return `${env.apiUrl}${path}${query}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Fetches `url`; throws ApiError for a network failure or an answer that is not 2xx (with the server's message). */
async function request(
  url: string,
  init: RequestInit & { headers: Record<string, string> },
  withSession: boolean,
): Promise<Response> {
  const authCode = withSession ? getAuthCode() : null;
  if (authCode) init.headers.authcode = authCode;
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    throw new ApiError(0, cause instanceof Error ? cause.message : 'Network request failed');
  }
  if (!response.ok) {
    const body = await readBody(response);
    throw new ApiError(response.status, serverMessageOf(body) ?? `Request failed with status ${response.status}`, body);
  }
  return response;
}

/** Sends one call; resolves with the parsed body (null when empty) and throws ApiError on any failure. */
async function send(
  method: Method,
  path: string,
  params?: QueryParams,
  data?: unknown,
  withSession = true,
): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (data !== undefined) headers['Content-Type'] = 'application/json';
  const response = await request(
    urlFor(path, params),
    { method, headers, body: data === undefined ? undefined : JSON.stringify(data) },
    withSession,
  );
  return readBody(response);
}

/** True when `url` is on the CMS's own origin, the only place the session header may go. */
function isCmsUrl(url: string): boolean {
  const base = new URL(env.apiUrl || '/', window.location.href);
  return new URL(url, base).origin === base.origin;
}

/**
 * The one way the site talks to the CMS. Per the spec, reads and deletes never throw: a failed GET
 * answers null and a failed DELETE answers false, so a page shows its empty state. Writes (POST, PUT)
 * throw ApiError, because their callers (forms) must tell the user what went wrong.
 */
export const api = {
  /**
   * The parsed body, or null when the call failed. The type parameter is the caller's claim about the answer.
   * `withSession: false` leaves the session header off, for an answer no session changes (the same for everyone).
   */
  async get<T>(
    path: string,
    params?: QueryParams,
    { withSession = true }: { withSession?: boolean } = {},
  ): Promise<T | null> {
    try {
      return (await send('GET', path, params, undefined, withSession)) as T | null;
    } catch {
      return null;
    }
  },

  /** Like get, but a failed call throws ApiError, for a page that must tell "not found" (404) from "could not ask". */
  async read<T>(
    path: string,
    params?: QueryParams,
    { withSession = true }: { withSession?: boolean } = {},
  ): Promise<T | null> {
    return (await send('GET', path, params, undefined, withSession)) as T | null;
  },

  /** True when the server accepted the delete, false when the call failed. */
  async delete(path: string, params?: QueryParams): Promise<boolean> {
    try {
      await send('DELETE', path, params);
      return true;
    } catch {
      return false;
    }
  },

  async post<T>(path: string, data: unknown = {}): Promise<T> {
    return (await send('POST', path, undefined, data)) as T;
  },

  /**
   * The file a download link names, as a Blob. The session goes with it only to the CMS (a link made for one
   * investor works only with their session); any other address (a storage's signed URL) gets no header. Throws ApiError.
   */
  async file(url: string): Promise<Blob> {
    return (await request(url, { method: 'GET', headers: {} }, isCmsUrl(url))).blob();
  },

  async put<T>(path: string, data: unknown): Promise<T> {
    return (await send('PUT', path, undefined, data)) as T;
  },
};
