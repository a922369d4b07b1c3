import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@/lib/auth/types';
import { deferred } from '@/testing/deferred';
import { callsTo, fakeCms, strapiError } from '@/testing/fake-cms';
import { meFixture, storeSignedIn, superadminFixture } from '@/testing/fixtures';
import { advance, findPageHeading, renderApp } from '@/testing/render-app';
import {
  CHECKING_GUEST_CODE,
  GUEST_CHECK_MS,
  GUEST_REDIRECT_MS,
  GUEST_SESSION_REFUSED,
  GUEST_SESSION_SET,
} from '../pages/guest-session-page';

afterEach(() => {
  vi.useRealTimers();
});

describe('/confirm_email/:code', () => {
  it('checks the code, then says the email is confirmed and offers to sign in', async () => {
    const answer = deferred<unknown>();
    const { user, fetchMock } = renderApp(
      '/confirm_email/code-123',
      fakeCms({ routes: { 'POST /api/auth/confirm': () => answer.promise } }),
    );
    expect(await findPageHeading('Confirm Email')).toBeInTheDocument();
    expect(screen.getByText('Checking your confirmation code…')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Confirm Email @ Wasabi Stallions Investor Portal'));

    answer.resolve({ success: true });
    expect(await screen.findByText('Your email is confirmed. You can sign in now.')).toBeInTheDocument();
    expect(screen.queryByText('Checking your confirmation code…')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/auth/confirm').map(({ body }) => body)).toEqual([{ code: 'code-123' }]);
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('dialog')).toHaveAccessibleName('Log In');
  });

  it('says when the code is invalid', async () => {
    renderApp(
      '/confirm_email/used-code',
      fakeCms({ routes: { 'POST /api/auth/confirm': () => strapiError(400, 'Invalid confirmation code') } }),
    );
    expect(await screen.findByText('Invalid confirmation code')).toBeInTheDocument();
    expect(screen.queryByText('Your email is confirmed. You can sign in now.')).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });
});

describe('/reset_password/:code', () => {
  async function fillPasswords(password: string, confirmation: string, cms = fakeCms()) {
    const app = renderApp('/reset_password/reset-code', cms);
    await findPageHeading('Reset Password');
    await app.user.type(screen.getByLabelText('New Password'), password);
    await app.user.type(screen.getByLabelText('Confirm Password'), confirmation);
    await app.user.click(screen.getByRole('button', { name: 'Save Password' }));
    return app;
  }

  it.each([
    ['a password under 6 characters', '12345', '12345', 'New Password', 'Password is too short'],
    ['a confirmation that differs', '123456', '123457', 'Confirm Password', 'Password mismatch'],
  ])('refuses %s without asking the CMS', async (_case, password, confirmation, field, message) => {
    const { fetchMock } = await fillPasswords(password, confirmation);
    expect(screen.getByLabelText(field)).toHaveClass('is-invalid');
    expect(screen.getByLabelText(field).parentElement).toHaveTextContent(message);
    expect(callsTo(fetchMock, 'POST /api/auth/reset/new')).toHaveLength(0);
  });

  it('accepts exactly 6 characters', async () => {
    const { fetchMock } = await fillPasswords(
      '123456',
      '123456',
      fakeCms({ routes: { 'POST /api/auth/reset/new': () => ({ success: true }) } }),
    );
    expect(await screen.findByText('Your password has been saved.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/auth/reset/new').map(({ body }) => body)).toEqual([
      { code: 'reset-code', password: '123456' },
    ]);
  });

  it.each(['Invalid or Expired Reset Code', 'Reset password code is required'])(
    "shows the CMS's refusal '%s'",
    async (message) => {
      await fillPasswords(
        'long-enough',
        'long-enough',
        fakeCms({ routes: { 'POST /api/auth/reset/new': () => strapiError(400, message) } }),
      );
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.queryByText('Your password has been saved.')).not.toBeInTheDocument();
    },
  );

  it('offers to sign in once the password is saved', async () => {
    const { user } = await fillPasswords(
      'long-enough',
      'long-enough',
      fakeCms({ routes: { 'POST /api/auth/reset/new': () => ({ success: true }) } }),
    );
    await screen.findByText('Your password has been saved.');
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('dialog')).toHaveAccessibleName('Log In');
  });
});

describe('/guest_session/:code', () => {
  const guest = meFixture({ displayName: 'Ann (guest)', isGuestSession: true });

  /**
   * The app settled on the dashboard, then sent to the guest page under fake timers: the page's waits start
   * when it mounts, and Testing Library's own waiting cannot run under fake timers.
   */
  async function visitGuestPage(me: Me, authCode: string, startAnswer: () => unknown) {
    storeSignedIn(me, authCode);
    const app = renderApp('/dashboard', fakeCms({ me, routes: { 'POST /api/auth/guest/start': startAnswer } }));
    await findPageHeading('Dashboard');
    vi.useFakeTimers();
    act(() => {
      window.history.pushState(null, '', '/guest_session/guest-123');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await advance();
    expect(screen.getByRole('heading', { level: 1, name: 'Guest Session' })).toBeInTheDocument();
    return app;
  }

  it(`checks for ${GUEST_CHECK_MS} ms, starts the guest session as the superadmin, then goes home after ${GUEST_REDIRECT_MS} ms`, async () => {
    const { fetchMock } = await visitGuestPage(superadminFixture(), 'superadmin-code', () => ({
      me: guest,
      authCode: 'guest-code',
    }));
    expect(screen.getByText(CHECKING_GUEST_CODE)).toBeInTheDocument();
    await advance(GUEST_CHECK_MS - 1);
    expect(callsTo(fetchMock, 'POST /api/auth/guest/start')).toHaveLength(0);
    await advance(1);
    expect(callsTo(fetchMock, 'POST /api/auth/guest/start').map(({ body, authCode }) => [body, authCode])).toEqual([
      [{ code: 'guest-123' }, 'superadmin-code'],
    ]);
    expect(screen.getByText(GUEST_SESSION_SET)).toBeInTheDocument();
    expect(localStorage.getItem('authCode')).toBe('guest-code');
    expect(JSON.parse(localStorage.getItem('user') ?? '')).toEqual(guest);
    expect(screen.getByRole('button', { name: 'Log Guest Out' })).toBeInTheDocument();

    await advance(GUEST_REDIRECT_MS - 1);
    expect(window.location.pathname).toBe('/guest_session/guest-123');
    await advance(1);
    // Home, which sends the (guest) user on to the dashboard.
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('refuses with the spec message when the CMS does', async () => {
    await visitGuestPage(meFixture(), 'user-code', () => strapiError(403, 'Forbidden'));
    await advance(GUEST_CHECK_MS);
    expect(screen.getByText(GUEST_SESSION_REFUSED)).toBeInTheDocument();
    expect(screen.queryByText(GUEST_SESSION_SET)).not.toBeInTheDocument();
    expect(localStorage.getItem('authCode')).toBe('user-code');
    await advance(GUEST_REDIRECT_MS);
    expect(window.location.pathname).toBe('/guest_session/guest-123');
  });
});
