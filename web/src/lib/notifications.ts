import type { UserNotification } from '@portal/rules';
import { useCallback, useEffect, useState } from 'react';
import { api, getAuthCode } from './api-client';
import { list } from './collections';
import { useSession } from './auth/session-context';

// The CMS's shape (rules/src/contracts/collections.ts), under the name the bell imports it by.
export type { UserNotification } from '@portal/rules';

/** The spec's wait after the bell appears before notifications are read, so they never hold up the page. */
export const NOTIFICATIONS_DELAY_MS = 500;
/** How long a read list is used instead of asking again. */
export const NOTIFICATIONS_CACHE_MS = 60_000;
/** At most this many unread notifications are kept and shown. */
export const MAX_UNREAD = 10;
/** From this count on the badge reads '9+'. */
const BADGE_CAP = 9;

/** localStorage keys of the spec. */
export const NOTIFICATIONS_CACHE_KEY = 'notificationsCache';
export const NOTIFICATIONS_CACHE_TIME_KEY = 'notificationsCacheTime';
export const READ_NOTIFICATIONS_AT_KEY = 'readNotificationsAt';

/** What the badge on the bell reads: nothing at 0, the count below 9, '9+' from 9 on. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count < BADGE_CAP ? String(count) : `${BADGE_CAP}+`;
}

/**
 * When the user last read their notifications: the later of this browser's time (the spec's readNotificationsAt) and
 * the one the CMS keeps for every device (me.profileSettings.notificationsReadAt); null when neither says.
 */
export function readTimeOf(serverReadAt?: string | null): string | null {
  const local = localStorage.getItem(READ_NOTIFICATIONS_AT_KEY);
  const times = [local, serverReadAt].filter(
    (time): time is string => Boolean(time) && !Number.isNaN(Date.parse(time!)),
  );
  if (!times.length) return null;
  return times.reduce((later, time) => (Date.parse(time) > Date.parse(later) ? time : later));
}

/** The event the bell listens for, so that a read marked elsewhere (the notifications page) empties its badge. */
const READ_EVENT = 'portal:notifications-read';

/**
 * Marks every notification read now: this browser's read time (the spec's key), the cache emptied, and, for a user's
 * own session (not a guest's, which writes nothing), the read time kept by the CMS for their other devices. A failed
 * save leaves this browser's mark, as the spec has it.
 */
export function markNotificationsRead(isGuestSession: boolean): void {
  const readAt = new Date().toISOString();
  localStorage.setItem(READ_NOTIFICATIONS_AT_KEY, readAt);
  clearCache();
  window.dispatchEvent(new Event(READ_EVENT));
  if (!isGuestSession) api.post('/api/profile/notifications/read', { readAt }).catch(() => undefined);
}

/** The notifications created after `readAt` (all when nothing was read yet), newest first, at most MAX_UNREAD. */
export function unreadOf(items: UserNotification[], readAt: string | null): UserNotification[] {
  const readTime = readAt ? Date.parse(readAt) : Number.NaN;
  const unread = Number.isNaN(readTime) ? items : items.filter((item) => Date.parse(item.createdAt) > readTime);
  return unread.slice(0, MAX_UNREAD);
}

/** The cached list, with whose it is, so another user's is never shown. */
interface CachedNotifications {
  userId: number;
  items: UserNotification[];
}

function readCache(): (CachedNotifications & { cachedAt: number }) | null {
  try {
    const cached = JSON.parse(localStorage.getItem(NOTIFICATIONS_CACHE_KEY) ?? 'null') as CachedNotifications | null;
    const cachedAt = Number(localStorage.getItem(NOTIFICATIONS_CACHE_TIME_KEY));
    return cached && Array.isArray(cached.items) && cachedAt ? { ...cached, cachedAt } : null;
  } catch {
    // A corrupt cache is no cache; the next read replaces it.
    return null;
  }
}

function clearCache(): void {
  localStorage.removeItem(NOTIFICATIONS_CACHE_KEY);
  localStorage.removeItem(NOTIFICATIONS_CACHE_TIME_KEY);
}

/**
 * The user's unread notifications (after `readAt`): the cached list while it is fresh, else read from the CMS and
 * cached.
 */
async function loadUnread(userId: number, readAt: string | null): Promise<UserNotification[]> {
  const cached = readCache();
  if (cached?.userId === userId && Date.now() - cached.cachedAt < NOTIFICATIONS_CACHE_MS)
    return unreadOf(cached.items, readAt);
  const answer = await list<UserNotification>('notifications', {
    mine: true,
    populate: 'template',
    sort: '-createdAt',
    limit: MAX_UNREAD,
  });
  // A failed read shows no notifications (the spec's rule for reads) and is not cached, so the next load asks again.
  if (!answer.items.length) return [];
  const unread = unreadOf(answer.items, readAt);
  const fresh: CachedNotifications = { userId, items: unread };
  localStorage.setItem(NOTIFICATIONS_CACHE_KEY, JSON.stringify(fresh));
  localStorage.setItem(NOTIFICATIONS_CACHE_TIME_KEY, String(Date.now()));
  return unread;
}

export interface UnreadNotifications {
  unread: UserNotification[];
  /** Marks every notification read: empties the list and the cache and keeps the time (here and on the CMS). */
  markAllRead(): void;
}

/**
 * The signed-in user's unread notifications, loaded NOTIFICATIONS_DELAY_MS after mount. The list and the cache
 * are reset when the authentication state changes: another user (a guest session) empties both at once, and
 * signing out empties the cache, so the next sign-in reads its own list.
 */
export function useUnreadNotifications(): UnreadNotifications {
  const { me, isGuestSession } = useSession();
  const userId = me?.id ?? null;
  const serverReadAt = me?.profileSettings.notificationsReadAt ?? null;
  // Kept with its owner, so a list read for the previous user is never shown for the next.
  const [list, setList] = useState<CachedNotifications | null>(null);
  const unread = list && list.userId === userId ? list.items : [];

  useEffect(() => {
    if (userId === null) return;
    if (readCache()?.userId !== userId) clearCache();
    let current = true;
    const timer = setTimeout(() => {
      void loadUnread(userId, readTimeOf(serverReadAt)).then((items) => {
        if (current) setList({ userId, items });
      });
    }, NOTIFICATIONS_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [userId, serverReadAt]);

  // Read elsewhere (the notifications page): nothing is unread any more.
  useEffect(() => {
    const read = () => setList(null);
    window.addEventListener(READ_EVENT, read);
    return () => window.removeEventListener(READ_EVENT, read);
  }, []);

  useEffect(
    () => () => {
      // The header drops the bell when the session ends, after the auth code is gone; other unmounts keep the cache.
      if (!getAuthCode()) clearCache();
    },
    [],
  );

  const markAllRead = useCallback(() => {
    markNotificationsRead(isGuestSession);
    setList(null);
  }, [isGuestSession]);

  return { unread, markAllRead };
}
