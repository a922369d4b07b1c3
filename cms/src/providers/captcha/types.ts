/** What a captcha token must prove: reCAPTCHA v3 action names the site uses. */
export type CaptchaAction = 'login' | 'restore';

/** A captcha check, picked by configuration. */
export interface CaptchaProvider {
  /** Whether tokens are checked at all (the site loads no captcha script when not). */
  readonly enabled: boolean;
  /** Whether `token` proves a person doing `action` (false for a missing or bad token); throws when the service cannot be asked. */
  verify(token: unknown, action: CaptchaAction, remoteIp: string): Promise<boolean>;
}
