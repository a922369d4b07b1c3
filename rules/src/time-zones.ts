/** A portal's time zone when none is set: where the demo's sponsor keeps its calendar. */
export const DEFAULT_PORTAL_TIME_ZONE = 'America/New_York';

/** An IANA zone name the runtime knows (America/Chicago, UTC); not an offset ('+02:00') or an abbreviation ('EST'). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zone a portal's dates are shown in: its own when set and known, else DEFAULT_PORTAL_TIME_ZONE. */
export function portalTimeZone(portal: { timeZone?: string | null } | null | undefined): string {
  return isTimeZone(portal?.timeZone) ? portal.timeZone : DEFAULT_PORTAL_TIME_ZONE;
}
