/**
 * Secrets Strapi needs. Development and test get fixed, clearly-named defaults so `npm start` works on a fresh
 * machine; production refuses to start until every one is set, and names the missing ones.
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

/** A secret from env; in production a missing one stops the start with a message naming all that are missing. */
export function secret(name: keyof typeof SECRET_DEFAULTS & string): string {
  const value = process.env[name]?.trim();
  if (value) return value;
  if (isProduction()) {
    throw new Error(
      `Refusing to start in production without real secrets. Missing: ${missingSecrets().join(', ')}. ` +
        'Set them in the environment (see .env.example).',
    );
  }
  return SECRET_DEFAULTS[name];
}

/** The app keys, a comma-separated list. */
export function appKeys(): string[] {
  return secret('APP_KEYS')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
}
