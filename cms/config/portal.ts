import path from 'path';
import { SIGNING_PROVIDERS, type PortalConfig, type SigningProviderName } from '../src/utils/portal-config';

function signingProvider(name: string): SigningProviderName {
  if (!(SIGNING_PROVIDERS as readonly string[]).includes(name))
    throw new Error(`SIGNING_PROVIDER must be one of ${SIGNING_PROVIDERS.join(', ')}, not "${name}"`);
  return name as SigningProviderName;
}

// Compiled to dist/config, so the CMS folder is two levels up; relative folders are taken from there.
const cmsRoot = path.resolve(__dirname, '..', '..');

/**
 * Sign-in, sessions and outside services. Read through portalConfig(strapi) at call time, so a test (or an admin
 * tool) can change one value with strapi.config.set('portal.…') without rebooting.
 */
export default ({ env }: { env: (name: string, fallback: string) => string }): PortalConfig => {
  // An empty line in .env (NAME=) means "the default", as it does for every variable in .env.example.
  const value = (name: string): string => env(name, '').trim();
  const text = (name: string, fallback: string): string => value(name) || fallback;
  const number = (name: string, fallback: number): number => {
    if (!value(name)) return fallback;
    const parsed = Number(value(name));
    if (!Number.isFinite(parsed) || parsed < 0)
      throw new Error(`${name} must be a non-negative number, not "${value(name)}"`);
    return parsed;
  };
  const httpUrl = (name: string): string => {
    if (value(name) && !/^https?:\/\/[^\s]+$/i.test(value(name)))
      throw new Error(`${name} must be an http(s) URL, not "${value(name)}"`);
    return value(name);
  };

  return {
    siteUrl: text('SITE_URL', 'http://localhost:5173'),
    sessionDays: number('AUTH_SESSION_DAYS', 30),
    rateLimit: {
      windowMs: number('AUTH_RATE_LIMIT_WINDOW_MS', 15 * 60 * 1000),
      ipMax: number('AUTH_RATE_LIMIT_IP_MAX', 50),
      accountMax: number('AUTH_RATE_LIMIT_ACCOUNT_MAX', 10),
      accountCeiling: number('AUTH_RATE_LIMIT_ACCOUNT_CEILING', 100),
      slowDownMs: number('AUTH_RATE_LIMIT_SLOW_DOWN_MS', 2000),
    },
    captcha: {
      secretKey: value('RECAPTCHA_SECRET_KEY'),
      verifyUrl: text('RECAPTCHA_VERIFY_URL', 'https://www.google.com/recaptcha/api/siteverify'),
      minScore: number('RECAPTCHA_MIN_SCORE', 0.5),
    },
    google: { certsUrl: text('GOOGLE_CERTS_URL', 'https://www.googleapis.com/oauth2/v3/certs') },
    outboxDir: path.resolve(cmsRoot, text('EMAIL_OUTBOX_DIR', '.tmp/outbox')),
    mailchimp: {
      apiKey: value('MAILCHIMP_API_KEY'),
      listId: value('MAILCHIMP_LIST_ID'),
      apiUrl: value('MAILCHIMP_API_URL'),
    },
    privateFilesDir: path.resolve(cmsRoot, text('PRIVATE_FILES_DIR', '.tmp/private')),
    signing: {
      provider: signingProvider(text('SIGNING_PROVIDER', 'local')),
      certP12: value('SIGNING_CERT_P12'),
      certPassword: env('SIGNING_CERT_PASSWORD', ''),
      devCertFile: path.resolve(cmsRoot, '.tmp/signing/development-certificate.p12'),
      tsaUrl: httpUrl('SIGNING_TSA_URL'),
      tsaCa: value('SIGNING_TSA_CA'),
      contactEmail: value('SIGNING_CONTACT_EMAIL'),
      dropbox: {
        apiKey: value('DROPBOX_SIGN_API_KEY'),
        clientId: value('DROPBOX_SIGN_CLIENT_ID'),
        apiUrl: text('SIGNING_DROPBOX_API_URL', 'https://api.hellosign.com/v3'),
        testMode: value('DROPBOX_SIGN_TEST_MODE') !== 'false',
      },
    },
  };
};
