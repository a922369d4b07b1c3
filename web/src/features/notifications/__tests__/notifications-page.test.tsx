import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserNotification } from '@portal/rules';
import { callsTo, type CmsRequest } from '@/testing/fake-cms';
import { meFixture } from '@/testing/fixtures';
import { findPageHeading, renderAppAs } from '@/testing/render-app';

/** 45 notifications, newest first, an hour apart back from 2026-11-29 12:00 UTC; every third one links somewhere. */
const ALL: UserNotification[] = Array.from({ length: 45 }, (_, index) => ({
  id: 45 - index,
  subject: `Notice ${45 - index}`,
  createdAt: new Date(Date.UTC(2026, 10, 29, 12) - index * 3_600_000).toISOString(),
  template: { name: 'news', color: index % 2 ? '#222255' : '#ffeb3b' },
  link: index % 3 === 0 ? '/dashboard/transactions' : null,
}));

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

/** The page for an investor whose devices read their notifications up to `serverReadAt`. */
function renderNotifications(url = '/notifications', serverReadAt?: string) {
  const me = meFixture({
    profileSettings: { timezone: 'America/Chicago', ...(serverReadAt && { notificationsReadAt: serverReadAt }) },
  });
  return renderAppAs(me, url, {
    routes: {
      'GET /api/notifications': ({ url: asked }: CmsRequest) => {
        const start = Number(asked.searchParams.get('offset') ?? 0);
        const limit = Number(asked.searchParams.get('limit'));
        return { items: ALL.slice(start, start + limit), total: ALL.length };
      },
      'POST /api/profile/notifications/read': ({ body }: CmsRequest) => ({
        success: true,
        notificationsReadAt: (body as { readAt: string }).readAt,
      }),
    },
  });
}

const shown = async () => {
  const list = await screen.findByRole('list', { name: 'Notifications' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
};

describe('/notifications', () => {
  it('lists twenty notifications a page, newest first, each with its time in the investor’s zone, paged on the CMS', async () => {
    const { fetchMock, user } = renderNotifications();
    expect(await findPageHeading('Notifications')).toBeInTheDocument();
    const first = await shown();
    expect(first).toHaveLength(20);
    expect(first[0]).toBe('Notice 45Nov 29, 2026, 6:00 AMNew');
    expect(Object.fromEntries(callsTo(fetchMock, 'GET /api/notifications')[0].url.searchParams)).toEqual({
      mine: 'true',
      populate: 'template',
      sort: '-createdAt',
      limit: '20',
      offset: '0',
    });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(async () => expect((await shown())[0]).toMatch(/^Notice 25/));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(async () => expect(await shown()).toHaveLength(5));
    expect(screen.getByRole('navigation', { name: 'Notifications pages' })).toHaveTextContent('of 3');
  });

  it('links each notification that asks something to where it acts', async () => {
    const { user } = renderNotifications();
    await shown();
    await user.click(screen.getByRole('link', { name: 'Notice 45' }));
    expect(await findPageHeading('Transactions')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard/transactions');
    expect(screen.queryByRole('link', { name: 'Notice 44' })).not.toBeInTheDocument();
  });

  it('marks New what came after the last read on any device, then marks everything read here and on the CMS', async () => {
    // Read on another device up to Notice 42; this browser read up to Notice 44 (the later counts).
    localStorage.setItem('readNotificationsAt', ALL[1].createdAt);
    const { fetchMock } = renderNotifications('/notifications', ALL[3].createdAt);
    const items = await shown();
    expect(items.filter((text) => text?.endsWith('New'))).toEqual(['Notice 45Nov 29, 2026, 6:00 AMNew']);
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/profile/notifications/read')).toHaveLength(1));
    const { readAt } = callsTo(fetchMock, 'POST /api/profile/notifications/read')[0].body as { readAt: string };
    expect(localStorage.getItem('readNotificationsAt')).toBe(readAt);
    expect(Date.parse(readAt)).toBeGreaterThan(Date.parse(ALL[0].createdAt));
  });

  it('says so when there are none', async () => {
    renderAppAs(meFixture(), '/notifications', {
      routes: { 'GET /api/notifications': () => ({ items: [], total: 0 }) },
    });
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });
});
