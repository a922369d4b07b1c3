import { beforeAll, describe, expect, it } from 'vitest';
import { useStrapi, type TestApp } from './helpers/strapi';
import { call, createUser, nextIp, signIn, uniqueEmail } from './helpers/auth';
import { PORTAL, USER, USER_AUTH } from '../src/utils/uids';

let app: TestApp;
let home: { id: number; slug: string };
let other: { id: number; slug: string };

const FAILED = 'Invalid username or password';

beforeAll(async () => {
  app = await useStrapi();
  const portals = app.strapi.db.query(PORTAL);
  home = await portals.create({
    data: { name: 'Session Home', slug: 'session-home', documentId: 'sessionhomeportal0000001' },
  });
  other = await portals.create({
    data: { name: 'Session Other', slug: 'session-other', documentId: 'sessionotherportal000001' },
  });
});

describe('POST /api/auth/auth', () => {
  it('signs in by email or username in any case and answers me and a session code', async () => {
    const email = uniqueEmail('sign-in');
    const user = await createUser(app, { email, firstName: 'Ann', lastName: 'Lee', portal: home.id });
    await app.strapi.db.query(USER).update({
      where: { id: user.id },
      data: {
        middleName: 'Marie',
        newsDocumentsCount: 3,
        profileSettings: { timezone: 'America/Chicago', other: 1 },
        city: 'Austin',
      },
    });

    const { status, body } = await call(app, 'POST', '/api/auth/auth', {
      username: email.toUpperCase(),
      password: user.password,
      portal: home.slug,
    });
    expect(status).toBe(200);
    expect(body.authCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.me).toEqual({
      id: user.id,
      documentId: user.documentId,
      username: email,
      email,
      firstName: 'Ann',
      middleName: 'Marie',
      lastName: 'Lee',
      fullName: 'Ann Marie Lee',
      displayName: 'Ann Marie Lee',
      level: 'user',
      canEditContentItems: false,
      isGuestSession: false,
      newsDocumentsCount: 3,
      profileSettings: { timezone: 'America/Chicago' },
      portal: 'session-home',
      isActive: true,
      accreditation: 0,
      accreditationDate: null,
      trustName: null,
      busEntityName: null,
      homePhone: null,
      mobilePhone: null,
      address1: null,
      address2: null,
      city: 'Austin',
      state: null,
      postalCode: null,
      country: null,
    });
    expect(body.me).not.toHaveProperty('password');
  });

  it('stores only the SHA-256 of the session code, with an expiry 30 days ahead', async () => {
    const user = await createUser(app, { email: uniqueEmail('hash') });
    const authCode = await signIn(app, user.email, user.password);
    const rows = await app.strapi.db.query(USER_AUTH).findMany({ where: { user: { id: user.id } } });
    expect(rows).toHaveLength(1);
    expect(rows[0].authCode).not.toBe(authCode);
    expect(rows[0].authCode).toMatch(/^[0-9a-f]{64}$/);
    const { createHash } = await import('node:crypto');
    expect(rows[0].authCode).toBe(createHash('sha256').update(authCode).digest('hex'));
    const days = (new Date(rows[0].expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(rows[0].isGuestSession).toBe(false);
  });

  it('gives superadmins content-edit rights and no one else', async () => {
    const superadmin = await createUser(app, { email: uniqueEmail('super'), level: 'superadmin' });
    const admin = await createUser(app, { email: uniqueEmail('admin'), level: 'admin' });
    const meOf = async (user: { email: string; password: string }) =>
      (await call(app, 'POST', '/api/auth/auth', { username: user.email, password: user.password })).body.me;
    expect((await meOf(superadmin)).canEditContentItems).toBe(true);
    expect((await meOf(admin)).canEditContentItems).toBe(false);
  });

  it('answers the same 401 for a wrong password, an unknown, unconfirmed or blocked user, and a user of another portal', async () => {
    const user = await createUser(app, { email: uniqueEmail('fail'), portal: home.id });
    const unconfirmed = await createUser(app, { email: uniqueEmail('unconfirmed'), isActive: false });
    const blocked = await createUser(app, { email: uniqueEmail('blocked'), blocked: true });
    const attempts = [
      { username: user.email, password: 'wrong-password' },
      { username: uniqueEmail('nobody'), password: 'whatever1' },
      { username: unconfirmed.email, password: unconfirmed.password },
      { username: blocked.email, password: blocked.password },
      { username: user.email, password: user.password, portal: other.slug },
    ];
    for (const attempt of attempts) {
      const { status, body } = await call(app, 'POST', '/api/auth/auth', attempt);
      expect(status, JSON.stringify(attempt)).toBe(401);
      expect(body.error.message).toBe(FAILED);
    }
  });

  it('answers 404 for a portal that does not exist', async () => {
    const user = await createUser(app, { email: uniqueEmail('no-such'), portal: home.id });
    const { status, body } = await call(app, 'POST', '/api/auth/auth', {
      username: user.email,
      password: user.password,
      portal: 'no-such-portal',
    });
    expect({ status, message: body.error.message }).toEqual({ status: 404, message: 'Portal not found' });
  });

  it("signs in on the portal of the request's Origin when none is named, and counts a user of no portal as the default portal's", async () => {
    const user = await createUser(app, { email: uniqueEmail('by-origin'), portal: home.id });
    await app.strapi.db
      .query(PORTAL)
      .update({ where: { id: home.id }, data: { domains: ['invest.session-home.example'] } });
    const byOrigin = (origin: string) =>
      call(app, 'POST', '/api/auth/auth', { username: user.email, password: user.password }, { headers: { origin } });
    expect((await byOrigin('https://invest.session-home.example')).status).toBe(200);
    expect((await byOrigin('https://elsewhere.example')).status).toBe(401);

    const portalLess = await createUser(app, { email: uniqueEmail('portal-less') });
    expect(
      (await call(app, 'POST', '/api/auth/auth', { username: portalLess.email, password: portalLess.password })).status,
    ).toBe(200);
    expect(
      (
        await call(app, 'POST', '/api/auth/auth', {
          username: portalLess.email,
          password: portalLess.password,
          portal: other.slug,
        })
      ).status,
    ).toBe(401);
  });

  it('refuses missing fields and wrong types with a 400 naming the problem', async () => {
    const cases: [unknown, string][] = [
      [{ password: 'x' }, 'username is required'],
      [{ username: 'a@b.c' }, 'password is required'],
      [{ username: 42, password: 'x' }, 'username must be a string'],
      [{ username: 'a@b.c', password: ['x'] }, 'password must be a string'],
      [{ username: 'a@b.c', password: 'x', portal: {} }, 'portal must be a string'],
      [[1, 2], 'The request body must be a JSON object'],
    ];
    for (const [body, message] of cases) {
      const response = await call(app, 'POST', '/api/auth/auth', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.message).toBe(message);
    }
    const none = await call(app, 'POST', '/api/auth/auth');
    expect(none.status).toBe(400);
  });
});

describe('GET /api/auth/me and POST /api/auth/logout', () => {
  it('answers 401 without a session code, or with an unknown one', async () => {
    expect((await call(app, 'GET', '/api/auth/me')).status).toBe(401);
    expect((await call(app, 'GET', '/api/auth/me', undefined, { authCode: 'not-a-session' })).status).toBe(401);
  });

  it("opens none of the plugins' own routes: a session cannot list, read or delete users, or read roles", async () => {
    const user = await createUser(app, { email: uniqueEmail('plugin-routes') });
    const neighbour = await createUser(app, { email: uniqueEmail('plugin-neighbour') });
    const authCode = await signIn(app, user.email, user.password);
    for (const [method, path] of [
      ['GET', '/api/users'],
      ['GET', `/api/users/${neighbour.id}`],
      ['GET', '/api/users/me'],
      ['DELETE', `/api/users/${neighbour.id}`],
      ['GET', '/api/users-permissions/roles'],
      ['GET', '/api/upload/files'],
    ] as const) {
      const answer = await call(app, method, path, undefined, { authCode });
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(JSON.stringify(answer.body), `${method} ${path}`).not.toContain(neighbour.email);
    }
    expect(await app.strapi.db.query(USER).findOne({ where: { id: neighbour.id } })).toMatchObject({
      email: neighbour.email,
    });
  });

  it('ends the session on logout: me answers 401 afterwards, and other sessions go on', async () => {
    const user = await createUser(app, { email: uniqueEmail('logout') });
    const first = await signIn(app, user.email, user.password);
    const second = await signIn(app, user.email, user.password);
    const me = await call(app, 'GET', '/api/auth/me', undefined, { authCode: first });
    expect(me.status).toBe(200);
    expect(me.body.me.email).toBe(user.email);

    expect(await call(app, 'POST', '/api/auth/logout', undefined, { authCode: first })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect((await call(app, 'GET', '/api/auth/me', undefined, { authCode: first })).status).toBe(401);
    expect((await call(app, 'GET', '/api/auth/me', undefined, { authCode: second })).status).toBe(200);
  });

  it('answers success to a logout without a session', async () => {
    expect(await call(app, 'POST', '/api/auth/logout')).toMatchObject({ status: 200, body: { success: true } });
  });

  it('refuses an expired session and forgets it', async () => {
    const user = await createUser(app, { email: uniqueEmail('expired') });
    const authCode = await signIn(app, user.email, user.password);
    const sessions = app.strapi.db.query(USER_AUTH);
    const [session] = await sessions.findMany({ where: { user: { id: user.id } } });
    await sessions.update({ where: { id: session.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await call(app, 'GET', '/api/auth/me', undefined, { authCode })).status).toBe(401);
    expect(await sessions.count({ where: { user: { id: user.id } } })).toBe(0);
  });

  it('refuses the session of a user blocked or deactivated since', async () => {
    const user = await createUser(app, { email: uniqueEmail('blocked-later') });
    const authCode = await signIn(app, user.email, user.password);
    const users = app.strapi.db.query(USER);
    await users.update({ where: { id: user.id }, data: { blocked: true } });
    expect((await call(app, 'GET', '/api/auth/me', undefined, { authCode })).status).toBe(401);
    await users.update({ where: { id: user.id }, data: { blocked: false, isActive: false } });
    expect((await call(app, 'GET', '/api/auth/me', undefined, { authCode })).status).toBe(401);
    await users.update({ where: { id: user.id }, data: { isActive: true } });
    expect((await call(app, 'GET', '/api/auth/me', undefined, { authCode })).status).toBe(200);
  });
});

describe('sign-in rate limits', () => {
  it('stops an address after 10 failed attempts on one account, while the owner still signs in from elsewhere', async () => {
    const user = await createUser(app, { email: uniqueEmail('limited') });
    const stranger = nextIp();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const { status } = await call(
        app,
        'POST',
        '/api/auth/auth',
        { username: user.email.toUpperCase(), password: 'wrong-password' },
        { ip: stranger },
      );
      expect(status).toBe(401);
    }
    const over = await call(
      app,
      'POST',
      '/api/auth/auth',
      { username: user.email, password: user.password },
      { ip: stranger },
    );
    expect(over.status).toBe(429);
    expect(over.body.error.message).toBe('Too many attempts. Please try again in 15 minutes.');
    // The owner, from their own address, is not locked out by the stranger's guesses.
    expect((await call(app, 'POST', '/api/auth/auth', { username: user.email, password: user.password })).status).toBe(
      200,
    );
  });

  it('does not count successful sign-ins against the account', async () => {
    const user = await createUser(app, { email: uniqueEmail('often') });
    const ip = nextIp();
    for (let attempt = 0; attempt < 12; attempt += 1) {
      expect(
        (await call(app, 'POST', '/api/auth/auth', { username: user.email, password: user.password }, { ip })).status,
      ).toBe(200);
    }
  });

  it('past the per-account ceiling of failures from everywhere, slows every attempt down but still lets the right password in', async () => {
    const limits = app.strapi.config.get('portal.rateLimit') as Record<string, number>;
    app.strapi.config.set('portal.rateLimit', { ...limits, accountCeiling: 3, slowDownMs: 400 });
    try {
      const user = await createUser(app, { email: uniqueEmail('spread') });
      const timed = async (password: string) => {
        const started = Date.now();
        const { status } = await call(app, 'POST', '/api/auth/auth', { username: user.email, password });
        return { status, waited: Date.now() - started };
      };
      for (let attempt = 0; attempt < 3; attempt += 1) expect((await timed('wrong-password')).status).toBe(401);
      const owner = await timed(user.password);
      expect(owner.status).toBe(200);
      expect(owner.waited).toBeGreaterThanOrEqual(400);
    } finally {
      app.strapi.config.set('portal.rateLimit', limits);
    }
  });

  it('counts a user name too long or too odd to store as it is like any other', async () => {
    const stranger = nextIp();
    const username = `${'ü'.repeat(200)}@example.com`;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const { status } = await call(
        app,
        'POST',
        '/api/auth/auth',
        { username, password: 'wrong-password' },
        { ip: stranger },
      );
      expect(status).toBe(401);
    }
    const over = await call(app, 'POST', '/api/auth/auth', { username, password: 'wrong-password' }, { ip: stranger });
    expect(over.status).toBe(429);
    expect(over.body.error.message).toBe('Too many attempts. Please try again in 15 minutes.');
  });

  it('stops an address after 50 attempts in the window, whatever the account', async () => {
    const ip = nextIp();
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const { status } = await call(
        app,
        'POST',
        '/api/auth/auth',
        { username: uniqueEmail('spray'), password: 'wrong-password' },
        { ip },
      );
      expect(status).toBe(401);
    }
    const user = await createUser(app, { email: uniqueEmail('after-spray') });
    const over = await call(app, 'POST', '/api/auth/auth', { username: user.email, password: user.password }, { ip });
    expect(over.status).toBe(429);
    expect(over.body.error.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect((await call(app, 'POST', '/api/auth/auth', { username: user.email, password: user.password })).status).toBe(
      200,
    );
  });
});

describe('the session read on every signed-in request', () => {
  it('answers the session, its user and their portal in one query, exactly as the query engine populates them', async () => {
    const email = uniqueEmail('one-query');
    const user = await createUser(app, { email, portal: home.id });
    await app.strapi.db.query(USER).update({
      where: { id: user.id },
      data: {
        profileSettings: { timezone: 'Europe/Paris' },
        accreditation: 2,
        accreditationDate: '2026-03-04',
        blocked: false,
        city: 'Lyon',
      },
    });
    const { body } = await call(app, 'POST', '/api/auth/auth', {
      username: email,
      password: user.password,
      portal: home.slug,
    });
    const { hashCode } = await import('../src/utils/codes');
    const engine = await app.strapi.db
      .query(USER_AUTH)
      .findOne({ where: { authCode: hashCode(body.authCode) }, populate: { user: { populate: { portal: true } } } });
    const { oneQueryRead } = await import('../src/utils/one-query-read');
    const read = oneQueryRead(app.strapi, 'api::session.user-auth', 'authCode', [
      { relation: 'user', as: 'user' },
      { relation: 'portal', as: 'portal', of: 'user' },
    ]);
    const queries: string[] = [];
    const listener = (query: { sql: string }) => queries.push(query.sql);
    app.strapi.db.connection.on('query', listener);
    const found = await read(hashCode(body.authCode));
    app.strapi.db.connection.off('query', listener);
    expect(queries).toHaveLength(1);
    const { user: engineUser, ...engineSession } = engine;
    const { portal: enginePortal, ...engineUserColumns } = engineUser;
    expect(found?.own).toEqual(engineSession);
    expect(found?.joined.user).toEqual(engineUserColumns);
    expect(found?.joined.portal).toEqual(enginePortal);
    expect(found?.joined.portal).toMatchObject({ slug: 'session-home' });
    // A user with no portal: the portal is null; an unknown code: nothing.
    const loner = await createUser(app, { email: uniqueEmail('no-portal') });
    const session = await app.strapi.db
      .query(USER_AUTH)
      .create({ data: { authCode: 'c'.repeat(64), user: loner.id, expiresAt: new Date(Date.now() + 60_000) } });
    expect((await read('c'.repeat(64)))?.joined).toMatchObject({ user: { id: loner.id }, portal: null });
    expect((await read('c'.repeat(64)))?.own).toMatchObject({ id: session.id });
    expect(await read('d'.repeat(64))).toBeNull();
  });
});
