import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useStrapi } from './helpers/strapi';

const cmsDir = path.resolve(__dirname, '..');

// Booting compiles the TypeScript config into dist/, which these clean processes load.
beforeAll(() => useStrapi());

/**
 * Starts the compiled CMS the way `strapi start` does, as far as its register step (before any database), in a clean
 * process: production's refusals stop it there.
 */
function startCms(env: Record<string, string>, step: 'register' | 'read the configuration' = 'register') {
  const create = "require('@strapi/strapi').createStrapi({ appDir: process.cwd(), distDir: 'dist' })";
  const script =
    step === 'register'
      ? `${create}.register().then(() => console.log('registered'), (error) => { console.error(error.message); process.exit(1); });`
      : `const strapi = ${create}; console.log('read', JSON.stringify(strapi.config.get('admin.auth.secret')));`;
  return spawnSync(process.execPath, ['-e', script], {
    cwd: cmsDir,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '',
      STRAPI_TELEMETRY_DISABLED: 'true',
      DATABASE_FILENAME: '/tmp/never-opened.db',
      ...env,
    },
  });
}

describe('secrets', () => {
  it('refuses to start in production without real secrets and names the missing ones', () => {
    const result = startCms({ NODE_ENV: 'production', APP_KEYS: 'a,b', JWT_SECRET: 'j' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('Missing: API_TOKEN_SALT, ADMIN_JWT_SECRET, TRANSFER_TOKEN_SALT, ENCRYPTION_KEY');
  });

  it('reads its configuration in production without any secret, as `strapi build` does for the admin bundle', () => {
    const result = startCms({ NODE_ENV: 'production' }, 'read the configuration');
    expect(result.status).toBe(0);
    // No development default stands in for a production secret.
    expect(result.stdout).toContain('read ""');
  });

  const everySecret = {
    NODE_ENV: 'production',
    APP_KEYS: 'a,b',
    JWT_SECRET: 'j',
    API_TOKEN_SALT: 's',
    ADMIN_JWT_SECRET: 'x',
    TRANSFER_TOKEN_SALT: 't',
    ENCRYPTION_KEY: 'e',
  };

  it('refuses to start in production without a certificate to seal agreements', () => {
    const result = startCms(everySecret);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(
      'Refusing to start in production without a certificate to seal agreements: set SIGNING_CERT_P12',
    );
  });

  it('starts in production once every secret is set', () => {
    const result = startCms({ ...everySecret, SIGNING_CERT_P12: '/etc/portal/sealing.p12' });
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('registered');
  });

  it('refuses to start in production with a time-stamping authority whose root is not pinned', () => {
    const sealed = { ...everySecret, SIGNING_CERT_P12: '/etc/portal/sealing.p12' };
    const unpinned = startCms({ ...sealed, SIGNING_TSA_URL: 'http://timestamp.digicert.com' });
    expect(unpinned.status).not.toBe(0);
    expect(unpinned.stderr).toContain(
      'Refusing to start in production with SIGNING_TSA_URL but no SIGNING_TSA_CA: set SIGNING_TSA_CA',
    );
    const pinned = startCms({
      ...sealed,
      SIGNING_TSA_URL: 'http://timestamp.digicert.com',
      SIGNING_TSA_CA: '/etc/portal/tsa-root.pem',
    });
    expect(pinned.stderr).toBe('');
    expect(pinned.stdout).toContain('registered');
  });

  it('makes the development sealing certificate at the first start, outside production', () => {
    expect(fs.existsSync(path.join(cmsDir, '.tmp/signing/development-certificate.p12'))).toBe(true);
  });

  it('works in development with the documented defaults', () => {
    const result = startCms({ NODE_ENV: 'development' });
    expect(result.stdout).toContain('registered');
  });
});
