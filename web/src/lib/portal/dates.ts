import { useCallback } from 'react';
import { portalTimeZone } from '@portal/rules';
import { formatDate } from '@/lib/format';
import { usePortal } from './portal-context';

/**
 * Dates as the portal's sponsor keeps them: a close date, a due date, the day accreditation was stated, shown as
 * 'Dec 17, 2026' in the portal's time zone (its timeZone field, else New York), whoever reads it and wherever; a
 * fund that closes at 11:30 PM in New York closes on the 17th for a reader in Tokyo too. Moments with their time (a
 * notification, an upload) stay in the reader's own zone (formatDateTime with profileSettings.timezone).
 */
export function usePortalDate(): (date: Date | string | number) => string {
  const { portal } = usePortal();
  const zone = portalTimeZone(portal);
  return useCallback((date) => formatDate(date, zone), [zone]);
}
