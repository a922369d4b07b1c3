import { beforeAll, describe, expect, it } from 'vitest';
import { useStrapi, type TestApp, fixtureDocuments } from './helpers/strapi';
import { call, createUser, signIn, uniqueEmail } from './helpers/auth';
import { GUEST_CODE } from '../src/utils/uids';

let app: TestApp;
let superadminCode: string;
let adminCode: string;
let target: Awaited<ReturnType<typeof createUser>>;

const REFUSED =
  'Code is wrong or you have no rights to perform guest session. You have to be signed here as superadmin.';

/** A guest code for the target user, made by the superadmin. */
async function guestCode(): Promise<string> {
  const { status, body } = await call(
    app,
    'POST',
    '/api/auth/guest',
    { userId: target.id },
    { authCode: superadminCode },
  );
  expect(status).toBe(200);
  return body.code;
}

beforeAll(async () => {
  app = await useStrapi();
  const superadmin = await createUser(app, { email: uniqueEmail('guest-super'), level: 'superadmin' });
  const admin = await createUser(app, { email: uniqueEmail('guest-admin'), level: 'admin' });
  target = await createUser(app, { email: uniqueEmail('guest-target'), firstName: 'Tara', lastName: 'Target' });
  superadminCode = await signIn(app, superadmin.email, superadmin.password);
  adminCode = await signIn(app, admin.email, admin.password);
});

describe('POST /api/auth/guest', () => {
  it('gives a superadmin a one-time code and the site path, keeping only its hash for 10 minutes', async () => {
    const { status, body } = await call(
      app,
      'POST',
      '/api/auth/guest',
      { userId: target.id },
      { authCode: superadminCode },
    );
    expect(status).toBe(200);
    expect(body.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.path).toBe(`/guest_session/${body.code}`);
    const rows = await app.strapi.db.query(GUEST_CODE).findMany({ where: { user: { id: target.id } } });
    expect(rows.map((row: { code: string }) => row.code)).not.toContain(body.code);
    const minutes = (new Date(rows[rows.length - 1].expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.9);
    expect(minutes).toBeLessThanOrEqual(10);
  });

  it('accepts the user documentId too', async () => {
    const { status } = await call(
      app,
      'POST',
      '/api/auth/guest',
      { userId: target.documentId },
      { authCode: superadminCode },
    );
    expect(status).toBe(200);
  });

  it('answers 401 signed out, 403 below superadmin, 400 for a bad id and 404 for an unknown user', async () => {
    expect((await call(app, 'POST', '/api/auth/guest', { userId: target.id })).status).toBe(401);
    const admin = await call(app, 'POST', '/api/auth/guest', { userId: target.id }, { authCode: adminCode });
    expect(admin.status).toBe(403);
    expect((await call(app, 'POST', '/api/auth/guest', { userId: 'x' }, { authCode: superadminCode })).status).toBe(
      400,
    );
    expect((await call(app, 'POST', '/api/auth/guest', {}, { authCode: superadminCode })).status).toBe(400);
    expect((await call(app, 'POST', '/api/auth/guest', { userId: 987654 }, { authCode: superadminCode })).status).toBe(
      404,
    );
  });
});

describe('POST /api/auth/guest/start', () => {
  it('opens a guest session as the user for a signed-in superadmin, once per code', async () => {
    const code = await guestCode();
    const { status, body } = await call(app, 'POST', '/api/auth/guest/start', { code }, { authCode: superadminCode });
    expect(status).toBe(200);
    expect(body.me).toMatchObject({
      id: target.id,
      email: target.email,
      isGuestSession: true,
      displayName: 'Tara Target',
    });
    const me = await call(app, 'GET', '/api/auth/me', undefined, { authCode: body.authCode });
    expect(me.body.me).toMatchObject({ id: target.id, isGuestSession: true });

    const again = await call(app, 'POST', '/api/auth/guest/start', { code }, { authCode: superadminCode });
    expect(again).toMatchObject({ status: 403, body: { error: { message: REFUSED } } });
  });

  it('refuses with the spec message when not signed in as superadmin, or for a wrong or expired code', async () => {
    const code = await guestCode();
    for (const authCode of [undefined, adminCode]) {
      const refused = await call(app, 'POST', '/api/auth/guest/start', { code }, { authCode });
      expect(refused).toMatchObject({ status: 403, body: { error: { message: REFUSED } } });
    }
    const wrong = await call(
      app,
      'POST',
      '/api/auth/guest/start',
      { code: 'wrong-code' },
      { authCode: superadminCode },
    );
    expect(wrong).toMatchObject({ status: 403, body: { error: { message: REFUSED } } });

    await app.strapi.db
      .query(GUEST_CODE)
      .updateMany({ where: { usedAt: { $null: true } }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await call(app, 'POST', '/api/auth/guest/start', { code }, { authCode: superadminCode });
    expect(expired).toMatchObject({ status: 403, body: { error: { message: REFUSED } } });
  });

  it('refuses every write of a guest session except logout', async () => {
    const { body } = await call(
      app,
      'POST',
      '/api/auth/guest/start',
      { code: await guestCode() },
      { authCode: superadminCode },
    );
    const guest = body.authCode;
    const writes: [string, string, unknown][] = [
      ['POST', '/api/settings/persist', { settings: { anything: 1 } }],
      ['POST', '/api/auth/register', { email: uniqueEmail('guest-write') }],
      ['POST', '/api/auth/guest', { userId: target.id }],
      ['PUT', `/api/users/${target.id}`, { firstName: 'Changed' }],
      ['DELETE', '/api/contents/abc', undefined],
      ['PATCH', '/api/some-future-route', {}],
      ['POST', '/api/auth/reset/new', { code: 'x', password: 'Secret123' }],
    ];
    for (const [method, route, payload] of writes) {
      const refused = await call(app, method, route, payload, { authCode: guest });
      expect(refused.status, `${method} ${route}`).toBe(403);
      expect(refused.body.error.message).toBe('A guest session is read-only');
    }
    // Reads work, and the same writes made without the guest code are not refused for that reason.
    expect(
      (await call(app, 'POST', '/api/settings/persist', { settings: { anything: 1 } }, { authCode: superadminCode }))
        .body.error?.message,
    ).not.toBe('A guest session is read-only');
    expect((await call(app, 'GET', '/api/auth/me', undefined, { authCode: guest })).status).toBe(200);
    // The site's reads made as POST still work for a guest.
    const settings = await call(app, 'POST', '/api/settings/load', {}, { authCode: guest });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    expect(settings.body.settings).toHaveProperty('registrationDisabled');
    await fixtureDocuments(app, 'api::portal.portal').create({ data: { name: 'Guest Reads', slug: 'guest-reads' } });
    const contents = await call(
      app,
      'POST',
      '/api/contents/byslug',
      { slug: ['footer-terms'], portal: 'guest-reads' },
      { authCode: guest },
    );
    expect(contents.status, JSON.stringify(contents.body)).toBe(200);

    expect(await call(app, 'POST', '/api/auth/logout', undefined, { authCode: guest })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect((await call(app, 'GET', '/api/auth/me', undefined, { authCode: guest })).status).toBe(401);
    expect((await call(app, 'GET', '/api/auth/me', undefined, { authCode: superadminCode })).status).toBe(200);
  });
});
