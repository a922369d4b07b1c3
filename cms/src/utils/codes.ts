import crypto from 'node:crypto';

/** A secret code for a link or a session: 32 random bytes, base64url (43 characters). */
export function randomCode(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** What the database keeps of a code: its SHA-256, hex, so a leaked table opens no session or link. */
export function hashCode(code: string): string {
  return crypto.createHash('sha256').update(code).digest('hex');
}
