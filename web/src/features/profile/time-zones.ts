/** What the timezone select offers when the platform lists no zones (spec 02, section 9). */
export const FALLBACK_TIME_ZONES = ['America/Chicago', 'America/New_York'];

/**
 * The zones the timezone select offers: the platform's list, else the spec's fallback; a stored zone the list lacks
 * (an alias such as 'UTC') is kept so that showing the form never changes it.
 */
export function timeZoneChoices(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    // Some platforms have the function but refuse the key; the fallback applies.
  }
  if (zones.length === 0) zones = FALLBACK_TIME_ZONES;
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

/** The time as the preview shows it, e.g. 'Mar 4, 2026, 9:30:05 AM', in `timeZone` ('' for the device's). */
export function formatClock(now: Date, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: timeZone || undefined }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(now);
  }
}
