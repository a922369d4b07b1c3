import crypto from 'node:crypto';
import { derivedKey } from '../../utils/derived-keys';
import type { UploadRequest } from './types';

/** What a local upload policy allows: one key, one type, a size limit, until a time. */
export interface LocalPolicy {
  key: string;
  contentType: string;
  maxBytes: number;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

const signatureOf = (policy: string): string =>
  crypto.createHmac('sha256', derivedKey('storage-upload')).update(policy).digest('base64url');

/**
 * The form fields of a local upload, as S3's presigned POST has them: the key and Content-Type to post, the policy
 * (base64url JSON) and its HMAC. Nothing is stored; the CMS's upload endpoint trusts only what the HMAC covers.
 */
export function signUploadPolicy(
  { key, contentType, maxBytes, expiresInSeconds }: UploadRequest,
  now = Date.now(),
): Record<string, string> {
  const policy = Buffer.from(
    JSON.stringify({ k: key, t: contentType, m: maxBytes, e: now + expiresInSeconds * 1000 }),
  ).toString('base64url');
  return { key, 'Content-Type': contentType, policy, signature: signatureOf(policy) };
}

/** The policy the fields carry when its signature is ours; null for anything else (expiry is the caller's check). */
export function policyOf(policy: string | undefined, signature: string | undefined): LocalPolicy | null {
  if (!policy || !signature || policy.length > 2000) return null;
  const expected = Buffer.from(signatureOf(policy));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  try {
    const { k, t, m, e } = JSON.parse(Buffer.from(policy, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof k !== 'string' || typeof t !== 'string' || typeof m !== 'number' || typeof e !== 'number') return null;
    return { key: k, contentType: t, maxBytes: m, expiresAt: e };
  } catch {
    return null;
  }
}
