import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/providers/app-provider';
import { DEFAULT_TOAST_TIMEOUT_MS } from '@/components/toasts/toasts';
import { useSession } from '@/lib/auth/session-context';
import type { Me } from '@/lib/auth/types';
import {
  MAX_UNREAD,
  NOTIFICATIONS_CACHE_KEY,
  NOTIFICATIONS_CACHE_MS,
  NOTIFICATIONS_CACHE_TIME_KEY,
  NOTIFICATIONS_DELAY_MS,
  READ_NOTIFICATIONS_AT_KEY,
  type UserNotification,
} from '@/lib/notifications';
import { type CmsRoute, callsTo, fakeCms } from '@/testing/fake-cms';
import { useFakeTimers } from '@/testing/fake-timers';
import { stubFetch } from '@/testing/fetch-stub';
import { meFixture, storeSignedIn } from '@/testing/fixtures';
import { advance } from '@/testing/render-app';
import { Header } from '../header';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const ann = meFixture();
const bob = meFixture({ id: 8, documentId: 'user-doc-8', username: 'bob@example.com', email: 'bob@example.com' });

/** `count` notifications, newest first, one a day back from NOW; colours alternate light and dark. */
function notifications(count: number, subject = 'Notice'): UserNotification[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    subject: `${subject} ${index + 1}`,
    createdAt: new Date(NOW.getTime() - (index + 1) * 86_400_000).toISOString(),
    template: { name: 'news', color: index % 2 === 0 ? '#ffeb3b' : '#222255' },
  }));
}

/** The answer of the spec's call: notifications with mine=true, populate=template, sort=-createdAt. */
const listOf = (items: UserNotification[]) => ({ items, total: items.length });
const answering =
  (items: UserNotification[]): CmsRoute =>
  () =>
    listOf(items);

/** What the guest-session page does, reduced to a button. */
function GuestSessionButton() {
  const { startGuestSession } = useSession();
  return (
    <button type="button" onClick={() => void startGuestSession('guest-code')}>
      Start guest session
    </button>
  );
}

/** The header for `me` (a visitor when none), under fake timers from the start, with its portal loaded. */
async function renderHeader(me: Me | undefined, mine: CmsRoute, routes: Record<string, CmsRoute> = {}) {
  if (me) storeSignedIn(me);
  const fetchMock = stubFetch(fakeCms({ me, routes: { 'GET /api/notifications': mine, ...routes } }));
  const view = render(
    <AppProvider>
      <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Header />
        <GuestSessionButton />
      </MemoryRouter>
    </AppProvider>,
  );
  await advance();
  const reads = () => callsTo(fetchMock, 'GET /api/notifications');
  return { ...view, fetchMock, reads };
}

const bell = () => screen.getByRole('button', { name: 'Notifications' });
// The badge sits over the button's corner, beside it (its description, not part of its name).
const badgeOf = (button: HTMLElement) => button.parentElement?.querySelector('.badge')?.firstChild?.textContent ?? null;

// The bell and the sign-in dialog are fetched when first shown; under fake timers their code would arrive at a
// moment that depends on how fast the machine transforms it. Loaded beforehand, they render on the next tick.
beforeAll(async () => {
  await Promise.all([import('../notifications-bell'), import('@/features/auth/components/sign-in-dialog')]);
});
beforeEach(() => {
  useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('notifications bell: loading', () => {
  it(`reads the user's notifications ${NOTIFICATIONS_DELAY_MS} ms after it appears, once`, async () => {
    const { reads } = await renderHeader(ann, answering(notifications(3)));
    expect(bell()).toBeInTheDocument();
    await advance(NOTIFICATIONS_DELAY_MS - 1);
    expect(reads()).toHaveLength(0);
    expect(badgeOf(bell())).toBeNull();
    await advance(1);
    expect(reads().map(({ url }) => Object.fromEntries(url.searchParams))).toEqual([
      { mine: 'true', populate: 'template', sort: '-createdAt', limit: '10' },
    ]);
    expect(badgeOf(bell())).toBe('3');
    await advance(10 * NOTIFICATIONS_CACHE_MS);
    expect(reads()).toHaveLength(1);
  });

  it('never asks for a visitor, who has no bell', async () => {
    const { reads } = await renderHeader(undefined, answering(notifications(3)));
    await advance(10 * NOTIFICATIONS_DELAY_MS);
    expect(screen.queryByRole('button', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(reads()).toHaveLength(0);
  });

  it('shows nothing when the read fails, and caches nothing', async () => {
    await renderHeader(ann, () => new Response('Bad gateway', { status: 502 }));
    await advance(NOTIFICATIONS_DELAY_MS);
    expect(badgeOf(bell())).toBeNull();
    expect(localStorage.getItem(NOTIFICATIONS_CACHE_KEY)).toBeNull();
  });
});

describe('notifications bell: badge', () => {
  it.each([
    [0, null],
    [3, '3'],
    [8, '8'],
    [9, '9+'],
    [12, '9+'],
  ])('with %i unread reads %s', async (count, text) => {
    await renderHeader(ann, answering(notifications(count)));
    await advance(NOTIFICATIONS_DELAY_MS);
    expect(badgeOf(bell())).toBe(text);
    expect(bell()).toHaveAccessibleName('Notifications');
    if (text) expect(bell()).toHaveAccessibleDescription(`${text} unread`);
    else expect(bell()).not.toHaveAccessibleDescription(/unread/);
  });

  it("counts only notifications created after 'readNotificationsAt'", async () => {
    localStorage.setItem(READ_NOTIFICATIONS_AT_KEY, notifications(5)[2].createdAt);
    await renderHeader(ann, answering(notifications(5)));
    await advance(NOTIFICATIONS_DELAY_MS);
    expect(badgeOf(bell())).toBe('2');
  });
});

describe('notifications bell: click', () => {
  it('shows each unread notification as a toast in its colour with readable text, then marks all read', async () => {
    await renderHeader(ann, answering(notifications(3)));
    await advance(NOTIFICATIONS_DELAY_MS);
    expect(localStorage.getItem(NOTIFICATIONS_CACHE_KEY)).not.toBeNull();
    const user = userEvent.setup({ delay: null });
    const clickedAt = new Date().toISOString();
    await user.click(bell());

    const toasts = screen.getAllByRole('alert');
    expect(toasts.map((toast) => toast.textContent)).toEqual(['Notice 1', 'Notice 2', 'Notice 3']);
    expect(toasts[0]).toHaveStyle({ backgroundColor: '#ffeb3b', color: '#000' });
    expect(toasts[1]).toHaveStyle({ backgroundColor: '#222255', color: '#fff' });
    expect(badgeOf(bell())).toBeNull();
    expect(localStorage.getItem(NOTIFICATIONS_CACHE_KEY)).toBeNull();
    expect(localStorage.getItem(NOTIFICATIONS_CACHE_TIME_KEY)).toBeNull();
    expect(localStorage.getItem(READ_NOTIFICATIONS_AT_KEY)).toBe(clickedAt);

    await advance(DEFAULT_TOAST_TIMEOUT_MS - 1);
    expect(screen.getAllByRole('alert')).toHaveLength(3);
    await advance(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(bell());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names a notification without a subject by its template, else as a new notification', async () => {
    const [named, bare] = notifications(2);
    await renderHeader(
      ann,
      answering([
        { ...named, subject: null },
        { ...bare, subject: null, template: null },
      ]),
    );
    await advance(NOTIFICATIONS_DELAY_MS);
    await userEvent.setup({ delay: null }).click(bell());
    expect(screen.getAllByRole('alert').map((toast) => toast.textContent)).toEqual([
      named.template?.name,
      'New notification',
    ]);
  });

  it(`shows at most ${MAX_UNREAD} of many unread`, async () => {
    await renderHeader(ann, answering(notifications(12)));
    await advance(NOTIFICATIONS_DELAY_MS);
    await userEvent.setup({ delay: null }).click(bell());
    expect(screen.getAllByRole('alert')).toHaveLength(MAX_UNREAD);
    expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent(`Notice ${MAX_UNREAD}`);
  });
});

describe('notifications bell: every device, and where each acts (beyond the spec, docs/notifications.md)', () => {
  it('counts only what came after the read time the CMS keeps for all devices, when it is later than this browser’s', async () => {
    localStorage.setItem(READ_NOTIFICATIONS_AT_KEY, notifications(5)[3].createdAt);
    const readElsewhere = {
      ...ann,
      profileSettings: { ...ann.profileSettings, notificationsReadAt: notifications(5)[1].createdAt },
    };
    await renderHeader(readElsewhere, answering(notifications(5)));
    await advance(NOTIFICATIONS_DELAY_MS);
    expect(badgeOf(bell())).toBe('1');
  });

  it('keeps the read time on the CMS for the other devices when the bell is clicked', async () => {
    const saved: CmsRoute = ({ body }) => ({ success: true, notificationsReadAt: (body as { readAt: string }).readAt });
    const { fetchMock } = await renderHeader(ann, answering(notifications(2)), {
      'POST /api/profile/notifications/read': saved,
    });
    await advance(NOTIFICATIONS_DELAY_MS);
    await userEvent.setup({ delay: null }).click(bell());
    await advance();
    expect(callsTo(fetchMock, 'POST /api/profile/notifications/read').map(({ body }) => body)).toEqual([
      { readAt: localStorage.getItem(READ_NOTIFICATIONS_AT_KEY) },
    ]);
  });

  it('a guest session marks read in this browser only: it writes nothing to the CMS', async () => {
    const { fetchMock } = await renderHeader({ ...ann, isGuestSession: true }, answering(notifications(2)));
    await advance(NOTIFICATIONS_DELAY_MS);
    await userEvent.setup({ delay: null }).click(bell());
    await advance();
    expect(localStorage.getItem(READ_NOTIFICATIONS_AT_KEY)).toBe(NOW.toISOString().replace('.000Z', '.500Z'));
    expect(callsTo(fetchMock, 'POST /api/profile/notifications/read')).toEqual([]);
  });

  it('a toast opens where its notification acts, else the notifications page', async () => {
    const [call, news] = notifications(2);
    await renderHeader(ann, answering([{ ...call, link: '/dashboard/transactions' }, news]));
    await advance(NOTIFICATIONS_DELAY_MS);
    await userEvent.setup({ delay: null }).click(bell());
    const [first, second] = screen.getAllByRole('alert');
    expect(within(first).getByRole('link', { name: 'Notice 1' })).toHaveAttribute('href', '/dashboard/transactions');
    expect(within(second).getByRole('link', { name: 'Notice 2' })).toHaveAttribute('href', '/notifications');
  });
});

describe('notifications bell: cache', () => {
  it(`uses the list kept in storage for ${NOTIFICATIONS_CACHE_MS} ms instead of asking again`, async () => {
    const first = await renderHeader(ann, answering(notifications(3)));
    await advance(NOTIFICATIONS_DELAY_MS);
    expect(first.reads()).toHaveLength(1);
    expect(localStorage.getItem(NOTIFICATIONS_CACHE_TIME_KEY)).toBe(String(NOW.getTime() + NOTIFICATIONS_DELAY_MS));
    first.unmount();

    // Read at NOW + 500: the next load, at NOW + 500 + 59999, still uses it.
    vi.setSystemTime(NOW.getTime() + NOTIFICATIONS_CACHE_MS - 1);
    const second = await renderHeader(ann, answering(notifications(5)));
    await advance(NOTIFICATIONS_DELAY_MS);
    expect(second.reads()).toHaveLength(0);
    expect(badgeOf(bell())).toBe('3');
    second.unmount();

    vi.setSystemTime(NOW.getTime() + NOTIFICATIONS_CACHE_MS);
    const third = await renderHeader(ann, answering(notifications(5)));
    await advance(NOTIFICATIONS_DELAY_MS);
    expect(third.reads()).toHaveLength(1);
    expect(badgeOf(bell())).toBe('5');
  });

  it("never uses another user's list", async () => {
    localStorage.setItem(NOTIFICATIONS_CACHE_KEY, JSON.stringify({ userId: bob.id, items: notifications(7) }));
    localStorage.setItem(NOTIFICATIONS_CACHE_TIME_KEY, String(NOW.getTime()));
    const { reads } = await renderHeader(ann, answering(notifications(2)));
    expect(localStorage.getItem(NOTIFICATIONS_CACHE_KEY)).toBeNull();
    await advance(NOTIFICATIONS_DELAY_MS);
    expect(reads()).toHaveLength(1);
    expect(badgeOf(bell())).toBe('2');
  });

  it('resets the list and the cache on sign-out, and the next user reads their own', async () => {
    const mine: CmsRoute = ({ authCode }) =>
      listOf(authCode === 'bob-code' ? notifications(1, 'For Bob') : notifications(4));
    const { reads } = await renderHeader(ann, mine, {
      'POST /api/auth/auth': () => ({ me: bob, authCode: 'bob-code' }),
    });
    await advance(NOTIFICATIONS_DELAY_MS);
    expect(badgeOf(bell())).toBe('4');
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    await advance();
    expect(screen.queryByRole('button', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(localStorage.getItem(NOTIFICATIONS_CACHE_KEY)).toBeNull();
    expect(localStorage.getItem(NOTIFICATIONS_CACHE_TIME_KEY)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    await user.type(within(dialog).getByLabelText('Email'), 'bob@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Log In' }));
    await advance();
    expect(badgeOf(bell())).toBeNull();
    await advance(NOTIFICATIONS_DELAY_MS);
    expect(reads().map(({ authCode }) => authCode)).toEqual(['stored-code', 'bob-code']);
    expect(badgeOf(bell())).toBe('1');
    await user.click(bell());
    expect(screen.getByRole('alert')).toHaveTextContent('For Bob 1');
  });

  it('resets the list and the cache at once when another user takes over (a guest session)', async () => {
    const mine: CmsRoute = ({ authCode }) => listOf(notifications(authCode === 'guest' ? 2 : 6));
    const { reads } = await renderHeader(ann, mine, {
      'POST /api/auth/guest/start': () => ({ me: bob, authCode: 'guest' }),
    });
    await advance(NOTIFICATIONS_DELAY_MS);
    expect(badgeOf(bell())).toBe('6');

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Start guest session' }));
    await advance();
    expect(badgeOf(bell())).toBeNull();
    expect(localStorage.getItem(NOTIFICATIONS_CACHE_KEY)).toBeNull();
    await advance(NOTIFICATIONS_DELAY_MS);
    expect(reads().map(({ authCode }) => authCode)).toEqual(['stored-code', 'guest']);
    expect(badgeOf(bell())).toBe('2');
  });
});
