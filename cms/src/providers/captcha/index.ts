import type { PortalConfig } from '../../utils/portal-config';
import { offCaptcha } from './off';
import { recaptcha } from './recaptcha';
import type { CaptchaProvider } from './types';
export type { CaptchaAction, CaptchaProvider } from './types';

/** The embedded default (off) without RECAPTCHA_SECRET_KEY, Google reCAPTCHA v3 with it. */
export function captchaProvider(config: PortalConfig['captcha']): CaptchaProvider {
  return config.secretKey ? recaptcha(config) : offCaptcha;
}
