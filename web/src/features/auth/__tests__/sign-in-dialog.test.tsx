import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/providers/app-provider';
import { useSignInDialog } from '@/lib/auth/sign-in-dialog-context';
import { CAPTCHA_BADGE_CLASS, CAPTCHA_BADGE_MS, captchaScriptUrl } from '@/lib/captcha';
import { GOOGLE_SCRIPT_URL } from '@/lib/google';
import { type FakeCmsOptions, callsTo, fakeCms, strapiError } from '@/testing/fake-cms';
import { stubFetch } from '@/testing/fetch-stub';
import { meFixture } from '@/testing/fixtures';
import { advance, renderApp } from '@/testing/render-app';
import { GOOGLE_ERROR_MS } from '../components/google-sign-in-button';
import { FIELD_ERRORS_MS } from '../components/registration-form';
import { RESET_ERROR_MS } from '../components/reset-form';
import { SIGN_IN_ERROR_MS } from '../components/sign-in-form';

const ann = meFixture();
const signedIn = () => ({ me: ann, authCode: 'new-code' });

/** The app at '/', with the sign-in dialog opened by the header's `button`. */
async function openDialog(options: FakeCmsOptions = {}, button: 'Sign In' | 'Sign Up' = 'Sign In') {
  const app = renderApp('/', fakeCms(options));
  const header = await screen.findByRole('banner');
  await app.user.click(await within(header).findByRole('button', { name: button }));
  return { ...app, dialog: await screen.findByRole('dialog') };
}

async function fill(user: UserEvent, dialog: HTMLElement, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    await user.type(within(dialog).getByLabelText(label), value);
  }
}

const submit = (dialog: HTMLElement, name: string) => fireEvent.click(within(dialog).getByRole('button', { name }));

/** Settings with Google sign-in configured. */
const withGoogle = { settings: { signInWithGoogleClientId: 'client-1.apps.googleusercontent.com' } };

afterEach(() => {
  vi.useRealTimers();
});

describe('sign-in dialog: sign in', () => {
  it('sends the email as username with the portal and an empty captcha, then closes and signs in', async () => {
    const { user, dialog, fetchMock } = await openDialog({ routes: { 'POST /api/auth/auth': signedIn } });
    expect(dialog).toHaveAccessibleName('Log In');
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('type', 'password');
    await fill(user, dialog, { Email: 'ann@example.com', Password: 'secret-pass' });
    await user.click(within(dialog).getByRole('button', { name: 'Log In' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST /api/auth/auth').map(({ body }) => body)).toEqual([
      { username: 'ann@example.com', password: 'secret-pass', captcha: '', portal: 'wasabistallions' },
    ]);
    expect(localStorage.getItem('authCode')).toBe('new-code');
    expect(JSON.parse(localStorage.getItem('user') ?? '')).toEqual(ann);
    expect(await screen.findByRole('button', { name: 'Log Out' })).toBeInTheDocument();
  });

  it(`shows 'Invalid username or password' for ${SIGN_IN_ERROR_MS} ms after a refused sign-in`, async () => {
    const { user, dialog } = await openDialog({
      routes: { 'POST /api/auth/auth': () => strapiError(401, 'Invalid username or password') },
    });
    await fill(user, dialog, { Email: 'ann@example.com', Password: 'wrong' });
    vi.useFakeTimers();
    submit(dialog, 'Log In');
    await advance();
    expect(within(dialog).getByText('Invalid username or password')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Log In' })).toHaveClass('btn-danger');
    await advance(SIGN_IN_ERROR_MS - 1);
    expect(within(dialog).getByText('Invalid username or password')).toBeInTheDocument();
    await advance(1);
    expect(within(dialog).queryByText('Invalid username or password')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Log In' })).toHaveClass('btn-primary');
    expect(localStorage.getItem('authCode')).toBeNull();
  });

  it(`toasts 'Invalid Captcha' on a 422 instead of the credentials message`, async () => {
    const { user, dialog } = await openDialog({
      routes: { 'POST /api/auth/auth': () => strapiError(422, 'Invalid Captcha') },
    });
    await fill(user, dialog, { Email: 'ann@example.com', Password: 'secret-pass' });
    await user.click(within(dialog).getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Invalid Captcha')).toBeInTheDocument();
    expect(within(dialog).queryByText('Invalid username or password')).not.toBeInTheDocument();
  });

  it('offers Sign Up in the header and the dialog unless registration is disabled', async () => {
    const enabled = await openDialog();
    expect(within(enabled.dialog).getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    enabled.unmount();

    const { dialog, fetchMock } = await openDialog({ settings: { registrationDisabled: true } });
    expect(callsTo(fetchMock, 'POST /api/settings/load')).toHaveLength(1);
    expect(within(dialog).queryByRole('button', { name: 'Sign Up' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: 'Sign Up' })).not.toBeInTheDocument();
  });
});

describe('sign-in dialog: registration', () => {
  const registration = {
    Email: 'bob@example.com',
    'First Name': 'Bob',
    'Last Name': 'Builder',
    Password: 'secret-pass',
  };

  it('sends the registration with the email as username, then shows the welcome and leads back to sign-in', async () => {
    const { user, dialog, fetchMock } = await openDialog(
      { routes: { 'POST /api/auth/register': () => ({ me: ann, authCode: null, success: true }) } },
      'Sign Up',
    );
    expect(dialog).toHaveAccessibleName('Sign Up');
    await fill(user, dialog, registration);
    await user.click(within(dialog).getByRole('button', { name: 'Sign Up' }));

    expect(
      await within(dialog).findByText(
        'Welcome! Check your email and locate the confirmation email. Follow the steps in the email to confirm your email address.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/auth/register').map(({ body }) => body)).toEqual([
      {
        email: 'bob@example.com',
        username: 'bob@example.com',
        password: 'secret-pass',
        captcha: '',
        firstName: 'Bob',
        lastName: 'Builder',
        portal: 'wasabistallions',
      },
    ]);
    // No session until the email is confirmed.
    expect(localStorage.getItem('authCode')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(dialog).toHaveAccessibleName('Log In');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('bob@example.com');
  });

  it(`shows the CMS's field errors under their inputs for ${FIELD_ERRORS_MS} ms`, async () => {
    const fields = { email: 'Email is already taken', password: 'Password is too short' };
    const { user, dialog } = await openDialog(
      { routes: { 'POST /api/auth/register': () => strapiError(400, 'Invalid fields', { fields }) } },
      'Sign Up',
    );
    await fill(user, dialog, registration);
    vi.useFakeTimers();
    submit(dialog, 'Sign Up');
    await advance();
    const email = within(dialog).getByLabelText('Email');
    expect(email).toHaveClass('is-invalid');
    expect(email.parentElement).toHaveTextContent(fields.email);
    expect(within(dialog).getByLabelText('Password').parentElement).toHaveTextContent(fields.password);
    expect(within(dialog).getByLabelText('First Name')).not.toHaveClass('is-invalid');
    await advance(FIELD_ERRORS_MS - 1);
    expect(within(dialog).getByText(fields.email)).toBeInTheDocument();
    await advance(1);
    expect(within(dialog).queryByText(fields.email)).not.toBeInTheDocument();
    expect(email).not.toHaveClass('is-invalid');
  });

  it.each([
    ['a refused captcha', () => strapiError(422, 'Captcha failed'), 'Invalid Captcha'],
    ["the server's message", () => strapiError(403, 'Registration is disabled'), 'Registration is disabled'],
    ['a generic message without one', () => new Response('Bad gateway', { status: 502 }), 'Unexpected error'],
    ['the message of an unsuccessful answer', () => ({ success: false, message: 'Try later' }), 'Try later'],
  ])('toasts %s', async (_case, answer, message) => {
    const { user, dialog } = await openDialog({ routes: { 'POST /api/auth/register': answer } }, 'Sign Up');
    await fill(user, dialog, registration);
    await user.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(
      within(dialog).queryByText(
        'Welcome! Check your email and locate the confirmation email. Follow the steps in the email to confirm your email address.',
      ),
    ).not.toBeInTheDocument();
  });

  it("goes back to sign-in with 'Log In'", async () => {
    const { user, dialog } = await openDialog({}, 'Sign Up');
    await user.click(within(dialog).getByRole('button', { name: 'Log In' }));
    expect(dialog).toHaveAccessibleName('Log In');
  });

  it('falls back to sign-in when registration is asked for but disabled', async () => {
    function OpenRegistration() {
      const { open } = useSignInDialog();
      return <button onClick={() => open('registration')}>Register</button>;
    }
    async function requestRegistration(registrationDisabled: boolean) {
      const fetchMock = stubFetch(fakeCms({ settings: { registrationDisabled } }));
      const view = render(
        <AppProvider>
          <OpenRegistration />
        </AppProvider>,
      );
      await waitFor(() => expect(callsTo(fetchMock, 'POST /api/settings/load')).toHaveLength(1));
      await act(() => Promise.resolve());
      fireEvent.click(screen.getByRole('button', { name: 'Register' }));
      const name = screen.getByRole('dialog').getAttribute('aria-labelledby') ?? '';
      const title = document.getElementById(name)?.textContent;
      view.unmount();
      return title;
    }
    expect(await requestRegistration(false)).toBe('Sign Up');
    expect(await requestRegistration(true)).toBe('Log In');
  });
});

describe('sign-in dialog: password reset', () => {
  it('asks for a reset with the email as username and says what happens next', async () => {
    const { user, dialog, fetchMock } = await openDialog({
      routes: { 'POST /api/auth/reset': () => ({ success: true }) },
    });
    await user.type(within(dialog).getByLabelText('Email'), 'ann@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    expect(dialog).toHaveAccessibleName('Reset Password');
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveValue('ann@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));

    expect(
      await within(dialog).findByText(
        "If we found an account associated with that username, we've sent password reset instructions to the primary email address on the account.",
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/auth/reset').map(({ body }) => body)).toEqual([
      { username: 'ann@example.com', captcha: '' },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Back To Log In' }));
    expect(dialog).toHaveAccessibleName('Log In');
  });

  it(`shows an error for ${RESET_ERROR_MS} ms when the reset fails, and toasts a refused captcha`, async () => {
    let answer = () => strapiError(429, 'Too Many Requests');
    const { user, dialog } = await openDialog({ routes: { 'POST /api/auth/reset': () => answer() } });
    await user.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    await user.type(within(dialog).getByLabelText('Email'), 'ann@example.com');
    vi.useFakeTimers();
    submit(dialog, 'Reset Password');
    await advance();
    expect(within(dialog).getByText('Too Many Requests')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reset Password' })).toHaveClass('btn-danger');
    await advance(RESET_ERROR_MS - 1);
    expect(within(dialog).getByText('Too Many Requests')).toBeInTheDocument();
    await advance(1);
    expect(within(dialog).queryByText('Too Many Requests')).not.toBeInTheDocument();

    answer = () => strapiError(422, 'Invalid Captcha');
    submit(dialog, 'Reset Password');
    await advance();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid Captcha');
    expect(
      within(dialog).queryByText(
        "If we found an account associated with that username, we've sent password reset instructions to the primary email address on the account.",
      ),
    ).not.toBeInTheDocument();
  });
});

describe('sign-in dialog: captcha', () => {
  it("gets a token with action 'login' for sign-in and 'restore' for reset, showing the badge for 2 s", async () => {
    const siteKey = 'dialog-site-key';
    const execute = vi.fn((_key: string, { action }: { action: string }) => Promise.resolve(`token-${action}`));
    window.grecaptcha = { ready: (callback) => callback(), execute };
    const { user, dialog, fetchMock } = await openDialog({
      settings: { recaptchaSiteKey: siteKey },
      routes: {
        'POST /api/auth/auth': () => strapiError(401, 'no'),
        'POST /api/auth/reset': () => ({ success: true }),
      },
    });
    await fill(user, dialog, { Email: 'ann@example.com', Password: 'secret-pass' });
    vi.useFakeTimers();
    submit(dialog, 'Log In');
    const script = document.head.querySelector(`script[src="${captchaScriptUrl(siteKey)}"]`);
    expect(script).not.toBeNull();
    fireEvent.load(script!);
    await advance();
    expect(callsTo(fetchMock, 'POST /api/auth/auth')[0].body).toMatchObject({ captcha: 'token-login' });
    expect(document.documentElement).toHaveClass(CAPTCHA_BADGE_CLASS);
    await advance(CAPTCHA_BADGE_MS - 1);
    expect(document.documentElement).toHaveClass(CAPTCHA_BADGE_CLASS);
    await advance(1);
    expect(document.documentElement).not.toHaveClass(CAPTCHA_BADGE_CLASS);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    submit(dialog, 'Reset Password');
    await advance();
    expect(callsTo(fetchMock, 'POST /api/auth/reset')[0].body).toEqual({
      username: 'ann@example.com',
      captcha: 'token-restore',
    });
    expect(execute).toHaveBeenCalledWith(siteKey, { action: 'restore' });
    delete window.grecaptcha;
  });
});

describe('sign-in dialog: Google', () => {
  const googleButton = (dialog: HTMLElement) => within(dialog).queryByRole('button', { name: 'Sign In With Google' });

  it('offers Google in sign-in and registration only when a client id is set and it is not disabled', async () => {
    const configured = await openDialog(withGoogle);
    expect(googleButton(configured.dialog)).toBeInTheDocument();
    await configured.user.click(within(configured.dialog).getByRole('button', { name: 'Sign Up' }));
    expect(googleButton(configured.dialog)).toBeInTheDocument();
    await configured.user.click(within(configured.dialog).getByRole('button', { name: 'Log In' }));
    await configured.user.click(within(configured.dialog).getByRole('button', { name: 'Forgot password?' }));
    expect(googleButton(configured.dialog)).not.toBeInTheDocument();
    configured.unmount();

    const disabled = await openDialog({ settings: { ...withGoogle.settings, signInWithGoogleDisabled: true } });
    expect(googleButton(disabled.dialog)).not.toBeInTheDocument();
    disabled.unmount();

    const unconfigured = await openDialog();
    expect(googleButton(unconfigured.dialog)).not.toBeInTheDocument();
  });

  it("signs in with Google's credential, and turns the button red for 1 s when that fails", async () => {
    const initialize = vi.fn();
    window.google = { accounts: { id: { initialize, renderButton: vi.fn(), prompt: vi.fn() } } };
    let answer: () => unknown = () => strapiError(401, 'Invalid Google credential');
    const { dialog, fetchMock } = await openDialog({
      ...withGoogle,
      routes: { 'POST /api/auth/google': () => answer() },
    });
    const script = document.head.querySelector(`script[src="${GOOGLE_SCRIPT_URL}"]`);
    fireEvent.load(script!);
    await waitFor(() =>
      expect(initialize).toHaveBeenCalledWith(
        expect.objectContaining({ client_id: 'client-1.apps.googleusercontent.com' }),
      ),
    );
    const { callback } = initialize.mock.lastCall![0] as { callback: (response: { credential: string }) => void };

    vi.useFakeTimers();
    act(() => callback({ credential: 'bad-credential' }));
    await advance();
    expect(googleButton(dialog)).toHaveClass('btn-danger');
    await advance(GOOGLE_ERROR_MS - 1);
    expect(googleButton(dialog)).toHaveClass('btn-danger');
    await advance(1);
    expect(googleButton(dialog)).not.toHaveClass('btn-danger');
    vi.useRealTimers();

    answer = signedIn;
    act(() => callback({ credential: 'good-credential' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST /api/auth/google').map(({ body }) => body)).toEqual([
      { credential: 'bad-credential', portal: 'wasabistallions' },
      { credential: 'good-credential', portal: 'wasabistallions' },
    ]);
    expect(localStorage.getItem('authCode')).toBe('new-code');
    delete window.google;
  });

  it('turns the button red for 1 s when Google cannot be reached', async () => {
    const { dialog } = await openDialog(withGoogle);
    vi.useFakeTimers();
    fireEvent.click(googleButton(dialog)!);
    await advance();
    expect(googleButton(dialog)).toHaveClass('btn-danger');
    await advance(GOOGLE_ERROR_MS);
    expect(googleButton(dialog)).not.toHaveClass('btn-danger');
  });
});
