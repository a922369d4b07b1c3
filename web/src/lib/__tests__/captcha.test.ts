import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAPTCHA_BADGE_CLASS, CAPTCHA_BADGE_MS, captchaScriptUrl, captchaToken } from '../captcha';
import { SCRIPT_TIMEOUT_MS } from '../load-script';

const scriptsFor = (siteKey: string) => document.head.querySelectorAll(`script[src="${captchaScriptUrl(siteKey)}"]`);
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('captchaToken', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    delete window.grecaptcha;
  });

  it("answers '' and loads nothing when the portal has no site key", async () => {
    const before = document.head.querySelectorAll('script').length;
    await expect(captchaToken(null, 'login')).resolves.toBe('');
    await expect(captchaToken('', 'restore')).resolves.toBe('');
    expect(document.head.querySelectorAll('script')).toHaveLength(before);
    expect(document.documentElement).not.toHaveClass(CAPTCHA_BADGE_CLASS);
  });

  it('loads the reCAPTCHA v3 script once and asks it for a token per call, with the action', async () => {
    const execute = vi.fn((_key: string, { action }: { action: string }) => Promise.resolve(`token-${action}`));
    window.grecaptcha = { ready: (callback) => callback(), execute };
    const login = captchaToken('key-once', 'login');
    const [script] = scriptsFor('key-once');
    expect(script).toHaveAttribute('src', 'https://www.google.com/recaptcha/api.js?render=key-once');
    script.dispatchEvent(new Event('load'));
    await expect(login).resolves.toBe('token-login');
    await expect(captchaToken('key-once', 'restore')).resolves.toBe('token-restore');
    expect(scriptsFor('key-once')).toHaveLength(1);
    expect(execute.mock.calls).toEqual([
      ['key-once', { action: 'login' }],
      ['key-once', { action: 'restore' }],
    ]);
  });

  it(`shows the badge for ${CAPTCHA_BADGE_MS} ms from each request`, async () => {
    window.grecaptcha = { ready: (callback) => callback(), execute: () => Promise.resolve('token') };
    const token = captchaToken('key-badge', 'login');
    scriptsFor('key-badge')[0].dispatchEvent(new Event('load'));
    await token;
    expect(document.documentElement).toHaveClass(CAPTCHA_BADGE_CLASS);
    await vi.advanceTimersByTimeAsync(CAPTCHA_BADGE_MS - 500);
    // A second request keeps it up for another full 2 s.
    await captchaToken('key-badge', 'login');
    await vi.advanceTimersByTimeAsync(CAPTCHA_BADGE_MS - 1);
    expect(document.documentElement).toHaveClass(CAPTCHA_BADGE_CLASS);
    await vi.advanceTimersByTimeAsync(1);
    expect(document.documentElement).not.toHaveClass(CAPTCHA_BADGE_CLASS);
  });

  it("answers '' when the script fails, and tries to load it again next time", async () => {
    const failed = captchaToken('key-fails', 'login');
    scriptsFor('key-fails')[0].dispatchEvent(new Event('error'));
    await expect(failed).resolves.toBe('');
    expect(scriptsFor('key-fails')).toHaveLength(0);
    void captchaToken('key-fails', 'login');
    expect(scriptsFor('key-fails')).toHaveLength(1);
  });

  it(`answers '' when the script has not loaded after ${SCRIPT_TIMEOUT_MS} ms`, async () => {
    let token: string | undefined;
    void captchaToken('key-hangs', 'login').then((answer) => (token = answer));
    await vi.advanceTimersByTimeAsync(SCRIPT_TIMEOUT_MS - 1);
    expect(token).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(token).toBe('');
  });

  it("answers '' when reCAPTCHA refuses to give a token", async () => {
    window.grecaptcha = { ready: (callback) => callback(), execute: () => Promise.reject(new Error('bad key')) };
    const token = captchaToken('key-refused', 'login');
    scriptsFor('key-refused')[0].dispatchEvent(new Event('load'));
    await settle();
    await expect(token).resolves.toBe('');
  });
});
