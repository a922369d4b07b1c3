import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fakeCms, strapiError } from '@/testing/fake-cms';
import { meFixture, storeSignedIn } from '@/testing/fixtures';
import { advance, findPageHeading, renderApp } from '@/testing/render-app';

afterEach(() => {
  vi.useRealTimers();
});

/**
 * Goes on from the page shown to the success page at `url`, as after signing. Timed from the page's mount, so it is
 * reached under fake timers, its code loaded beforehand.
 */
async function reachSuccessPage(url: string) {
  await findPageHeading();
  await import('../pages/syndication-success-page');
  vi.useFakeTimers();
  act(() => {
    window.history.pushState(null, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await advance();
}

describe('/syndication/success/:synduserid', () => {
  it('waits 2 s, asks for the signing status refresh, then goes home (the dashboard when signed in)', async () => {
    const ann = meFixture();
    storeSignedIn(ann, 'ann-code');
    const { fetchMock } = renderApp(
      '/education',
      fakeCms({ me: ann, routes: { 'POST /api/syndication/sync_sign': () => ({ success: true }) } }),
    );
    await reachSuccessPage('/syndication/success/synd-user-doc-11');
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

  it('still goes home when the refresh is refused', async () => {
    const ann = meFixture();
    storeSignedIn(ann, 'ann-code');
    const { fetchMock } = renderApp(
      '/education',
      fakeCms({
        me: ann,
        routes: { 'POST /api/syndication/sync_sign': () => strapiError(502, 'Dropbox Sign did not answer') },
      }),
    );
    await reachSuccessPage('/syndication/success/42');
    await advance(2000);
    await advance();
    expect(callsTo(fetchMock, 'POST /api/syndication/sync_sign')).toHaveLength(1);
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('is public: without a session it thanks the signer and offers to sign in, and asks nothing of sync_sign', async () => {
    const { fetchMock } = renderApp('/education');
    await reachSuccessPage('/syndication/success/42');
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you for signing' })).toBeInTheDocument();
    expect(screen.getByText('Your signature has been received.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to follow your investment' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    // Long past the 2 s: sync_sign needs a session, so it is not asked, and the page stays.
    await advance(10_000);
    expect(callsTo(fetchMock, 'POST /api/syndication/sync_sign')).toHaveLength(0);
    expect(window.location.pathname).toBe('/syndication/success/42');
    expect(screen.getByRole('link', { name: 'Sign in to follow your investment' })).toBeInTheDocument();
  });
});
