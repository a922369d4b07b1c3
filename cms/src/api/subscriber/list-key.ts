/** How a newsletter address is stored and compared: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A subscriber's listKey: its portal's id and its address. The column has a unique index, so the database itself
 * keeps one row per address and portal (the portal lives in a join table, out of reach of a two-column index).
 */
export function listKey(portalId: number | null | undefined, email: string): string {
  return `${portalId ?? 'none'}:${normalizeEmail(email)}`;
}
