import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useStrapi, type TestApp, fixtureDocuments } from './helpers/strapi';
import { call, createUser, uniqueEmail } from './helpers/auth';
import { startStandIn, type StandIn } from './helpers/stand-in';
import { PORTAL, USER } from '../src/utils/uids';

let app: TestApp;
let certs: StandIn;
let portal: { id: number; slug: string };
let otherPortal: { id: number; slug: string };

const CLIENT_ID = 'portal-client.apps.googleusercontent.com';
const OTHER_CLIENT_ID = 'other-client.apps.googleusercontent.com';
const FAILED = 'Invalid Google credential';

const googleKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const strangerKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const KID = 'test-key-1';
const jwks = { keys: [{ ...googleKey.publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' }] };

interface TokenOptions {
  claims?: Record<string, unknown>;
  key?: crypto.KeyObject;
  header?: Record<string, unknown>;
}

/** A Google-style ID token, signed RS256 with the test key unless told otherwise. */
function idToken(email: string, { claims = {}, key = googleKey.privateKey, header = {} }: TokenOptions = {}): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = {
    iss: 'https://accounts.google.com',
    aud: CLIENT_ID,
    sub: `sub-${email}`,
    email,
    email_verified: true,
    given_name: 'Gail',
    family_name: 'Google',
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...claims,
  };
  const input = `${encode({ alg: 'RS256', typ: 'JWT', kid: KID, ...header })}.${encode(body)}`;
  return `${input}.${crypto.sign('RSA-SHA256', Buffer.from(input), key).toString('base64url')}`;
}

const google = (credential: string, portalSlug?: string, headers: Record<string, string> = {}) =>
  call(app, 'POST', '/api/auth/google', { credential, ...(portalSlug ? { portal: portalSlug } : {}) }, { headers });

beforeAll(async () => {
  app = await useStrapi();
  certs = await startStandIn(() => ({ headers: { 'cache-control': 'public, max-age=600' }, json: jwks }));
  app.strapi.config.set('portal.google.certsUrl', `${certs.url}/oauth2/v3/certs`);
  const portals = app.strapi.db.query(PORTAL);
  portal = await portals.create({
    data: { name: 'Google Portal', slug: 'google-portal', signInWithGoogleClientId: CLIENT_ID },
  });
  otherPortal = await portals.create({
    data: {
      name: 'Google Other',
      slug: 'google-other',
      domains: ['invest.google-other.example'],
      signInWithGoogleClientId: OTHER_CLIENT_ID,
    },
  });
});

afterAll(async () => {
  app.strapi.config.set('portal.google.certsUrl', 'https://www.googleapis.com/oauth2/v3/certs');
  await certs.close();
});

describe('POST /api/auth/google', () => {
  it('creates an active, confirmed account on first sign-in and signs the same account in afterwards', async () => {
    const email = uniqueEmail('google-new');
    const first = await google(idToken(email.toUpperCase()), portal.slug);
    expect(first.status).toBe(200);
    expect(first.body.authCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.body.me).toMatchObject({
      email,
      firstName: 'Gail',
      lastName: 'Google',
      isActive: true,
      level: 'user',
      portal: portal.slug,
    });
    const stored = await app.strapi.db.query(USER).findOne({ where: { email }, populate: { role: true } });
    expect(stored).toMatchObject({ provider: 'google', confirmed: true, isActive: true });
    expect(stored.role.type).toBe('authenticated');

    const second = await google(idToken(email), portal.slug);
    expect(second.status).toBe(200);
    expect(second.body.me.id).toBe(first.body.me.id);
    expect(await app.strapi.db.query(USER).count({ where: { email } })).toBe(1);
    expect((await call(app, 'GET', '/api/auth/me', undefined, { authCode: second.body.authCode })).body.me.email).toBe(
      email,
    );
  });

  it('fetches the keys once while their Cache-Control max-age lasts', async () => {
    const before = certs.requests.length;
    await google(idToken(uniqueEmail('google-cache')), portal.slug);
    await google(idToken(uniqueEmail('google-cache')), portal.slug);
    expect(certs.requests.length - before).toBeLessThanOrEqual(1);
    expect(certs.requests.every((request) => request.url === '/oauth2/v3/certs')).toBe(true);
  });

  it('refuses a bad signature, a wrong audience or issuer, an expired token, an unverified email and garbage', async () => {
    const email = uniqueEmail('google-bad');
    const tampered = idToken(email).split('.');
    tampered[1] = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(tampered[1], 'base64url').toString()), email: 'admin@example.com' }),
    ).toString('base64url');
    const cases: [string, string][] = [
      ['signed by another key', idToken(email, { key: strangerKey.privateKey })],
      ['tampered payload', tampered.join('.')],
      ['wrong audience', idToken(email, { claims: { aud: 'someone-else.apps.googleusercontent.com' } })],
      ['other portal audience', idToken(email, { claims: { aud: OTHER_CLIENT_ID } })],
      ['wrong issuer', idToken(email, { claims: { iss: 'https://evil.example.com' } })],
      ['expired', idToken(email, { claims: { exp: Math.floor(Date.now() / 1000) - 10 } })],
      ['email not verified', idToken(email, { claims: { email_verified: false } })],
      ['unknown key id', idToken(email, { header: { kid: 'unknown' } })],
      ['HS256', idToken(email, { header: { alg: 'HS256' } })],
      ['garbage', 'not.a.token'],
    ];
    for (const [label, credential] of cases) {
      const { status, body } = await google(credential, portal.slug);
      expect(status, label).toBe(401);
      expect(body.error.message, label).toBe(FAILED);
    }
    expect(await app.strapi.db.query(USER).count({ where: { email } })).toBe(0);
  });

  it("takes the portal from the request's Origin when none is named, accepts only its client id, and puts the new account there", async () => {
    const origin = { origin: 'https://invest.google-other.example' };
    const { status, body } = await google(
      idToken(uniqueEmail('google-other'), { claims: { aud: OTHER_CLIENT_ID } }),
      undefined,
      origin,
    );
    expect(status).toBe(200);
    expect(body.me.portal).toBe(otherPortal.slug);
    expect((await google(idToken(uniqueEmail('google-other')), undefined, origin)).status).toBe(401);
  });

  it('activates a pending registration, and refuses a blocked account or one of another portal', async () => {
    const pending = await createUser(app, { email: uniqueEmail('google-pending'), isActive: false, portal: portal.id });
    await app.strapi.db.query(USER).update({ where: { id: pending.id }, data: { confirmEmailCode: 'pending-hash' } });
    const activated = await google(idToken(pending.email), portal.slug);
    expect(activated.status).toBe(200);
    expect(activated.body.me.id).toBe(pending.id);

    const blocked = await createUser(app, { email: uniqueEmail('google-blocked'), blocked: true, portal: portal.id });
    expect((await google(idToken(blocked.email), portal.slug)).status).toBe(401);

    const elsewhere = await createUser(app, { email: uniqueEmail('google-elsewhere'), portal: otherPortal.id });
    expect((await google(idToken(elsewhere.email), portal.slug)).status).toBe(401);
  });

  it('answers 403 while Google sign-in is disabled, and 400 without a credential', async () => {
    expect((await call(app, 'POST', '/api/auth/google', {})).status).toBe(400);
    expect((await call(app, 'POST', '/api/auth/google', { credential: 12 })).status).toBe(400);
    const setting = await fixtureDocuments(app, 'api::setting.setting').create({
      data: { name: 'signInWithGoogleDisabled', value: true, levelToRead: 'guest' } as never,
    });
    try {
      const { status, body } = await google(idToken(uniqueEmail('google-disabled')), portal.slug);
      expect(status).toBe(403);
      expect(body.error.message).toBe('Sign in with Google is disabled');
    } finally {
      await fixtureDocuments(app, 'api::setting.setting').delete({ documentId: setting.documentId });
    }
  });

  it('reads the keys from a local file when GOOGLE_CERTS_URL is a file: URL (offline)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'google-jwks-'));
    const file = path.join(dir, 'jwks.json');
    fs.writeFileSync(file, JSON.stringify(jwks));
    app.strapi.config.set('portal.google.certsUrl', pathToFileURL(file).href);
    try {
      const before = certs.requests.length;
      expect((await google(idToken(uniqueEmail('google-file')), portal.slug)).status).toBe(200);
      expect(certs.requests.length).toBe(before);
    } finally {
      app.strapi.config.set('portal.google.certsUrl', `${certs.url}/oauth2/v3/certs`);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
