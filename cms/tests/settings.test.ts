import { beforeAll, describe, expect, it } from 'vitest';
import { useStrapi, type TestApp, fixtureDocuments } from './helpers/strapi';
import { call, createUser, signIn, uniqueEmail } from './helpers/auth';
import { PORTAL, SETTING } from '../src/utils/uids';

let app: TestApp;
const codes: Record<'superadmin' | 'admin' | 'user', string> = { superadmin: '', admin: '', user: '' };

async function createSetting(name: string, value: unknown, levelToRead: string, levelToWrite = 'superadmin') {
  await fixtureDocuments(app, SETTING).create({ data: { name, value, levelToRead, levelToWrite } as never });
}

const load = async (authCode?: string, portal?: string) => {
  const { status, body } = await call(app, 'POST', '/api/settings/load', portal ? { portal } : {}, { authCode });
  expect(status).toBe(200);
  return body.settings as Record<string, unknown>;
};

beforeAll(async () => {
  app = await useStrapi();
  for (const level of ['superadmin', 'admin', 'user'] as const) {
    const user = await createUser(app, { email: uniqueEmail(`settings-${level}`), level });
    codes[level] = await signIn(app, user.email, user.password);
  }
  await createSetting('st.guestLevel', 'for everyone', 'guest');
  await createSetting('st.userLevel', 'for users', 'user');
  await createSetting('st.adminLevel', 'for admins', 'admin', 'admin');
  await createSetting('st.superadminLevel', 'for superadmins', 'superadmin');
  await app.strapi.db.query(PORTAL).create({
    data: {
      name: 'Settings Portal',
      slug: 'settings-portal',
      recaptchaSiteKey: 'site-key-1',
      signInWithGoogleClientId: 'client-1.apps',
    },
  });
});

describe('POST /api/settings/load', () => {
  it('gives visitors only the guest-level settings and the app switches as booleans', async () => {
    const settings = await load(undefined, 'settings-portal');
    expect(settings['st.guestLevel']).toBe('for everyone');
    expect(settings).not.toHaveProperty('st.userLevel');
    expect(settings).not.toHaveProperty('st.adminLevel');
    expect(settings).not.toHaveProperty('st.superadminLevel');
    expect(typeof settings.registrationDisabled).toBe('boolean');
    expect(typeof settings.signInWithGoogleDisabled).toBe('boolean');
  });

  it('gives each level what it may read', async () => {
    const user = await load(codes.user);
    expect(user).toMatchObject({ 'st.guestLevel': 'for everyone', 'st.userLevel': 'for users' });
    expect(user).not.toHaveProperty('st.adminLevel');
    const admin = await load(codes.admin);
    expect(admin).toMatchObject({ 'st.userLevel': 'for users', 'st.adminLevel': 'for admins' });
    expect(admin).not.toHaveProperty('st.superadminLevel');
    expect(await load(codes.superadmin)).toMatchObject({
      'st.adminLevel': 'for admins',
      'st.superadminLevel': 'for superadmins',
    });
    // An unknown session code reads as a visitor.
    expect(await load('not-a-session')).not.toHaveProperty('st.userLevel');
  });

  it("adds the portal's Google client id unless Google sign-in is disabled, and no captcha key while captcha is off", async () => {
    const settings = await load(undefined, 'settings-portal');
    expect(settings.signInWithGoogleClientId).toBe('client-1.apps');
    expect(settings).not.toHaveProperty('recaptchaSiteKey');

    await createSetting('signInWithGoogleDisabled', true, 'guest');
    try {
      const disabled = await load(undefined, 'settings-portal');
      expect(disabled.signInWithGoogleDisabled).toBe(true);
      expect(disabled).not.toHaveProperty('signInWithGoogleClientId');
    } finally {
      await app.strapi.db.query(SETTING).deleteMany({ where: { name: 'signInWithGoogleDisabled' } });
    }
  });

  it("uses the default portal's keys when no portal is named", async () => {
    const fallback = await app.strapi.db.query(PORTAL).findOne({ orderBy: [{ isDefault: 'desc' }, { id: 'asc' }] });
    const settings = await load();
    expect(settings.signInWithGoogleClientId).toBe(fallback.signInWithGoogleClientId ?? undefined);
  });

  it('refuses a wrong portal type with a 400', async () => {
    expect((await call(app, 'POST', '/api/settings/load', { portal: 3 })).status).toBe(400);
  });
});

describe('POST /api/settings/persist', () => {
  it('answers 401 signed out', async () => {
    expect((await call(app, 'POST', '/api/settings/persist', { settings: { 'st.guestLevel': 'x' } })).status).toBe(401);
  });

  it('lets a caller change only the settings whose write level they hold', async () => {
    const adminWrites = await call(
      app,
      'POST',
      '/api/settings/persist',
      { settings: { 'st.adminLevel': 'changed by admin' } },
      { authCode: codes.admin },
    );
    expect(adminWrites).toMatchObject({ status: 200, body: { success: true } });
    expect((await load(codes.admin))['st.adminLevel']).toBe('changed by admin');

    const refused = await call(
      app,
      'POST',
      '/api/settings/persist',
      { settings: { 'st.adminLevel': 'user was here', 'st.userLevel': 'x' } },
      { authCode: codes.user },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/st\.(adminLevel|userLevel)/);
    // Nothing of a refused call is saved.
    expect((await load(codes.admin))['st.adminLevel']).toBe('changed by admin');

    const superadminOnly = await call(
      app,
      'POST',
      '/api/settings/persist',
      { settings: { 'st.superadminLevel': 'x' } },
      { authCode: codes.admin },
    );
    expect(superadminOnly.status).toBe(403);
  });

  it('creates missing settings with the given levels (superadmin by default), for admins and above only', async () => {
    const created = await call(
      app,
      'POST',
      '/api/settings/persist',
      { settings: { 'st.newPublic': 1 }, levelToRead: 'guest', levelToWrite: 'admin' },
      { authCode: codes.admin },
    );
    expect(created.status).toBe(200);
    expect((await load())['st.newPublic']).toBe(1);
    const row = await app.strapi.db.query(SETTING).findOne({ where: { name: 'st.newPublic' } });
    expect(row).toMatchObject({ levelToRead: 'guest', levelToWrite: 'admin', value: 1 });

    await call(
      app,
      'POST',
      '/api/settings/persist',
      { settings: { 'st.newDefault': 'd' } },
      { authCode: codes.superadmin },
    );
    expect(await app.strapi.db.query(SETTING).findOne({ where: { name: 'st.newDefault' } })).toMatchObject({
      levelToRead: 'superadmin',
      levelToWrite: 'superadmin',
    });

    // A user cannot create one (say, an app switch that is not stored yet), even with levels they hold.
    const byUser = await call(
      app,
      'POST',
      '/api/settings/persist',
      { settings: { 'st.planted': true }, levelToWrite: 'user' },
      { authCode: codes.user },
    );
    expect(byUser.status).toBe(403);
    const above = await call(
      app,
      'POST',
      '/api/settings/persist',
      { settings: { 'st.x': 1 }, levelToWrite: 'superadmin' },
      { authCode: codes.admin },
    );
    expect(above.status).toBe(403);
    expect(await app.strapi.db.query(SETTING).count({ where: { name: { $in: ['st.planted', 'st.x'] } } })).toBe(0);
  });

  it('saves a new setting sent several times at the same moment once, every save answered 200', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        call(app, 'POST', '/api/settings/persist', { settings: { 'st.raced': index } }, { authCode: codes.superadmin }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await app.strapi.db.query(SETTING).count({ where: { name: 'st.raced' } })).toBe(1);
  });

  it('refuses malformed input with a 400 and a message', async () => {
    const cases: unknown[] = [
      {},
      { settings: 'x' },
      { settings: [] },
      { settings: {} },
      { settings: { 'bad name!': 1 } },
      { settings: { ok: 1 }, levelToRead: 'root' },
      { settings: { ok: 1 }, levelToWrite: 7 },
      { settings: { ok: 'x'.repeat(100_001) } },
    ];
    for (const body of cases) {
      const response = await call(app, 'POST', '/api/settings/persist', body, { authCode: codes.superadmin });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.error.message).toBeTruthy();
    }
  });
});

describe('setting values', () => {
  const values: [string, unknown][] = [
    ['false', false],
    ['true', true],
    ['zero', 0],
    ['one', 1],
    ['fraction', -2.5],
    ['text', 'hello'],
    ['empty', ''],
    ['numericText', '123'],
    ['booleanText', 'true'],
    ['nullText', 'null'],
    ['quotedText', '"quoted"'],
    ['jsonText', '{"a":1}'],
    ['object', { a: 1, nested: { b: [true, null, 'x'] } }],
    ['array', [1, 'two', false]],
    ['nothing', null],
  ];

  it('read back exactly as written, through the API and the document service', async () => {
    const settings = Object.fromEntries(values.map(([name, value]) => [`rt.${name}`, value]));
    const saved = await call(
      app,
      'POST',
      '/api/settings/persist',
      { settings, levelToRead: 'guest' },
      { authCode: codes.superadmin },
    );
    expect(saved.status).toBe(200);
    const loaded = await load();
    for (const [name, value] of values) expect(loaded[`rt.${name}`], name).toStrictEqual(value);

    // Updates too, and every other reader (admin panel, seed) goes through the same layer.
    await call(
      app,
      'POST',
      '/api/settings/persist',
      { settings: { 'rt.false': true, 'rt.text': 0 } },
      { authCode: codes.superadmin },
    );
    const rows = await fixtureDocuments(app, SETTING).findMany({
      filters: { name: { $in: ['rt.false', 'rt.text', 'rt.numericText'] } },
    });
    expect(Object.fromEntries(rows.map((row) => [row.name, row.value]))).toStrictEqual({
      'rt.false': true,
      'rt.text': 0,
      'rt.numericText': '123',
    });
  });

  it('read back a false written by the document service as false (the seed writes it that way)', async () => {
    const created = await fixtureDocuments(app, SETTING).create({
      data: { name: 'rt.seeded', value: false, levelToRead: 'guest' } as never,
    });
    expect(created.value).toBe(false);
    expect((await fixtureDocuments(app, SETTING).findOne({ documentId: created.documentId }))?.value).toBe(false);
    expect((await load())['rt.seeded']).toBe(false);
  });
});
