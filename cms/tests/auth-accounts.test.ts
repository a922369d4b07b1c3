import { beforeAll, describe, expect, it } from 'vitest';
import { useStrapi, type TestApp, fixtureDocuments } from './helpers/strapi';
import { call, createUser, mailsTo, nextIp, signIn, uniqueEmail, waitForMail } from './helpers/auth';
import { PORTAL, USER } from '../src/utils/uids';

let app: TestApp;
let portal: { id: number; slug: string };

/** Sets an app switch (a Setting readable by guests), as the seed does. */
async function setFlag(name: string, value: boolean) {
  const settings = fixtureDocuments(app, 'api::setting.setting');
  const [existing] = await settings.findMany({ filters: { name } });
  if (existing) await settings.update({ documentId: existing.documentId, data: { value } });
  else await settings.create({ data: { name, value, levelToRead: 'guest', levelToWrite: 'superadmin' } });
}

const registration = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  username: email,
  password: 'Secret123',
  firstName: 'Reg',
  lastName: 'Istrant',
  captcha: 'unused',
  ...extra,
});

beforeAll(async () => {
  app = await useStrapi();
  portal = await app.strapi.db
    .query(PORTAL)
    .create({ data: { name: 'Accounts Portal', slug: 'accounts-portal', domains: ['invest.example.org'] } });
});

describe('registration, confirmation and first sign-in', () => {
  it('registers an inactive user, mails the confirmation link, confirms it, and then signs in', async () => {
    const email = uniqueEmail('Register').replace('register', 'ReGister');
    const { status, body } = await call(
      app,
      'POST',
      '/api/auth/register',
      registration(email, { portal: portal.slug }),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      authCode: null,
      me: { email: email.toLowerCase(), username: email, level: 'user', isActive: false, portal: portal.slug },
    });

    const stored = await app.strapi.db.query(USER).findOne({ where: { id: body.me.id }, populate: { role: true } });
    expect(stored).toMatchObject({
      email: email.toLowerCase(),
      isActive: false,
      confirmed: false,
      level: 'user',
      provider: 'local',
      firstName: 'Reg',
      lastName: 'Istrant',
    });
    expect(stored.role.type).toBe('authenticated');
    expect(stored.password).toMatch(/^\$2[aby]\$/);

    // Not before the email is confirmed.
    expect((await call(app, 'POST', '/api/auth/auth', { username: email, password: 'Secret123' })).status).toBe(401);

    const mail = await waitForMail(email.toLowerCase(), 'Confirm your email');
    expect(mail.raw).toMatch(/^To: .+$/m);
    expect(mail.link).toBe(`http://localhost:5173/confirm_email/${mail.code}`);
    expect(stored.confirmEmailCode).not.toBe(mail.code);

    expect(await call(app, 'POST', '/api/auth/confirm', { code: mail.code })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    const authCode = await signIn(app, email, 'Secret123', { portal: portal.slug });
    const me = await call(app, 'GET', '/api/auth/me', undefined, { authCode });
    expect(me.body.me).toMatchObject({
      email: email.toLowerCase(),
      isActive: true,
      displayName: 'Reg Istrant',
      portal: portal.slug,
    });

    // The code works once.
    const again = await call(app, 'POST', '/api/auth/confirm', { code: mail.code });
    expect(again).toMatchObject({ status: 400, body: { error: { message: 'Invalid confirmation code' } } });
  });

  it('takes the username from the email when the body has none', async () => {
    const email = uniqueEmail('no-username');
    const { status, body } = await call(
      app,
      'POST',
      '/api/auth/register',
      registration(email, { username: undefined }),
    );
    expect(status).toBe(200);
    expect(body.me.username).toBe(email);
  });

  it('reports every field problem at once', async () => {
    const { status, body } = await call(app, 'POST', '/api/auth/register', {
      email: 'not-an-email',
      username: 'not-an-email',
      password: '12345',
      firstName: ' ',
      lastName: '',
    });
    expect(status).toBe(400);
    expect(body.error.details.fields).toEqual({
      email: 'Enter a valid email address',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      password: 'Password must be at least 6 characters',
    });
    const empty = await call(app, 'POST', '/api/auth/register', {});
    expect(Object.keys(empty.body.error.details.fields).sort()).toEqual(['email', 'firstName', 'lastName', 'password']);
  });

  it('refuses an email already registered, in any case', async () => {
    const existing = await createUser(app, { email: uniqueEmail('taken') });
    const { status, body } = await call(app, 'POST', '/api/auth/register', registration(existing.email.toUpperCase()));
    expect(status).toBe(400);
    expect(body.error.details.fields).toEqual({ email: 'This email is already registered' });
  });

  it('refuses wrong types with a 400 and an unknown portal with a 404', async () => {
    const typed = await call(app, 'POST', '/api/auth/register', registration(uniqueEmail('typed'), { firstName: 7 }));
    expect(typed).toMatchObject({ status: 400, body: { error: { message: 'firstName must be a string' } } });
    const unknown = await call(
      app,
      'POST',
      '/api/auth/register',
      registration(uniqueEmail('portal'), { portal: 'nowhere' }),
    );
    expect(unknown).toMatchObject({ status: 404, body: { error: { message: 'Portal not found' } } });
  });

  it('refuses an unknown or missing confirmation code', async () => {
    expect(await call(app, 'POST', '/api/auth/confirm', { code: 'nope' })).toMatchObject({
      status: 400,
      body: { error: { message: 'Invalid confirmation code' } },
    });
    expect(await call(app, 'POST', '/api/auth/confirm', {})).toMatchObject({
      status: 400,
      body: { error: { message: 'Invalid confirmation code' } },
    });
  });

  it('answers 403 while registration is disabled', async () => {
    await setFlag('registrationDisabled', true);
    try {
      const email = uniqueEmail('disabled');
      const { status, body } = await call(app, 'POST', '/api/auth/register', registration(email));
      expect(status).toBe(403);
      expect(body.error.message).toBe('Registration is disabled');
      expect(await app.strapi.db.query(USER).count({ where: { email } })).toBe(0);
    } finally {
      await setFlag('registrationDisabled', false);
    }
  });

  it('limits registrations per email', async () => {
    const email = uniqueEmail('register-limit');
    const ip = nextIp();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(
        (await call(app, 'POST', '/api/auth/register', registration(email, { firstName: '' }), { ip })).status,
      ).toBe(400);
    }
    expect((await call(app, 'POST', '/api/auth/register', registration(email), { ip })).status).toBe(429);
    expect((await call(app, 'POST', '/api/auth/register', registration(email))).status).toBe(200);
  });
});

describe('mail links', () => {
  const linkFor = async (origin: string | undefined) => {
    const email = uniqueEmail('origin');
    await call(app, 'POST', '/api/auth/register', registration(email), { headers: origin ? { origin } : {} });
    return (await waitForMail(email, 'Confirm your email')).link;
  };

  it('point at the site that asked when it is local, a portal domain or SITE_URL, else at SITE_URL', async () => {
    expect(await linkFor('http://127.0.0.1:4173')).toMatch(/^http:\/\/127\.0\.0\.1:4173\/confirm_email\//);
    expect(await linkFor('http://wasabi.localhost:5173')).toMatch(/^http:\/\/wasabi\.localhost:5173\/confirm_email\//);
    expect(await linkFor('https://invest.example.org')).toMatch(/^https:\/\/invest\.example\.org\/confirm_email\//);
    expect(await linkFor('http://localhost:5173')).toMatch(/^http:\/\/localhost:5173\/confirm_email\//);
    expect(await linkFor('https://evil.example.com')).toMatch(/^http:\/\/localhost:5173\/confirm_email\//);
    expect(await linkFor('javascript:alert(1)')).toMatch(/^http:\/\/localhost:5173\/confirm_email\//);
    expect(await linkFor(undefined)).toMatch(/^http:\/\/localhost:5173\/confirm_email\//);
  });

  it('escape what the user typed in the HTML part', async () => {
    const email = uniqueEmail('escape');
    await call(
      app,
      'POST',
      '/api/auth/register',
      registration(email, { firstName: '<b>Bold</b>', lastName: '"Quote" & Co' }),
    );
    const mail = await waitForMail(email, 'Confirm your email');
    expect(mail.text).toContain('&lt;b&gt;Bold&lt;/b&gt; &quot;Quote&quot; &amp; Co');
    expect(mail.text).not.toMatch(/<p>Hello <b>/);
  });
});

describe('password reset', () => {
  it('answers success whether or not the account exists, and mails only existing ones', async () => {
    const nobody = uniqueEmail('reset-nobody');
    expect(await call(app, 'POST', '/api/auth/reset', { username: nobody, captcha: 'x' })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    const user = await createUser(app, { email: uniqueEmail('reset-somebody') });
    expect(await call(app, 'POST', '/api/auth/reset', { username: user.email.toUpperCase() })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    await waitForMail(user.email, 'Reset your password');
    expect(mailsTo(nobody)).toEqual([]);
  });

  it('sets a new password once, ends every session, and keeps the old password from working', async () => {
    const user = await createUser(app, { email: uniqueEmail('reset-flow') });
    const oldSession = await signIn(app, user.email, user.password);
    await call(app, 'POST', '/api/auth/reset', { username: user.email });
    const mail = await waitForMail(user.email, 'Reset your password');
    expect(mail.link).toBe(`http://localhost:5173/reset_password/${mail.code}`);
    expect(mail.text).toContain('within 1 hour');
    const stored = await app.strapi.db.query(USER).findOne({ where: { id: user.id } });
    expect(stored.resetPasswordCode).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.resetPasswordCode).not.toBe(mail.code);

    expect(await call(app, 'POST', '/api/auth/reset/new', { code: mail.code, password: 'NewSecret456' })).toMatchObject(
      { status: 200, body: { success: true } },
    );
    expect((await call(app, 'GET', '/api/auth/me', undefined, { authCode: oldSession })).status).toBe(401);
    expect((await call(app, 'POST', '/api/auth/auth', { username: user.email, password: user.password })).status).toBe(
      401,
    );
    await signIn(app, user.email, 'NewSecret456');

    const again = await call(app, 'POST', '/api/auth/reset/new', { code: mail.code, password: 'Another789' });
    expect(again).toMatchObject({ status: 400, body: { error: { message: 'Invalid or Expired Reset Code' } } });
  });

  it('refuses a code older than one hour', async () => {
    const user = await createUser(app, { email: uniqueEmail('reset-expired') });
    await call(app, 'POST', '/api/auth/reset', { username: user.email });
    const mail = await waitForMail(user.email, 'Reset your password');
    const users = app.strapi.db.query(USER);
    await users.update({ where: { id: user.id }, data: { resetPasswordAt: new Date(Date.now() - 61 * 60 * 1000) } });
    const late = await call(app, 'POST', '/api/auth/reset/new', { code: mail.code, password: 'NewSecret456' });
    expect(late).toMatchObject({ status: 400, body: { error: { message: 'Invalid or Expired Reset Code' } } });
    // Just inside the hour it still works.
    await users.update({ where: { id: user.id }, data: { resetPasswordAt: new Date(Date.now() - 59 * 60 * 1000) } });
    expect((await call(app, 'POST', '/api/auth/reset/new', { code: mail.code, password: 'NewSecret456' })).status).toBe(
      200,
    );
  });

  it('answers the contract messages for a missing code, a short password and a wrong code', async () => {
    const cases: [unknown, string][] = [
      [{ password: 'Secret123' }, 'Reset password code is required'],
      [{ code: 'abc', password: '12345' }, 'Password is too short'],
      [{ code: 'abc' }, 'Password is too short'],
      [{ code: 'abc', password: 'Secret123' }, 'Invalid or Expired Reset Code'],
      [{ code: 5, password: 'Secret123' }, 'code must be a string'],
    ];
    for (const [body, message] of cases) {
      expect(await call(app, 'POST', '/api/auth/reset/new', body), JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { error: { message } },
      });
    }
  });

  it('refuses a reset request without a username', async () => {
    expect(await call(app, 'POST', '/api/auth/reset', {})).toMatchObject({
      status: 400,
      body: { error: { message: 'username is required' } },
    });
  });

  it('limits reset requests per account and reset attempts per address', async () => {
    const email = uniqueEmail('reset-limit');
    const from = nextIp();
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect((await call(app, 'POST', '/api/auth/reset', { username: email }, { ip: from })).status).toBe(200);
    expect((await call(app, 'POST', '/api/auth/reset', { username: email }, { ip: from })).status).toBe(429);

    const ip = '192.0.2.77';
    for (let attempt = 0; attempt < 50; attempt += 1) {
      expect(
        (await call(app, 'POST', '/api/auth/reset/new', { code: `guess-${attempt}`, password: 'Secret123' }, { ip }))
          .status,
      ).toBe(400);
    }
    const over = await call(app, 'POST', '/api/auth/reset/new', { code: 'guess', password: 'Secret123' }, { ip });
    expect(over).toMatchObject({
      status: 429,
      body: { error: { message: 'Too many attempts. Please try again in 15 minutes.' } },
    });
  });
});
