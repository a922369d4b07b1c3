import type { CaptchaProvider } from './types';

/** No captcha: every request passes. The default, so the CMS needs no outside service. */
export const offCaptcha: CaptchaProvider = {
  enabled: false,
  async verify() {
    return true;
  },
};
