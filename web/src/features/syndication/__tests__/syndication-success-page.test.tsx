import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fakeCms } from '@/testing/fake-cms';
import { meFixture, storeSignedIn } from '@/testing/fixtures';
import { advance, findPageHeading, renderApp } from '@/testing/render-app';

afterEach(() => {
  vi.useRealTimers();
});

describe('/syndication/success/:synduserid', () => {
  it('waits 2 s, asks for the signing status refresh, then goes home (the dashboard when signed in)', async () => {
    const ann = meFixture();
    storeSignedIn(ann, 'ann-code');
    const { fetchMock } = renderApp(
      '/education',
      fakeCms({ me: ann, routes: { 'POST /api/syndication/sync_sign': () => ({ success: true }) } }),
    );
    await findPageHeading();
    // Timed from the page's mount, so the page is reached under fake timers, its code loaded beforehand.
    await import('../pages/syndication-success-page');
    vi.useFakeTimers();
    act(() => {
      window.history.pushState(null, '', '/syndication/success/synd-user-doc-11');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await advance();
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you for signing' })).toBeInTheDocument();

    await advance(1999);
    expect(callsTo(fetchMock, 'POST /api/syndication/sync_sign')).toHaveLength(0);
    await advance(1);
    expect(callsTo(fetchMock, 'POST /api/syndication/sync_sign').map(({ body, authCode }) => [body, authCode])).toEqual(
      [[{ id: 'synd-user-doc-11' }, 'ann-code']],
    );
    await advance();
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('is public, and still goes home when the refresh is refused', async () => {
    const { fetchMock } = renderApp('/education');
    await findPageHeading();
    await import('../pages/syndication-success-page');
    vi.useFakeTimers();
    act(() => {
      window.history.pushState(null, '', '/syndication/success/42');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await advance();
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you for signing' })).toBeInTheDocument();
    await advance(2000);
    await advance();
    expect(callsTo(fetchMock, 'POST /api/syndication/sync_sign')).toHaveLength(1);
    expect(window.location.pathname).toBe('/');
  });
});
