import { describe, expect, it } from 'vitest';
import {
  MAX_UNREAD,
  NOTIFICATIONS_CACHE_MS,
  NOTIFICATIONS_DELAY_MS,
  type UserNotification,
  badgeText,
  unreadOf,
} from '../notifications';

const at = (createdAt: string, id = 1): UserNotification => ({
  id,
  subject: `Notice ${id}`,
  createdAt,
  template: { name: 'news', color: '#ffffff' },
});

describe('notification rules', () => {
  it('keeps the constants of the spec', () => {
    expect({ NOTIFICATIONS_DELAY_MS, NOTIFICATIONS_CACHE_MS, MAX_UNREAD }).toEqual({
      NOTIFICATIONS_DELAY_MS: 500,
      NOTIFICATIONS_CACHE_MS: 60_000,
      MAX_UNREAD: 10,
    });
  });

  it.each([
    [0, null],
    [1, '1'],
    [8, '8'],
    [9, '9+'],
    [10, '9+'],
    [120, '9+'],
  ])('badgeText(%i) is %s', (count, text) => {
    expect(badgeText(count)).toBe(text);
  });

  it('counts as unread only what came after the read time, all when nothing was read', () => {
    const items = [
      at('2025-05-03T00:00:00.000Z', 3),
      at('2025-05-02T00:00:00.000Z', 2),
      at('2025-05-01T00:00:00.000Z', 1),
    ];
    expect(unreadOf(items, null).map(({ id }) => id)).toEqual([3, 2, 1]);
    expect(unreadOf(items, '2025-05-02T00:00:00.000Z').map(({ id }) => id)).toEqual([3]);
    expect(unreadOf(items, '2025-05-04T00:00:00.000Z')).toEqual([]);
    expect(unreadOf(items, 'not a date').map(({ id }) => id)).toEqual([3, 2, 1]);
  });

  it(`keeps at most ${MAX_UNREAD}, the newest`, () => {
    const items = Array.from({ length: 15 }, (_, index) =>
      at(`2025-05-${String(20 - index).padStart(2, '0')}T00:00:00Z`, index),
    );
    expect(unreadOf(items, null).map(({ id }) => id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
