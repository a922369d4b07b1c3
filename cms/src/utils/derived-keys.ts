import crypto from 'node:crypto';
import { secret } from './env';

/**
 * A key for one purpose (file links, signing links), derived from ENCRYPTION_KEY: no further secret to manage, and
 * production already refuses to start without it. Changing ENCRYPTION_KEY invalidates every link made before.
 */
export function derivedKey(purpose: string): Buffer {
  return crypto.createHmac('sha256', secret('ENCRYPTION_KEY')).update(`portal-link-key:${purpose}`).digest();
}
