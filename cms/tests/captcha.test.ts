import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useStrapi, type TestApp } from './helpers/strapi';
import { call, createUser, uniqueEmail, waitForMail } from './helpers/auth';
import { startStandIn, type StandIn } from './helpers/stand-in';
import { PORTAL } from '../src/utils/uids';

let app: TestApp;
let siteverify: StandIn;
let user: Awaited<ReturnType<typeof createUser>>;

/** What the stand-in siteverify answers for each test token. */
const ANSWERS: Record<string, unknown> = {
  'human-login': { success: true, score: 0.9, action: 'login' },
  'human-restore': { success: true, score: 0.7, action: 'restore' },
  'edge-login': { success: true, score: 0.5, action: 'login' },
  'bot-login': { success: true, score: 0.2, action: 'login' },
  'failed-login': { success: false, 'error-codes': ['invalid-input-response'] },
};

/** Changes the captcha configuration the running CMS reads on each request. */
const withCaptcha = (settings: Record<string, unknown>) =>
  app.strapi.config.set('portal.captcha', {
    ...(app.strapi.config.get('portal.captcha') as Record<string, unknown>),
    ...settings,
  });

beforeAll(async () => {
  app = await useStrapi();
  siteverify = await startStandIn(({ body }) => ({
    json: ANSWERS[new URLSearchParams(body).get('response') ?? ''] ?? { success: false },
  }));
  user = await createUser(app, { email: uniqueEmail('captcha') });
  await app.strapi.db
    .query(PORTAL)
    .create({ data: { name: 'Captcha Portal', slug: 'captcha-portal', recaptchaSiteKey: 'captcha-site-key' } });
});

afterAll(async () => {
  withCaptcha({ secretKey: '', verifyUrl: 'https://www.google.com/recaptcha/api/siteverify' });
  await siteverify.close();
});

describe('captcha off (no RECAPTCHA_SECRET_KEY)', () => {
  it('checks nothing and gives the site no key', async () => {
    withCaptcha({ secretKey: '' });
    expect((await call(app, 'POST', '/api/auth/auth', { username: user.email, password: user.password })).status).toBe(
      200,
    );
    expect(
      (
        await call(app, 'POST', '/api/auth/auth', {
          username: user.email,
          password: user.password,
          captcha: 'failed-login',
        })
      ).status,
    ).toBe(200);
    const { body } = await call(app, 'POST', '/api/settings/load', { portal: 'captcha-portal' });
    expect(body.settings).not.toHaveProperty('recaptchaSiteKey');
    expect(siteverify.requests).toHaveLength(0);
  });
});

describe('captcha on', () => {
  beforeAll(() => withCaptcha({ secretKey: 'test-secret', verifyUrl: `${siteverify.url}/siteverify`, minScore: 0.5 }));
  afterAll(() => withCaptcha({ secretKey: '' }));

  it('gives the site the portal key', async () => {
    const { body } = await call(app, 'POST', '/api/settings/load', { portal: 'captcha-portal' });
    expect(body.settings.recaptchaSiteKey).toBe('captcha-site-key');
  });

  it('signs in with a human token for the login action, sending the secret and token form-encoded', async () => {
    const before = siteverify.requests.length;
    const { status } = await call(
      app,
      'POST',
      '/api/auth/auth',
      { username: user.email, password: user.password, captcha: 'human-login' },
      { ip: '198.51.100.9' },
    );
    expect(status).toBe(200);
    const request = siteverify.requests[before];
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      secret: 'test-secret',
      response: 'human-login',
      remoteip: '198.51.100.9',
    });
    expect(
      (
        await call(app, 'POST', '/api/auth/auth', {
          username: user.email,
          password: user.password,
          captcha: 'edge-login',
        })
      ).status,
    ).toBe(200);
  });

  it('answers 422 Invalid Captcha for a low score, a failed check, the wrong action or no token', async () => {
    user = await createUser(app, { email: uniqueEmail('captcha-refused') });
    for (const captcha of ['bot-login', 'failed-login', 'human-restore', '', undefined, 42]) {
      const { status, body } = await call(app, 'POST', '/api/auth/auth', {
        username: user.email,
        password: user.password,
        captcha,
      });
      expect(status, String(captcha)).toBe(422);
      expect(body.error.message).toBe('Invalid Captcha');
    }
  });

  it('checks registration with the login action and reset with the restore action', async () => {
    const email = uniqueEmail('captcha-register');
    const registration = { email, username: email, password: 'Secret123', firstName: 'Cap', lastName: 'Tcha' };
    expect((await call(app, 'POST', '/api/auth/register', { ...registration, captcha: 'bot-login' })).status).toBe(422);
    expect((await call(app, 'POST', '/api/auth/register', { ...registration, captcha: 'human-login' })).status).toBe(
      200,
    );

    expect((await call(app, 'POST', '/api/auth/reset', { username: user.email, captcha: 'human-login' })).status).toBe(
      422,
    );
    expect(
      (await call(app, 'POST', '/api/auth/reset', { username: user.email, captcha: 'human-restore' })).status,
    ).toBe(200);
    await waitForMail(user.email, 'Reset your password');
  });

  it('refuses when the captcha service cannot be reached', async () => {
    // Each test signs in as its own account, below the per-account attempt limit.
    user = await createUser(app, { email: uniqueEmail('captcha-down') });
    withCaptcha({ verifyUrl: 'http://127.0.0.1:9/siteverify' });
    try {
      const { status, body } = await call(app, 'POST', '/api/auth/auth', {
        username: user.email,
        password: user.password,
        captcha: 'human-login',
      });
      expect(status).toBe(422);
      expect(body.error.message).toBe('Invalid Captcha');
    } finally {
      withCaptcha({ verifyUrl: `${siteverify.url}/siteverify` });
    }
  });

  it('respects RECAPTCHA_MIN_SCORE', async () => {
    user = await createUser(app, { email: uniqueEmail('captcha-score') });
    withCaptcha({ minScore: 0.95 });
    try {
      expect(
        (
          await call(app, 'POST', '/api/auth/auth', {
            username: user.email,
            password: user.password,
            captcha: 'human-login',
          })
        ).status,
      ).toBe(422);
    } finally {
      withCaptcha({ minScore: 0.5 });
    }
  });
});
