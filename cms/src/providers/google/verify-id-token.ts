import crypto from 'node:crypto';
import type { KeySource } from './types';

const ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** Who a valid Google ID token names. */
export interface GoogleIdentity {
  /** Google's stable account id. */
  subject: string;
  /** Lower-cased; Google has verified it. */
  email: string;
  givenName: string | null;
  familyName: string | null;
  /** The client id the token was issued for. */
  audience: string;
}

interface Claims {
  iss?: unknown;
  aud?: unknown;
  exp?: unknown;
  sub?: unknown;
  email?: unknown;
  email_verified?: unknown;
  given_name?: unknown;
  family_name?: unknown;
}

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Checks a Google ID token with node's crypto alone: an RS256 signature by one of Google's keys, Google as the
 * issuer, one of `audiences` as the audience, not expired, and a verified email. Null when any check fails.
 */
export async function verifyIdToken(
  credential: string,
  audiences: string[],
  keys: KeySource,
): Promise<GoogleIdentity | null> {
  const parts = credential.split('.');
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts;
  const header = decodeJson(headerPart);
  const claims = decodeJson(payloadPart) as Claims | null;
  if (!header || !claims || header.alg !== 'RS256' || typeof header.kid !== 'string') return null;

  const jwk = await keys(header.kid);
  if (!jwk) return null;
  const signed = crypto.verify(
    'RSA-SHA256',
    Buffer.from(`${headerPart}.${payloadPart}`),
    crypto.createPublicKey({ key: jwk, format: 'jwk' }),
    Buffer.from(signaturePart, 'base64url'),
  );
  if (!signed) return null;

  if (!ISSUERS.includes(String(claims.iss))) return null;
  if (typeof claims.aud !== 'string' || !audiences.includes(claims.aud)) return null;
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) return null;
  // Google sends a boolean; older tokens carried the string 'true'.
  if (claims.email_verified !== true && claims.email_verified !== 'true') return null;
  if (typeof claims.email !== 'string' || !claims.email || typeof claims.sub !== 'string') return null;

  return {
    subject: claims.sub,
    email: claims.email.toLowerCase(),
    givenName: typeof claims.given_name === 'string' ? claims.given_name : null,
    familyName: typeof claims.family_name === 'string' ? claims.family_name : null,
    audience: claims.aud,
  };
}
