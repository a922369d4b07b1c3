import type { CaptchaAction } from '../providers/captcha';

/** The auth config of routes that need a session: the authcode header must open one (else 401). */
export const SESSION = { strategies: ['authcode'] };

/** Per-address and per-account attempt limits, then the captcha check, before the sign-in family of endpoints. */
export const guarded = (
  scope: string,
  {
    accountField,
    accountCounts,
    captcha,
  }: { accountField?: string; accountCounts?: 'failures' | 'every'; captcha?: CaptchaAction } = {},
) => [
  { name: 'global::rate-limit', config: { scope, accountField, accountCounts } },
  ...(captcha ? [{ name: 'global::captcha', config: { action: captcha } }] : []),
];
