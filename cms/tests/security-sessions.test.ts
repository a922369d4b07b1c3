import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/auth';
import { buildWorld, type World } from './helpers/security-world';
import { useStrapi, type TestApp } from './helpers/strapi';
import { PORTAL, SYND_USER, USER, USER_AUTH } from '../src/utils/uids';

/**
 * Sessions, CORS and mass assignment. Already proven elsewhere, not repeated here: an expired session is refused and
 * forgotten, logout ends one code and leaves the others (auth-sessions.test.ts); confirmation and reset codes work
 * once and a reset ends every session (auth-accounts.test.ts); guest codes work once, for 10 minutes
 * (auth-guest.test.ts). This file checks that a dead code opens nothing anywhere: not the routes that need a session,
 * and not the open routes that read the caller when one is sent.
 */

let app: TestApp;
let w: World;

beforeAll(async () => {
  app = await useStrapi();
  w = await buildWorld(app, 'secses');
});

/** Reads that a live code of Ann's opens, each with what it answers without one. */
const READS: [string, number][] = [
  ['/api/auth/me', 401],
  ['/api/syndication/mine', 401],
  ['/api/funds', 401],
  ['/api/synd_users?mine=true', 401],
  ['/api/notifications?mine=true', 401],
];

async function expectDead(code: string) {
  for (const [route, signedOut] of READS) {
    expect((await call(app, 'GET', route, undefined, { authCode: code })).status, route).toBe(signedOut);
  }
  const write = await call(app, 'PUT', `/api/users/${w.ann.id}`, { city: 'Dead' }, { authCode: code });
  expect(write.status).toBe(401);
}

describe('a dead session code opens nothing', () => {
  it('answers a revoked code (logged out) as no session on every route, open ones included', async () => {
    const code = await w.freshCode('ann');
    if (!code) throw new Error('no code');
    for (const [route] of READS)
      expect((await call(app, 'GET', route, undefined, { authCode: code })).status, route).toBe(200);
    await call(app, 'POST', '/api/auth/logout', undefined, { authCode: code });
    await expectDead(code);
  });

  it('answers an expired code as no session on every route', async () => {
    const code = await w.freshCode('ann');
    if (!code) throw new Error('no code');
    const [newest] = await app.strapi.db
      .query(USER_AUTH)
      .findMany({ where: { user: { id: w.ann.id } }, orderBy: { id: 'desc' }, limit: 1 });
    await app.strapi.db
      .query(USER_AUTH)
      .update({ where: { id: newest.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expectDead(code);
  });

  it('takes the code only from the authcode header, exactly as issued', async () => {
    const code = w.code('ann') ?? '';
    const altered = `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [
      altered,
      code.toLowerCase() === code ? code.toUpperCase() : code.toLowerCase(),
      ` ${code}x`,
      code.slice(0, 20),
      'A'.repeat(43),
    ]) {
      expect((await call(app, 'GET', '/api/auth/me', undefined, { authCode: wrong })).status, wrong).toBe(401);
    }
    expect((await call(app, 'GET', `/api/auth/me?authcode=${code}`)).status).toBe(401);
    expect(
      (await call(app, 'GET', '/api/auth/me', undefined, { headers: { authorization: `Bearer ${code}` } })).status,
    ).toBe(401);
    expect(
      (await call(app, 'GET', '/api/auth/me', undefined, { headers: { cookie: `authcode=${code}` } })).status,
    ).toBe(401);
    expect((await call(app, 'GET', '/api/auth/me', undefined, { authCode: code })).status).toBe(200);
  });

  it('keeps a guest session read-only on the users-permissions routes too', async () => {
    const deleted = await call(app, 'DELETE', `/api/users/${w.ben.id}`, undefined, { authCode: w.guestCode });
    expect(deleted.status).toBe(403);
    expect(await app.strapi.db.query(USER).count({ where: { id: w.ben.id } })).toBe(1);
  });
});

describe('CORS', () => {
  beforeAll(async () => {
    await app.strapi.db
      .query(PORTAL)
      .update({ where: { id: w.home.portal.id }, data: { domains: ['invest.secses.example'] } });
  });

  const ask = (method: string, route: string, origin: string) =>
    fetch(`${app.url}${route}`, { method, headers: { origin, authcode: w.code('ann') ?? '' } });

  it("answers a signed-in call from a portal's domain with its origin, and one from anywhere else without CORS headers", async () => {
    for (const route of ['/api/auth/me', '/api/syndication/mine', '/api/funds', '/api/notifications?mine=true']) {
      const allowed = await ask('GET', route, 'https://invest.secses.example');
      expect(allowed.headers.get('access-control-allow-origin'), route).toBe('https://invest.secses.example');
      for (const origin of [
        'https://evil.example',
        'https://invest.secses.example.evil.example',
        'https://evilinvest.secses.example',
        'null',
        'file://',
      ]) {
        const refused = await ask('GET', route, origin);
        expect(refused.headers.get('access-control-allow-origin'), `${route} from ${origin}`).toBeNull();
        expect(refused.headers.get('access-control-allow-credentials'), `${route} from ${origin}`).toBeNull();
      }
    }
  });

  it('refuses a preflight from another origin for every write method', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const preflight = await fetch(`${app.url}/api/syndication/set_investing`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': method,
          'access-control-request-headers': 'authcode,content-type',
        },
      });
      expect(preflight.headers.get('access-control-allow-origin'), method).toBeNull();
    }
  });
});

describe('mass assignment', () => {
  it('ignores or refuses fields a caller may not set: their level, portal, owner, or a commitment’s signing state', async () => {
    const users = app.strapi.db.query(USER);
    const syndUsers = app.strapi.db.query(SYND_USER);
    const extras = {
      level: 'superadmin',
      portal: w.away.portal.slug,
      isActive: false,
      blocked: true,
      user: w.ben.id,
      role: 1,
      confirmed: false,
      invest_status: 'Accepted investment',
      sa_complete_date: new Date().toISOString(),
      managementSignedAt: new Date().toISOString(),
      syndAgreementSignedByCurrentUser: true,
      hasSyndAgreement: true,
      fund: w.away.fund,
      canEditContentItems: true,
    };
    const as = { authCode: w.code('ann') };
    const calls: [string, string, Record<string, unknown>][] = [
      ['PUT', `/api/users/${w.ann.id}`, { city: 'Austin' }],
      ['POST', '/api/profile/settings', { timezone: 'America/Chicago' }],
      [
        'POST',
        '/api/syndication/set_investing',
        { id: w.ann.syndUser, invest_amount: 40_000, method_of_inv: 'ENTITY' },
      ],
      ['POST', '/api/syndication/set_not_investing', { id: w.ann.syndUser, feedback: 'later' }],
      ['POST', '/api/profile/notify/save', { templateName: 'review_syndication' }],
    ];
    for (const [method, route, body] of calls) {
      const answer = await call(app, method, route, { ...body, ...extras }, as);
      expect(answer.status === 200 || answer.status === 400, `${route}: ${answer.status}`).toBe(true);
      if (answer.status === 400) expect(answer.body.error.message, route).toBeTruthy();
    }
    const ann = await users.findOne({ where: { id: w.ann.id }, populate: ['portal', 'role'] });
    expect(ann).toMatchObject({
      level: 'user',
      isActive: true,
      blocked: false,
      confirmed: true,
      portal: { id: w.home.portal.id },
    });
    expect(ann.role.type).toBe('authenticated');
    const commitment = await syndUsers.findOne({ where: { id: w.ann.syndUserId }, populate: ['user', 'fund'] });
    expect(commitment.user.id).toBe(w.ann.id);
    expect(commitment.fund.documentId).toBe(w.home.fund);
    expect(commitment).toMatchObject({ sa_complete_date: null, managementSignedAt: null });
    expect(commitment.hasSyndAgreement).not.toBe(true);
    expect(commitment.syndAgreementSignedByCurrentUser).not.toBe(true);
    expect((await users.findOne({ where: { id: w.ben.id } })).level).toBe('user');
    expect((await call(app, 'GET', '/api/auth/me', undefined, as)).body.me).toMatchObject({
      level: 'user',
      canEditContentItems: false,
      portal: w.home.portal.slug,
    });
  });
});
