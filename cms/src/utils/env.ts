/**
 * Secrets Strapi needs. Development and test get fixed, clearly-named defaults so `npm start` works on a fresh
 * machine; production refuses to start until every one is set, and names the missing ones (productionRefusals, at
 * the CMS's register). Reading the configuration is not starting: `strapi build` reads it to make the admin panel's
 * production bundle, on a machine that may hold no secrets at all.
 */
const SECRET_DEFAULTS: Record<string, string> = {
  APP_KEYS: 'devKeyOne,devKeyTwo,devKeyThree,devKeyFour',
  API_TOKEN_SALT: 'dev-api-token-salt',
  ADMIN_JWT_SECRET: 'dev-admin-jwt-secret',
  TRANSFER_TOKEN_SALT: 'dev-transfer-token-salt',
  JWT_SECRET: 'dev-jwt-secret',
  ENCRYPTION_KEY: 'dev-encryption-key',
};

export const isProduction = (): boolean => process.env.NODE_ENV === 'production';

/** Names of the secrets production would miss right now. */
export function missingSecrets(environment: NodeJS.ProcessEnv = process.env): string[] {
  return Object.keys(SECRET_DEFAULTS).filter((name) => !environment[name]?.trim());
}

/** A secret from env; outside production a missing one is its development default, in production it is empty. */
export function secret(name: keyof typeof SECRET_DEFAULTS & string): string {
  const value = process.env[name]?.trim();
  if (value) return value;
  return isProduction() ? '' : SECRET_DEFAULTS[name];
}

/**
 * Why production must not start with this environment, each as the sentence the start stops with: secrets missing,
 * no certificate to seal agreements, a time-stamping authority whose root is not pinned. Empty outside production.
 */
export function productionRefusals(environment: NodeJS.ProcessEnv = process.env): string[] {
  if (environment.NODE_ENV !== 'production') return [];
  const set = (name: string): boolean => Boolean(environment[name]?.trim());
  const refusals: string[] = [];
  const missing = missingSecrets(environment);
  if (missing.length)
    refusals.push(
      `Refusing to start in production without real secrets. Missing: ${missing.join(', ')}. ` +
        'Set them in the environment (see .env.example).',
    );
  if (!set('SIGNING_CERT_P12'))
    refusals.push(
      'Refusing to start in production without a certificate to seal agreements: set SIGNING_CERT_P12 (a .p12 file, or ' +
        'the file in base64) and SIGNING_CERT_PASSWORD (see .env.example).',
    );
  // A token is checked against SIGNING_TSA_CA, else any certificate made for time-stamping would do, including one a
  // network in between made up (the public authorities answer over plain HTTP).
  if (set('SIGNING_TSA_URL') && !set('SIGNING_TSA_CA'))
    refusals.push(
      'Refusing to start in production with SIGNING_TSA_URL but no SIGNING_TSA_CA: set SIGNING_TSA_CA to the ' +
        "time-stamping authority's root certificate (PEM, a file's path or the text), so only its tokens are taken (see docs/signing.md).",
    );
  return refusals;
}

/** Stops a production start that productionRefusals would refuse, with every reason in one message. */
export function refuseUnreadyProduction(environment: NodeJS.ProcessEnv = process.env): void {
  const refusals = productionRefusals(environment);
  if (refusals.length) throw new Error(refusals.join('\n'));
}

/** The app keys, a comma-separated list. */
export function appKeys(): string[] {
  return secret('APP_KEYS')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
}
