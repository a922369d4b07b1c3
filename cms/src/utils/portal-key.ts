/**
 * The key of a value that must be unique inside one portal: the portal's id and the (normalised) value. It is
 * stored in a hidden column with a unique index (see bootstrap/unique-per-portal).
 */
export function portalKey(portalId: number | null | undefined, value: string): string {
  return `${portalId ?? 'none'}:${value}`;
}
