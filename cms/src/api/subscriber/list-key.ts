import { portalKey } from '../../utils/portal-key';

/** How a newsletter address is stored and compared: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A subscriber's listKey: its portal's id and its normalised address. */
export function listKey(portalId: number | null | undefined, email: string): string {
  return portalKey(portalId, normalizeEmail(email));
}
