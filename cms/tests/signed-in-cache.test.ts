import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { sessionCache } from '../src/utils/signed-in-cache';
import { call, signedInUser } from './helpers/auth';
import { startSecondInstance, stopSecondInstance, type SecondInstance } from './helpers/second-instance';
import { buildWorld, type World } from './helpers/security-world';
import { useStrapi, type TestApp } from './helpers/strapi';
import { LEDGER_ENTRY, SYND_USER, USER } from '../src/utils/uids';

/**
 * The signed-in reads' caches (src/utils/signed-in-cache.ts): who a session is and what the investor area answered
 * are kept per instance, and every change a user could notice shows on the next read: on the instance that made it
 * at once, on another within a second. Answers carry an ETag, and a revalidation that matches gets a 304.
 */

let app: TestApp;
let world: World;

interface Raw {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers; `any` keeps assertions short
  body: any;
  headers: Headers;
}

/** A signed-in GET with its headers. */
async function read(
  route: string,
  authCode: string,
  headers: Record<string, string> = {},
  base = app.url,
): Promise<Raw> {
  const response = await fetch(`${base}${route}`, { headers: { authcode: authCode, ...headers } });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

const amountOf = (answer: Raw) => answer.body.items?.[0]?.syndUser?.invest_amount;

beforeAll(async () => {
  app = await useStrapi();
  world = await buildWorld(app, 'signedcache');
});

describe('ETag and 304 on signed-in reads', () => {
  it('answers the investor area with a private ETag, 304 to a matching If-None-Match, and a new ETag once it changes', async () => {
    for (const route of [
      '/api/auth/me',
      '/api/syndication/mine',
      '/api/syndication/available',
      '/api/syndication/summary',
      '/api/notifications?limit=10',
      '/api/profile/transactions?page=1&pageSize=50',
    ]) {
      const first = await read(route, world.ann.authCode);
      expect(first.status, route).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag, route).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get('cache-control'), route).toBe('private, no-cache');
      expect(first.headers.get('vary'), route).toMatch(/authcode/i);
      const again = await read(route, world.ann.authCode, { 'if-none-match': etag! });
      expect(again.status, route).toBe(304);
    }
    const before = await read('/api/auth/me', world.ann.authCode);
    const changed = await call(
      app,
      'POST',
      '/api/profile/settings',
      { timezone: 'Europe/Paris' },
      { authCode: world.ann.authCode },
    );
    expect(changed.status).toBe(200);
    const after = await read('/api/auth/me', world.ann.authCode, { 'if-none-match': before.headers.get('etag')! });
    expect(after.status).toBe(200);
    expect(after.body.me.profileSettings).toEqual({ timezone: 'Europe/Paris' });
  });

  it('gives no ETag to an error', async () => {
    const missing = await read('/api/syndication/byslug/no-such-investment', world.ann.authCode);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('etag')).toBeNull();
  });
});

describe('repeated signed-in reads', () => {
  it('are answered from memory: a change behind Strapi’s back is not seen, the same change through Strapi is, at once', async () => {
    const { ann } = world;
    const before = await read('/api/auth/me', ann.authCode);
    await app.strapi.db.connection('up_users').where({ id: ann.id }).update({ city: 'Unannounced' });
    expect((await read('/api/auth/me', ann.authCode)).body.me.city).toBe(before.body.me.city);
    await app.strapi.db.query(USER).update({ where: { id: ann.id }, data: { city: 'Announced' } });
    expect((await read('/api/auth/me', ann.authCode)).body.me.city).toBe('Announced');
  });

  it('are kept when someone asks for a password reset (anyone may, for any address), and cleared when it is used', async () => {
    const { ann } = world;
    // The other instances' counter carries the last test's change after a poll: past it, only this test's writes count.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const before = await read('/api/auth/me', ann.authCode);
    await app.strapi.db.connection('up_users').where({ id: ann.id }).update({ city: 'Quietly moved' });
    expect((await call(app, 'POST', '/api/auth/reset', { username: ann.email })).status).toBe(200);
    expect((await app.strapi.db.query(USER).findOne({ where: { id: ann.id } })).resetPasswordCode).toBeTruthy();
    expect((await read('/api/auth/me', ann.authCode)).body.me.city).toBe(before.body.me.city);
    await app.strapi.db
      .query(USER)
      .update({ where: { id: ann.id }, data: { resetPasswordCode: null, city: 'Announced again' } });
    expect((await read('/api/auth/me', ann.authCode)).body.me.city).toBe('Announced again');
  });

  it('show a commitment on the next read of my investments', async () => {
    const { ann } = world;
    const mine = await read('/api/syndication/mine', ann.authCode);
    expect(mine.status).toBe(200);
    await app.strapi.db.query(SYND_USER).update({ where: { id: ann.syndUserId }, data: { invest_amount: 77_000 } });
    const after = await read('/api/syndication/mine', ann.authCode);
    expect(
      after.body.items.map((item: { syndUser: { invest_amount: number } | null }) => item.syndUser?.invest_amount),
    ).toContain(77_000);
  });

  it('show a new ledger entry on the next read of the transactions page', async () => {
    const { ann } = world;
    const before = await read('/api/profile/transactions?page=1&pageSize=50', ann.authCode);
    expect(before.status).toBe(200);
    const marker = (await app.strapi.db.query(LEDGER_ENTRY).findOne({
      where: { note: 'ann-ledger-marker', syndUser: { user: { id: ann.id } } },
      populate: { syndUser: { select: ['id'] }, fund: { select: ['id'] } },
    })) as { syndUser: { id: number }; fund: { id: number } };
    await app.strapi.db.query(LEDGER_ENTRY).create({
      data: {
        syndUser: marker.syndUser.id,
        fund: marker.fund.id,
        type: 'distribution',
        kind: 'income',
        amount_cents: 12_345,
        effective_date: '2025-06-30',
        note: 'cache-next-read',
        entryKey: `cache-next-read-${Date.now()}`,
      },
    });
    const after = await read('/api/profile/transactions?page=1&pageSize=50', ann.authCode);
    expect(after.body.pagination.total).toBe(before.body.pagination.total + 1);
    expect(after.body.results.map((row: { note: string | null }) => row.note)).toContain('cache-next-read');
  });

  it("never answer one investor with another's", async () => {
    const annMe = await read('/api/auth/me', world.ann.authCode);
    const benMe = await read('/api/auth/me', world.ben.authCode);
    expect(annMe.body.me.email).toBe(world.ann.email);
    expect(benMe.body.me.email).toBe(world.ben.email);
    const annMine = await read('/api/syndication/mine', world.ann.authCode);
    const benMine = await read('/api/syndication/mine', world.ben.authCode);
    expect(JSON.stringify(benMine.body)).not.toContain(String(amountOf(annMine) ?? 'ann-only'));
    // A guest session (a superadmin looking as Ann) is answered apart from Ann's own.
    const guest = await read('/api/auth/me', world.code('guest')!);
    expect(guest.body.me.isGuestSession).toBe(true);
    expect((await read('/api/auth/me', world.ann.authCode)).body.me.isGuestSession).toBe(false);
  });
});

describe('a session the cache knows', () => {
  it('ends at once on logout, on block, and when it expires; a level change shows on the next read', async () => {
    const user = await signedInUser(app, 'cache-session', 'admin', world.home.portal);
    expect((await read('/api/auth/me', user.authCode)).body.me.level).toBe('admin');
    await app.strapi.db.query(USER).update({ where: { id: user.id }, data: { level: 'user' } });
    expect((await read('/api/auth/me', user.authCode)).body.me.level).toBe('user');

    await app.strapi.db.query(USER).update({ where: { id: user.id }, data: { blocked: true } });
    expect((await read('/api/auth/me', user.authCode)).status).toBe(401);
    await app.strapi.db.query(USER).update({ where: { id: user.id }, data: { blocked: false } });
    expect((await read('/api/auth/me', user.authCode)).status).toBe(200);

    // Expiry needs no announcement: the cached session's end is checked on every use (a year on, it has ended).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 366 * 24 * 60 * 60 * 1000);
      expect((await read('/api/auth/me', user.authCode)).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
    expect((await read('/api/auth/me', user.authCode)).status).toBe(401);

    const other = await signedInUser(app, 'cache-logout', 'user', world.home.portal);
    expect((await read('/api/syndication/summary', other.authCode)).status).toBe(200);
    expect((await call(app, 'POST', '/api/auth/logout', {}, { authCode: other.authCode })).status).toBe(200);
    expect((await read('/api/syndication/summary', other.authCode)).status).toBe(401);
    expect((await read('/api/auth/me', other.authCode)).status).toBe(401);
  });
});

describe("the other instances' news of edits", () => {
  it('moves the shared counter once per burst of edits, and once more after the last of them', async () => {
    const generation = async () =>
      Number((await app.strapi.db.connection('read_cache_generation').where({ id: 2 }).first())?.generation ?? 0);
    const cache = sessionCache(app.strapi);
    cache.changed();
    await vi.waitFor(async () => expect(await generation()).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = await generation();
    // A hundred edits at once (a posted call's notifications, say): the first moves it, the other 99 ask for one more.
    for (let edit = 0; edit < 100; edit += 1) cache.changed();
    await vi.waitFor(async () => expect(await generation()).toBe(before + 2));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await generation()).toBe(before + 2);
  });
});

describe('a second instance on the same database', () => {
  let second: SecondInstance | undefined;
  const onPostgres = inject('database').client === 'postgres';

  beforeAll(async () => {
    // Several instances means a database server (two processes on one SQLite file fight over its lock).
    if (onPostgres) second = await startSecondInstance();
  });

  afterAll(async () => {
    await stopSecondInstance(second);
  });

  /** Reads on the second instance until `done` holds or a second has passed; the last answer. */
  async function within(route: string, authCode: string, done: (answer: Raw) => boolean): Promise<Raw> {
    const started = Date.now();
    let answer = await read(route, authCode, {}, second!.url);
    while (!done(answer) && Date.now() - started < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await read(route, authCode, {}, second!.url);
    }
    return answer;
  }

  it.skipIf(!onPostgres)('honours a block and a commitment made on the first within a second', async () => {
    const user = await signedInUser(app, 'cache-two', 'user', world.home.portal);
    // Cached on the second instance, past the counter's news of the sign-in.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await read('/api/auth/me', user.authCode, {}, second!.url)).status).toBe(200);
    expect((await read('/api/auth/me', user.authCode, {}, second!.url)).status).toBe(200);
    await app.strapi.db.query(USER).update({ where: { id: user.id }, data: { blocked: true } });
    expect((await within('/api/auth/me', user.authCode, (answer) => answer.status === 401)).status).toBe(401);

    const { ann } = world;
    expect((await read('/api/syndication/mine', ann.authCode, {}, second!.url)).status).toBe(200);
    await app.strapi.db.query(SYND_USER).update({ where: { id: ann.syndUserId }, data: { invest_amount: 88_000 } });
    const seen = await within('/api/syndication/mine', ann.authCode, (answer) =>
      JSON.stringify(answer.body).includes('88000'),
    );
    expect(JSON.stringify(seen.body)).toContain('88000');
  });
});
