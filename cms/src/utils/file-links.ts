import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { derivedKey } from './derived-keys';

/** How long a download link works. */
export const FILE_LINK_TTL_MS = 5 * 60 * 1000;

/** The file a link names: its storage, key, and the name the download is saved under. */
export interface LinkedFile {
  storage: string;
  key: string;
  name: string;
  /** The user whose session alone may use the link (a completed agreement's owner); any holder when absent. */
  owner?: number;
}

const signatureOf = (payload: string): string =>
  crypto.createHmac('sha256', derivedKey('file-links')).update(payload).digest('base64url');

/**
 * A download token for one private file, valid FILE_LINK_TTL_MS: the file and the expiry in base64url JSON, then an
 * HMAC of it. Nothing is stored; whoever holds the token (for five minutes) can fetch that file and no other, or,
 * for a token with an owner, only that user's session.
 */
export function fileLinkToken(file: LinkedFile, now = Date.now()): string {
  const payload = Buffer.from(
    JSON.stringify({
      s: file.storage,
      k: file.key,
      n: file.name,
      e: now + FILE_LINK_TTL_MS,
      ...(file.owner !== undefined && { o: file.owner }),
    }),
  ).toString('base64url');
  return `${payload}.${signatureOf(payload)}`;
}

/** The file a token names; 'expired' once its time is up; null for anything that is not a token we made. */
export function fileOfLinkToken(token: string, now = Date.now()): LinkedFile | 'expired' | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length) return null;
  const expected = Buffer.from(signatureOf(payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  try {
    const { s, k, n, e, o } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof s !== 'string' || typeof k !== 'string' || typeof n !== 'string' || typeof e !== 'number') return null;
    if (o !== undefined && typeof o !== 'number') return null;
    return e <= now ? 'expired' : { storage: s, key: k, name: n, ...(o !== undefined && { owner: o }) };
  } catch {
    return null;
  }
}

/** A filename for Content-Disposition: plain ASCII for old clients, and the exact name as RFC 5987 UTF-8. */
export const attachmentDisposition = (name: string): string =>
  `attachment; filename="${name.replace(/[^\x20-\x7E]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** The CMS's own address for links it hands out: PUBLIC_URL when set, else the address this request reached. */
export const cmsOrigin = (strapi: Core.Strapi, ctx: Context): string => {
  const configured = String(strapi.config.get('server.url', '') ?? '');
  return /^https?:\/\//.test(configured) ? configured.replace(/\/+$/, '') : ctx.request.origin;
};
