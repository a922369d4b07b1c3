import type { JsonWebKey } from 'node:crypto';
import type { KeySource } from './types';

const TIMEOUT_MS = 10_000;
/** Used when the answer names no max-age; Google rotates its keys over days. */
const DEFAULT_MAX_AGE_S = 3600;
/** An unknown key id refetches early at most this often, so made-up key ids cannot hammer Google. */
const REFETCH_AFTER_MS = 60_000;

interface KeySet {
  keys: (JsonWebKey & { kid?: string })[];
}

/** How long the answer may be kept, from its Cache-Control max-age. */
function maxAgeMs(cacheControl: string | null): number {
  const match = /max-age=(\d+)/i.exec(cacheControl ?? '');
  return (match ? Number(match[1]) : DEFAULT_MAX_AGE_S) * 1000;
}

/**
 * Google's published signing keys (a JWK set at `url`), kept for as long as its Cache-Control allows. An unknown
 * key id refetches once early, since Google may have rotated its keys.
 */
export function remoteKeys(url: string): KeySource {
  let cached: { keys: KeySet['keys']; at: number; until: number } | undefined;

  async function load(): Promise<KeySet['keys']> {
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) throw new Error(`Google certs answered HTTP ${response.status}`);
    const body = (await response.json()) as Partial<KeySet>;
    const keys = Array.isArray(body.keys) ? body.keys : [];
    cached = { keys, at: Date.now(), until: Date.now() + maxAgeMs(response.headers.get('cache-control')) };
    return keys;
  }

  return async (kid) => {
    const now = Date.now();
    const keys = cached && cached.until > now ? cached.keys : await load();
    const key = keys.find((candidate) => candidate.kid === kid);
    if (key || !cached || now - cached.at < REFETCH_AFTER_MS) return key;
    return (await load()).find((candidate) => candidate.kid === kid);
  };
}
