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
  /** Files no URL serves directly (agreements to sign, completed agreements): served only through short-lived links. */
  privateFilesDir: string;
  signing: SigningConfig;
}

export const SIGNING_PROVIDERS = ['local', 'dropbox-sign'] as const;
export type SigningProviderName = (typeof SIGNING_PROVIDERS)[number];

/** Who collects the investors' signatures, and the certificate that seals completed agreements. */
export interface SigningConfig {
  provider: SigningProviderName;
  /** The sealing certificate (PKCS#12): a path to the file or its content in base64; empty: the development one. */
  certP12: string;
  certPassword: string;
  /** Where the self-signed development certificate is made at first use and kept. */
  devCertFile: string;
  /** SIGNING_TSA_URL: an RFC 3161 time-stamping authority whose token every seal carries; empty: none. */
  tsaUrl: string;
  /** SIGNING_TSA_CA: the authority's root certificate(s), PEM (a file or the text); empty (outside production only): any certificate whose token verifies. */
  tsaCa: string;
  /** SIGNING_CONTACT_EMAIL: where the default e-sign disclosure tells signers to ask for paper or withdraw consent; empty: EMAIL_FROM's address. */
  contactEmail: string;
  /** Dropbox Sign's API: key (also the webhook's HMAC key), API app client id, base URL, test mode. */
  dropbox: { apiKey: string; clientId: string; apiUrl: string; testMode: boolean };
}

/** The current portal configuration (read per call: tests change it at run time). */
export function portalConfig(strapi: Core.Strapi): PortalConfig {
  return strapi.config.get('portal') as PortalConfig;
}
