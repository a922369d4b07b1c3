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
