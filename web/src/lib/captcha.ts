import { loadScript } from './load-script';
import { withTimeout } from './with-timeout';

/** The reCAPTCHA v3 actions the CMS verifies: 'login' for sign-in and registration, 'restore' for reset. */
export type CaptchaAction = 'login' | 'restore';

/** The spec shows the reCAPTCHA badge for 2 s whenever a token is asked for. */
export const CAPTCHA_BADGE_MS = 2000;
/** Set on <html> while the badge may show; styles/theme.css hides `.grecaptcha-badge` otherwise. */
export const CAPTCHA_BADGE_CLASS = 'captcha-badge-visible';
const TOKEN_TIMEOUT_MS = 10000;

interface ReCaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: CaptchaAction }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: ReCaptcha;
  }
}

export function captchaScriptUrl(siteKey: string): string {
  return `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
}

let badgeTimer: ReturnType<typeof setTimeout> | undefined;

function showBadge() {
  document.documentElement.classList.add(CAPTCHA_BADGE_CLASS);
  clearTimeout(badgeTimer);
  badgeTimer = setTimeout(() => document.documentElement.classList.remove(CAPTCHA_BADGE_CLASS), CAPTCHA_BADGE_MS);
}

/**
 * A reCAPTCHA v3 token for `action`, or '' when the portal has no site key (captcha is off, nothing is
 * loaded) or Google cannot be reached. An empty token is still sent: the CMS then answers 'Invalid Captcha'
 * if it needed one, which the user is told, rather than the form hanging.
 */
export async function captchaToken(siteKey: string | null | undefined, action: CaptchaAction): Promise<string> {
  if (!siteKey) return '';
  showBadge();
  const grecaptcha = (await loadScript(captchaScriptUrl(siteKey))) ? window.grecaptcha : undefined;
  if (!grecaptcha) return '';
  const token = new Promise<string>((resolve, reject) => {
    grecaptcha.ready(() => {
      grecaptcha.execute(siteKey, { action }).then(resolve, reject);
    });
  });
  try {
    return await withTimeout(token, TOKEN_TIMEOUT_MS, 'reCAPTCHA did not answer');
  } catch {
    return '';
  }
}
