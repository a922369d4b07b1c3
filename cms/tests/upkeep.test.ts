import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, createUser, signedInUser } from './helpers/auth';
import { compileCms } from '../../scripts/src/lib/strapi';
import { deploymentEnv, startInstance } from './helpers/instances';
import { useStrapi, type TestApp } from './helpers/strapi';
import { sessions } from '../src/api/session/services/session';
import { upkeep } from '../src/api/upkeep/services/upkeep';
import { labelUnlabelledSessions } from '../src/bootstrap/session-labels';
import { hashCode } from '../src/utils/codes';

/**
 * The upkeep (src/api/upkeep): dead sessions, guest codes, rate-limit hits and leases are deleted in batches, at
 * start and every hour, by one instance at a time, and live ones stay; the start's one-off label step works in
 * batches on a table too big for one query.
 */

let app: TestApp;
const knex = () => app.strapi.db.connection;
const HOUR = 60 * 60 * 1000;
const onPostgres = inject('database').client === 'postgres';

beforeAll(async () => {
  app = await useStrapi();
});

/** Inserts rows in chunks small enough for SQLite's bound-variable limit; their ids. */
async function insertMany(table: string, rows: Record<string, unknown>[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += 500) {
    const inserted = (await knex()(table).insert(rows.slice(start, start + 500), ['id'])) as (
      | { id: number }
      | number
    )[];
    ids.push(...inserted.map((row) => (typeof row === 'number' ? row : row.id)));
  }
  return ids;
}

/** `count` sessions of a user that ended an hour ago (with their relation rows, as the app writes them). */
async function endedSessions(userId: number, count: number, label: string | null = 'ended'): Promise<number[]> {
  const ids = await insertMany(
    'user_auths',
    Array.from({ length: count }, (_, index) => ({
      document_id: `ended${Date.now()}x${index}`,
      auth_code: `ended-${Date.now()}-${index}-${Math.random()}`,
      expires_at: new Date(Date.now() - HOUR),
      is_guest_session: false,
      label,
      created_at: new Date(),
      updated_at: new Date(),
    })),
  );
  await insertMany(
    'user_auths_user_lnk',
    ids.map((id) => ({ user_auth_id: id, user_id: userId })),
  );
  return ids;
}

const remaining = async (table: string, ids: number[]) =>
  Number((await knex()(table).whereIn('id', ids).count({ count: '*' }))[0].count);

describe('a round of upkeep', () => {
  it('deletes what can never be used again, in batches, and keeps what can', async () => {
    const live = await signedInUser(app, 'upkeep-live');
    const user = await createUser(app, { email: 'upkeep-ended@example.com' });
    const ended = await endedSessions(user.id, 2_500);
    const now = Date.now();
    const codes = await insertMany('guest_codes', [
      { document_id: 'gc-used', code: `used-${now}`, expires_at: new Date(now + HOUR), used_at: new Date(now - 1000) },
      { document_id: 'gc-expired', code: `expired-${now}`, expires_at: new Date(now - 1000) },
      { document_id: 'gc-live', code: `live-${now}`, expires_at: new Date(now + HOUR) },
    ]);
    const window = 15 * 60 * 1000;
    const hits = await insertMany('rate_limit_hits', [
      { document_id: 'hit-old', limit_key: 'upkeep:old', at: now - window - 1000 },
      { document_id: 'hit-fresh', limit_key: 'upkeep:fresh', at: now },
    ]);
    const leases = await insertMany('leases', [
      { document_id: 'lease-old', lease_key: `upkeep:old:${now}`, expires_at: now - 1000 },
      { document_id: 'lease-live', lease_key: `upkeep:live:${now}`, expires_at: now + HOUR },
    ]);

    const round = await upkeep(app.strapi).run({ batch: 300 });
    expect(round.skipped).toBe(false);
    expect(round.deleted.sessions).toBeGreaterThanOrEqual(2_500);
    expect(await remaining('user_auths', ended)).toBe(0);
    expect(
      Number((await knex()('user_auths_user_lnk').whereIn('user_auth_id', ended).count({ count: '*' }))[0].count),
    ).toBe(0);
    expect(await knex()('guest_codes').whereIn('id', codes).pluck('document_id')).toEqual(['gc-live']);
    expect(await knex()('rate_limit_hits').whereIn('id', hits).pluck('document_id')).toEqual(['hit-fresh']);
    expect(await knex()('leases').whereIn('id', leases).pluck('document_id')).toEqual(['lease-live']);

    // The live session still works; a session that ended is refused.
    expect((await call(app, 'GET', '/api/auth/me', undefined, { authCode: live.authCode })).status).toBe(200);
    const code = await sessions(app.strapi).create(user.id);
    await knex()('user_auths')
      .where({ auth_code: hashCode(code) })
      .update({ expires_at: new Date(Date.now() - 1000) });
    await upkeep(app.strapi).run();
    expect((await call(app, 'GET', '/api/auth/me', undefined, { authCode: code })).status).toBe(401);
  });

  it('runs on one instance at a time: a round finds another holding the upkeep and skips', async () => {
    if (!onPostgres) {
      // SQLite is one instance's file: two rounds asked at once in it are one round.
      const [first, second] = await Promise.all([upkeep(app.strapi).run(), upkeep(app.strapi).run()]);
      expect(second).toBe(first);
      return;
    }
    // Another instance's round: the same advisory lock, held on a connection of its own.
    const other = await knex().client.acquireConnection();
    try {
      await knex().raw('SELECT pg_advisory_lock(774305)').connection(other);
      const user = await createUser(app, { email: 'upkeep-elsewhere@example.com' });
      const ended = await endedSessions(user.id, 3);
      expect(await upkeep(app.strapi).run()).toEqual({ skipped: true, deleted: {} });
      expect(await remaining('user_auths', ended)).toBe(3);
      await knex().raw('SELECT pg_advisory_unlock(774305)').connection(other);
      expect((await upkeep(app.strapi).run()).skipped).toBe(false);
      expect(await remaining('user_auths', ended)).toBe(0);
    } finally {
      await knex().client.releaseConnection(other);
    }
  });

  it('is scheduled every hour', () => {
    const jobs = (app.strapi.cron as unknown as { jobs: { name: string; options: { rule: string } }[] }).jobs;
    expect(jobs.find((job) => job.name === 'upkeep')?.options.rule).toBe('0 0 * * * *');
  });
});

describe('the start', () => {
  it('labels more old sessions than one query can hold, a batch at a time', async () => {
    const user = await createUser(app, { email: 'upkeep-labels@example.com' });
    const ids = await insertMany(
      'user_auths',
      Array.from({ length: 33_000 }, (_, index) => ({
        document_id: `unlabelled${index}`,
        auth_code: `unlabelled-${Date.now()}-${index}`,
        expires_at: new Date(Date.now() + HOUR),
        created_at: new Date('2026-01-02T03:04:00Z'),
      })),
    );
    await insertMany(
      'user_auths_user_lnk',
      ids.map((id) => ({ user_auth_id: id, user_id: user.id })),
    );
    await labelUnlabelledSessions(app.strapi);
    expect(Number((await knex()('user_auths').whereNull('label').count({ count: '*' }))[0].count)).toBe(0);
    expect(
      await knex()('user_auths')
        .where({ id: ids[ids.length - 1] })
        .first('label'),
    ).toEqual({ label: 'upkeep-labels@example.com · 2026-01-02 03:04 UTC' });
    for (let start = 0; start < ids.length; start += 500) {
      await knex()('user_auths_user_lnk')
        .whereIn('user_auth_id', ids.slice(start, start + 500))
        .delete();
      await knex()('user_auths')
        .whereIn('id', ids.slice(start, start + 500))
        .delete();
    }
  }, 180_000);

  // A start of its own (`strapi start` on a SQLite file): PostgreSQL adds nothing here that the rounds above miss.
  it.skipIf(onPostgres)(
    'runs a round as the CMS starts',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-upkeep-'));
      const file = path.join(dir, 'upkeep.db');
      const env = deploymentEnv(dir, { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: file });
      fs.mkdirSync(path.join(dir, 'public', 'uploads'), { recursive: true });
      try {
        compileCms();
        const first = await startInstance(env);
        await first.kill();
        const Database = createRequire(__filename)('better-sqlite3') as new (file: string) => {
          prepare(sql: string): { run(...values: unknown[]): unknown; get(): { count: number } };
          close(): void;
        };
        const db = new Database(file);
        db.prepare("INSERT INTO user_auths (document_id, auth_code, expires_at) VALUES ('planted', 'planted', ?)").run(
          Date.now() - HOUR,
        );
        db.prepare("INSERT INTO leases (document_id, lease_key, expires_at) VALUES ('planted', 'planted', ?)").run(
          Date.now() - HOUR,
        );
        db.close();
        const second = await startInstance(env);
        try {
          const check = new Database(file);
          const count = () =>
            check
              .prepare(
                "SELECT (SELECT count(*) FROM user_auths WHERE document_id = 'planted') + (SELECT count(*) FROM leases WHERE document_id = 'planted') AS count",
              )
              .get().count;
          const until = Date.now() + 30_000;
          while (count() > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 200));
          expect(count()).toBe(0);
          check.close();
        } finally {
          await second.kill();
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    300_000,
  );
});
