import type { PortalConfig } from '../../utils/portal-config';
import type { CaptchaAction, CaptchaProvider } from './types';

const TIMEOUT_MS = 10_000;

interface SiteverifyAnswer {
  success?: boolean;
  score?: number;
  action?: string;
}

/** Google reCAPTCHA v3: the token must verify, for the same action, with at least the configured score. */
export function recaptcha({ secretKey, verifyUrl, minScore }: PortalConfig['captcha']): CaptchaProvider {
  return {
    enabled: true,
    async verify(token: unknown, action: CaptchaAction, remoteIp: string) {
      if (typeof token !== 'string' || !token) return false;
      const response = await fetch(verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: secretKey, response: token, remoteip: remoteIp }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`reCAPTCHA siteverify answered HTTP ${response.status}`);
      const answer = (await response.json()) as SiteverifyAnswer;
      return (
        answer.success === true &&
        answer.action === action &&
        typeof answer.score === 'number' &&
        answer.score >= minScore
      );
    },
  };
}
