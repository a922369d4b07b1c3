import type { Core } from '@strapi/strapi';

/** config/portal.ts: sign-in, sessions and the outside services, as env set them at boot. */
export interface PortalConfig {
  /** Where mail links point when the request's Origin is not a known site. */
  siteUrl: string;
  /** How long a session lasts. */
  sessionDays: number;
  /**
   * Per address: ipMax requests; per account and address: accountMax failures (then 429); per account from every
   * address: past accountCeiling failures each attempt waits slowDownMs.
   */
  rateLimit: { windowMs: number; ipMax: number; accountMax: number; accountCeiling: number; slowDownMs: number };
  /** Captcha is off while secretKey is empty. */
  captcha: { secretKey: string; verifyUrl: string; minScore: number };
  /** JWK set of Google's signing keys: an http(s) URL, or a file: URL for an offline key set. */
  google: { certsUrl: string };
  /** Where the embedded mail provider writes .eml files when no SMTP host is set. */
  outboxDir: string;
  /** The newsletter goes to Mailchimp while apiKey and listId are set; an empty apiUrl means the key's data centre. */
  mailchimp: { apiKey: string; listId: string; apiUrl: string };
}

/** The current portal configuration (read per call: tests change it at run time). */
export function portalConfig(strapi: Core.Strapi): PortalConfig {
  return strapi.config.get('portal') as PortalConfig;
}
