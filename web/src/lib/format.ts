export { formatUsd } from '@portal/rules';

/**
 * en-US medium date with short time, e.g. 'Mar 4, 2025, 2:30 PM', in the given IANA time zone.
 * No zone, an empty one (the user chose "device default") or an unknown one uses the device's zone.
 * An unreadable date gives ''.
 */
export function formatDateTime(date: Date | string | number, timeZone?: string | null): string {
  const value = new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: timeZone || undefined }).format(value);
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(value);
  }
}

/**
 * A date as a date, e.g. 'Dec 17, 2026' (en-US medium): a fund's close date, a notice's due date. A date alone
 * ('2026-12-17') is that day wherever the reader is; a moment (a close date stored with its time) is its day in the
 * given zone, as formatDateTime reads the zone. An unreadable date gives ''.
 */
export function formatDate(date: Date | string | number, timeZone?: string | null): string {
  const dayOnly = typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date);
  const value = new Date(dayOnly ? `${date}T12:00:00Z` : date);
  if (Number.isNaN(value.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
  const zone = dayOnly ? 'UTC' : timeZone || undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone }).format(value);
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(value);
  }
}
