import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred } from '@/testing/deferred';
import { callsTo, fakeCms, strapiError } from '@/testing/fake-cms';
import { meFixture, storeSignedIn } from '@/testing/fixtures';
import { findPageHeading, renderApp, renderAppAs } from '@/testing/render-app';

const ann = meFixture();

const main = () => screen.getByRole('main');

describe('session restore', () => {
  it('checks a stored session with GET /api/auth/me, showing a spinner rather than the guard meanwhile', async () => {
    storeSignedIn(ann, 'stored-code');
    const answer = deferred<unknown>();
    const { fetchMock } = renderApp('/dashboard', fakeCms({ routes: { 'GET /api/auth/me': () => answer.promise } }));
    await screen.findByRole('banner');
    expect(within(main()).getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByText('Sign In Required')).not.toBeInTheDocument();
    // The stored user is shown at once.
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();

    answer.resolve({ me: { ...ann, displayName: 'Ann Renamed' } });
    expect(await findPageHeading('Dashboard')).toBeInTheDocument();
    expect(within(main()).getByText('Ann Renamed')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/auth/me').map(({ authCode }) => authCode)).toEqual(['stored-code']);
    expect(JSON.parse(localStorage.getItem('user') ?? '').displayName).toBe('Ann Renamed');
  });

  it('forgets all stored auth when the check fails', async () => {
    storeSignedIn(ann, 'expired-code');
    renderApp('/dashboard', fakeCms({ routes: { 'GET /api/auth/me': () => strapiError(401, 'Unauthorized') } }));
    expect(await findPageHeading('Sign In Required')).toBeInTheDocument();
    expect(await screen.findByRole('dialog')).toHaveAccessibleName('Log In');
    expect(localStorage.getItem('authCode')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('profileSettings')).toBeNull();
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('ignores a stored user without an auth code, and does not ask the CMS', async () => {
    localStorage.setItem('user', JSON.stringify(ann));
    localStorage.setItem('profileSettings', '{}');
    const { fetchMock } = renderApp('/dashboard', fakeCms({ me: ann }));
    expect(await findPageHeading('Sign In Required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/auth/me')).toHaveLength(0);
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('profileSettings')).toBeNull();
  });
});

describe('sign-out', () => {
  it.each([
    ['accepted', () => ({ success: true })],
    ['failed', () => strapiError(500, 'Internal Server Error')],
  ])('ends the session on the CMS (%s) and forgets it here', async (_case, logout) => {
    storeSignedIn(ann, 'live-code');
    const { user, fetchMock } = renderApp(
      '/dashboard',
      fakeCms({
        me: ann,
        contents: { 'footer-terms': { title: 'Terms', body: '<p>Terms text</p>' } },
        routes: { 'POST /api/auth/logout': logout },
      }),
    );
    await findPageHeading('Dashboard');
    expect(await screen.findByText('Terms text')).toBeInTheDocument();
    const termsReads = callsTo(fetchMock, 'POST /api/contents/byslug').length;
    const settingsLoads = callsTo(fetchMock, 'POST /api/settings/load').length;

    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/auth/logout').map(({ authCode }) => authCode)).toEqual(['live-code']);
    expect(localStorage.getItem('authCode')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('profileSettings')).toBeNull();
    expect(window.location.pathname).toBe('/');
    // What was cached with the session is read again without it.
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/contents/byslug').length).toBe(termsReads + 1));
    expect(await findPageHeading('Wasabi Stallions')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The visitor's settings, read once.
    const loadsSince = callsTo(fetchMock, 'POST /api/settings/load').slice(settingsLoads);
    expect(loadsSince.map(({ authCode }) => authCode)).toEqual([null]);
  });
});

describe('settings', () => {
  it('are loaded once for the portal and again for a new session', async () => {
    const { user, fetchMock } = renderApp(
      '/?portal=oakharbor',
      fakeCms({ routes: { 'POST /api/auth/auth': () => ({ me: ann, authCode: 'new-code' }) } }),
    );
    await findPageHeading('Oak Harbor Capital');
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign In' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Email'), 'ann@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Log In' }));
    await findPageHeading('Dashboard');

    const loads = callsTo(fetchMock, 'POST /api/settings/load');
    expect(loads.map(({ body, authCode }) => [body, authCode])).toEqual([
      [{ portal: 'oakharbor' }, null],
      [{ portal: 'oakharbor' }, 'new-code'],
    ]);
  });
});

describe('page guards', () => {
  it(`shows 'Sign In Required' to a visitor and opens the sign-in dialog; signing in shows the page`, async () => {
    const { user } = renderApp(
      '/profile',
      fakeCms({ routes: { 'POST /api/auth/auth': () => ({ me: ann, authCode: 'new-code' }) } }),
    );
    expect(await findPageHeading('Sign In Required')).toBeInTheDocument();
    expect(document.title).toBe(`Sign In Required @ Wasabi Stallions Investor Portal`);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleName('Log In');

    await user.type(within(dialog).getByLabelText('Email'), 'ann@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Log In' }));
    expect(await findPageHeading('Profile')).toBeInTheDocument();
    expect(within(main()).getByText('Ann Investor')).toBeInTheDocument();
  });

  it('lets the visitor reopen the dialog from the notice', async () => {
    const { user } = renderApp('/dashboard');
    await findPageHeading('Sign In Required');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(main()).getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('tells a signed-in user below the level that they may not see the page', async () => {
    const guest = meFixture({ level: 'guest' });
    renderAppAs(guest, '/dashboard');
    expect(await findPageHeading("You don't have rights to view this page :(")).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe("'/'", () => {
  it('sends a signed-in user on to /dashboard', async () => {
    renderAppAs(ann, '/');
    expect(await findPageHeading('Dashboard')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard');
    expect(within(main()).getByRole('link', { name: 'Account settings' })).toHaveAttribute('href', '/profile');
  });

  it('shows the homepage to a visitor', async () => {
    renderApp('/');
    expect(await findPageHeading('Wasabi Stallions')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });
});
