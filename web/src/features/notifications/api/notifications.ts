import type { UserNotification } from '@portal/rules';
import useSWR from 'swr';
import { useSession } from '@/lib/auth/session-context';
import { list } from '@/lib/collections';

/** Notifications on a page of the notifications page. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/**
 * Page `page` (from 1) of the signed-in user's notifications, newest first, read and unread: the spec's call
 * (mine=true, populate=template, sort=-createdAt) paged on the CMS, with how many there are in all.
 */
export function useNotificationsPage(page: number) {
  const { me } = useSession();
  // Keyed by user, so another session never sees this one's list.
  return useSWR(me ? ['notifications-page', me.id, page] : null, () =>
    list<UserNotification>('notifications', {
      mine: true,
      populate: 'template',
      sort: '-createdAt',
      limit: NOTIFICATIONS_PAGE_SIZE,
      offset: (page - 1) * NOTIFICATIONS_PAGE_SIZE,
    }),
  );
}
