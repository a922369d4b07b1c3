import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { compileCms } from '../../scripts/src/lib/strapi';
import { deploymentEnv, startInstance, throwAwayDatabase } from './helpers/instances';
import { NEW_UID, OLD_UID } from '../database/migrations/2026.12.09T00.00.00.desk-actions-in-the-desk-plugin';
import { ownDeployments } from './helpers/own-deployments';
import { DEMO_INVESTOR, portalState } from './helpers/portal-state';
import { useStrapi } from './helpers/strapi';

/**
 * A sponsor's years, on each pass's database (SQLite, then PostgreSQL):
 * - upgrade: the CMS starts on a copy of each earlier release's demo database (fixtures/release-<date>[-<hhmm>-<commit>],
 *   each a SQLite file and a PostgreSQL dump of that release's own seed, made by `npm run release-fixture`), runs
 *   every migration once, makes every index the migrations name, ends with the tables, columns and index names a new
 *   database gets (a schema change without its migration fails here), and the demo investor signs in to the same
 *   investments, ledger and documents;
 * - backup and restore: `npm run backup` of the newest release's running portal, `npm run restore` into a new
 *   database and new folders (refused a second time), and a CMS started there serves the same dashboard, ledger and
 *   document bytes, running no migration again.
 */

const ROOT = path.resolve(__dirname, '..', '..');
const FIXTURES = path.join(__dirname, 'fixtures');
/** The release fixtures, oldest first; the newest is backed up and restored. */
const RELEASES = fs
  .readdirSync(FIXTURES)
  .filter((name) => name.startsWith('release-'))
  .sort();
const MIGRATION_DIR = path.join(__dirname, '..', 'database', 'migrations');
const MIGRATIONS = fs
  .readdirSync(MIGRATION_DIR)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.replace(/\.ts$/, ''))
  .sort();
/** Every index a migration makes (each names it in its IndexSpec). */
const MIGRATION_INDEXES = MIGRATIONS.flatMap((name) =>
  [...fs.readFileSync(path.join(MIGRATION_DIR, `${name}.ts`), 'utf8').matchAll(/name: '([a-z0-9_]+)'/g)].map(
    (match) => match[1],
  ),
);
const { onPostgres, skipReason, cleanup } = await ownDeployments();

type Query = (sql: string) => Promise<Record<string, unknown>[]>;

interface Place {
  dir: string;
  env: NodeJS.ProcessEnv;
  query: Query;
}

const Sqlite = createRequire(__filename)('better-sqlite3') as new (file: string) => {
  prepare(sql: string): { all(): Record<string, unknown>[] };
  close(): void;
};

/** A new place for a portal: a work folder (files) and an empty database of the pass's kind. */
async function newPlace(label: string): Promise<Place> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${label}-`));
  cleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  if (!onPostgres) {
    const file = path.join(dir, 'data.db');
    const query: Query = async (sql) => {
      const db = new Sqlite(file);
      try {
        return db.prepare(sql).all();
      } finally {
        db.close();
      }
    };
    return { dir, query, env: deploymentEnv(dir, { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: file }) };
  }
  const database = await throwAwayDatabase(label.replace(/\W/g, '_'));
  cleanup(() => database.drop());
  return {
    dir,
    query: (sql) => database.query(sql),
    env: deploymentEnv(dir, { DATABASE_CLIENT: 'postgres', DATABASE_URL: database.url }),
  };
}

/** A release's database and private files (documents, sealed agreements) in a new place. */
async function releasePlace(release: string): Promise<Place> {
  const FIXTURE = path.join(FIXTURES, release);
  const place = await newPlace('upgrade');
  const kind = onPostgres ? 'postgres' : 'sqlite';
  fs.mkdirSync(path.join(place.dir, 'public', 'uploads'), { recursive: true });
  const untar = spawnSync('tar', ['-xzf', path.join(FIXTURE, `private-${kind}.tar.gz`), '-C', place.dir]);
  if (untar.status !== 0) throw new Error(`could not unpack the fixture's files: ${untar.stderr}`);
  if (onPostgres) {
    const restored = spawnSync('psql', ['-q', '-v', 'ON_ERROR_STOP=1', place.env.DATABASE_URL as string], {
      input: zlib.gunzipSync(fs.readFileSync(path.join(FIXTURE, 'postgres.sql.gz'))),
      encoding: 'utf8',
    });
    if (restored.status !== 0) throw new Error(`could not load the release's dump: ${restored.stderr}`);
  } else {
    fs.writeFileSync(
      place.env.DATABASE_FILENAME as string,
      zlib.gunzipSync(fs.readFileSync(path.join(FIXTURE, 'sqlite.db.gz'))),
    );
  }
  return place;
}

/** Whether a release's database has a table (an older release lacks the later ones). */
const tableIn = async (query: Query, table: string) =>
  (
    await query(
      onPostgres
        ? `SELECT tablename FROM pg_tables WHERE tablename = '${table}'`
        : `SELECT name FROM sqlite_master WHERE type = 'table' AND name = '${table}'`,
    )
  ).length > 0;

/** What a release's database says the demo investor has: accepted and completed commitments, news documents, ledger entries. */
async function expectedOf(query: Query) {
  const [user] = await query(`SELECT id FROM up_users WHERE email = '${DEMO_INVESTOR}'`);
  const accepted = await query(
    `SELECT s.id FROM synd_users s JOIN synd_users_user_lnk l ON l.synd_user_id = s.id WHERE l.user_id = ${Number(user.id)} AND s.invest_status = 'Accepted investment'`,
  );
  const news = await query(
    `SELECT n.title FROM news_documents n JOIN news_documents_user_lnk l ON l.news_document_id = n.id WHERE l.user_id = ${Number(user.id)}`,
  );
  const complete = await query(
    `SELECT s.id FROM synd_users s JOIN synd_users_user_lnk l ON l.synd_user_id = s.id WHERE l.user_id = ${Number(user.id)} AND s.invest_status = 'Accepted investment' AND s.sa_complete_date IS NOT NULL`,
  );
  const entries = (await tableIn(query, 'ledger_entries'))
    ? await query(
        `SELECT e.id FROM ledger_entries e JOIN ledger_entries_synd_user_lnk es ON es.ledger_entry_id = e.id JOIN synd_users_user_lnk su ON su.synd_user_id = es.synd_user_id WHERE su.user_id = ${Number(user.id)}`,
      )
    : [];
  return {
    accepted: accepted.length,
    news: news.map((row) => String(row.title)).sort(),
    complete: complete.length,
    entries: entries.length,
  };
}

/**
 * A database's Desk Action rows, how many hold an answered status (in `statusColumn`), and the roles' grants on the
 * type under `uid` (role, action and conditions).
 */
async function deskActionsIn(query: Query, uid: string, statusColumn: string) {
  const table = await tableIn(query, 'desk_actions');
  const rows = table ? Number((await query('SELECT count(*) AS n FROM desk_actions'))[0].n) : 0;
  const statuses = table ? Number((await query(`SELECT count(${statusColumn}) AS n FROM desk_actions`))[0].n) : 0;
  const grants = await query(
    `SELECT l.role_id AS role, p.action AS action, p.conditions AS conditions FROM admin_permissions p JOIN admin_permissions_role_lnk l ON l.permission_id = p.id WHERE p.subject = '${uid}'`,
  );
  return {
    table,
    rows,
    statuses,
    grants: grants
      .map((grant) => {
        const conditions = typeof grant.conditions === 'string' ? JSON.parse(grant.conditions) : grant.conditions;
        return `${grant.role} ${grant.action} ${JSON.stringify(conditions ?? [])}`;
      })
      .sort(),
  };
}

/** The migrations a database has run (Strapi records the compiled file's name). */
const appliedIn = async (query: Query) =>
  (await query('SELECT name FROM strapi_migrations ORDER BY name')).map((row) => String(row.name).replace(/\.js$/, ''));

const indexNamesIn = async (query: Query) =>
  (
    await query(
      onPostgres ? 'SELECT indexname AS name FROM pg_indexes' : "SELECT name FROM sqlite_master WHERE type = 'index'",
    )
  ).map((row) => String(row.name));

/** A database's tables with their columns (`table.column`) and its index names, sorted. */
async function schemaOf(query: Query) {
  const columns = await query(
    onPostgres
      ? 'SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = current_schema()'
      : "SELECT m.name AS t, p.name AS c FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'",
  );
  const indexes = await query(
    onPostgres
      ? 'SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema()'
      : "SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex_%'",
  );
  return {
    columns: columns.map((row) => `${row.t}.${row.c}`).sort(),
    indexes: indexes.map((row) => String(row.name)).sort(),
  };
}

/**
 * The schema this code gives a new database: the run's own, made at the start of the CMS every other test file uses
 * (booted once a run, so in `npm test` this costs no start of its own; the tests write rows there, never tables or
 * indexes). An upgraded database must have the same: a schema change Strapi's start does not make fails without its
 * migration.
 */
async function schemaOfNew() {
  const knex = (await useStrapi()).strapi.db.connection;
  return schemaOf(async (sql) => {
    const result = await knex.raw(sql);
    return onPostgres ? result.rows : result;
  });
}

function npm(script: string, args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync('npm', ['run', '--silent', script, '--', ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: 300_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe.skipIf(skipReason)("each earlier release's database, upgraded; the newest backed up and restored", () => {
  it('keeps a fixture for each release, the indexes of every migration named', () => {
    expect(RELEASES.length).toBeGreaterThanOrEqual(2);
    expect(MIGRATION_INDEXES.length).toBeGreaterThan(25);
  });

  it.each(RELEASES)(
    `starts %s under this code on ${onPostgres ? 'PostgreSQL (from a dump)' : 'SQLite'} and serves the same; the newest is backed up and restored into a new place that serves the same`,
    async (release) => {
      const place = await releasePlace(release);
      const expected = await expectedOf(place.query);
      expect(expected.accepted).toBeGreaterThan(0);
      const staffLinks = async () =>
        (await tableIn(place.query, 'portals_staff_lnk'))
          ? await place.query('SELECT DISTINCT portal_id, user_id FROM portals_staff_lnk')
          : [];
      const ranBefore = await staffLinks();
      // A refused call the release recorded (the demo seed records none), to see its status come through.
      if (await tableIn(place.query, 'desk_actions'))
        await place.query(
          "INSERT INTO desk_actions (document_id, action, status) VALUES ('upgrade-record', 'remind', 403) RETURNING id",
        );
      const deskBefore = await deskActionsIn(place.query, OLD_UID, 'status');
      compileCms();
      const fresh = schemaOfNew();
      // Awaited below; a failed upgrade's start must not leave it unhandled.
      fresh.catch(() => undefined);
      const upgraded = await startInstance(place.env);
      cleanup(() => upgraded.kill());
      expect(await appliedIn(place.query)).toEqual(MIGRATIONS);
      expect(await indexNamesIn(place.query)).toEqual(expect.arrayContaining(MIGRATION_INDEXES));
      expect(await schemaOf(place.query)).toEqual(await fresh);
      // A release before a portal's Staff: its staff keep running every portal, as they did then; a later one keeps
      // the portals its staff were given.
      const [{ staff }] = await place.query('SELECT count(*) AS staff FROM admin_users');
      const [{ portals }] = await place.query('SELECT count(*) AS portals FROM portals');
      expect(Number(staff)).toBeGreaterThan(0);
      expect((await staffLinks()).length).toBe(ranBefore.length ? ranBefore.length : Number(staff) * Number(portals));
      // The Desk Action moved into the desk plugin: its rows stay, and every role keeps what it held on it, renamed.
      const deskAfter = await deskActionsIn(place.query, NEW_UID, 'answer_status');
      expect(deskAfter.rows).toBe(deskBefore.rows);
      // Their answered statuses too, moved from `status` to `answer_status` before the tables' sync.
      expect(deskAfter.statuses).toBe(deskBefore.statuses);
      if (deskBefore.table)
        expect(
          await place.query(
            "SELECT action, answer_status AS status FROM desk_actions WHERE document_id = 'upgrade-record'",
          ),
        ).toEqual([{ action: 'remind', status: 403 }]);
      if (deskBefore.table) expect(deskBefore.grants.length).toBeGreaterThan(0);
      expect(deskAfter.grants).toEqual(expect.arrayContaining(deskBefore.grants));
      expect((await deskActionsIn(place.query, OLD_UID, 'answer_status')).grants).toEqual([]);
      // The capital call mail names the call's own page, not News Documents, where a release kept the old wording.
      const callMessages = await place.query(
        "SELECT message FROM notification_templates WHERE name = 'capital_call_posted'",
      );
      for (const { message } of callMessages as { message: string }[]) {
        expect(message).not.toContain('is under News Documents');
        expect(message).toContain('Its page shows the wire instructions');
      }
      const before = await portalState(upgraded.url);
      expect(before.mine.items.length).toBe(expected.accepted);
      expect(before.news.map((item) => item.title).sort()).toEqual(expected.news);
      // Every document and completed agreement the release kept is served, byte for byte as the release stored it.
      expect(Object.keys(before.files).filter((name) => name.startsWith('agreement ')).length).toBe(expected.complete);
      expect(Object.keys(before.files).length).toBeGreaterThan(expected.complete);
      if (release !== RELEASES.at(-1)) return;
      // The newest release's ledger reads as it was written: its entries and the dashboard's figures from them.
      expect((before.transactions as { pagination: { total: number } }).pagination.total).toBe(expected.entries);
      expect(expected.entries).toBeGreaterThan(0);

      // Backed up while it serves; a second backup never writes into the first.
      const backupDir = path.join(place.dir, 'backup');
      const backedUp = npm('backup', ['--to', backupDir], place.env);
      expect(backedUp.status, backedUp.output).toBe(0);
      const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({
        database: onPostgres ? 'postgres' : 'sqlite',
        migrations: MIGRATIONS.map((name) => `${name}.js`),
        files: { private: expect.any(Number) },
      });
      expect(npm('backup', ['--to', backupDir], place.env).output).toContain('is not empty');
      await upgraded.kill();

      // Restored into a new database and folders; nothing is restored over a portal.
      const target = await newPlace('restored');
      const restored = npm('restore', ['--from', backupDir], target.env);
      expect(restored.status, restored.output).toBe(0);
      if (onPostgres) {
        // A dump carries no planner statistics: the restore gathers them, so the portal is served with its usual plans.
        const analyzed = await target.query(
          "SELECT count(*) AS tables FROM pg_stat_user_tables WHERE relname IN ('synd_users', 'signings') AND last_analyze IS NOT NULL",
        );
        expect(Number(analyzed[0].tables)).toBe(2);
      }
      const again = npm('restore', ['--from', backupDir], target.env);
      expect(again.status).toBe(1);
      expect(again.output).toMatch(/Restore needs (a new database|an empty database|empty folders)/);

      const serving = await startInstance(target.env);
      cleanup(() => serving.kill());
      expect(await portalState(serving.url)).toEqual(before);
      expect(await appliedIn(target.query)).toEqual(MIGRATIONS);
    },
    900_000,
  );

  it('says what is wrong with a folder that holds no backup, and writes nothing', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-no-backup-'));
    cleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
    const result = npm('restore', ['--from', dir], {
      ...process.env,
      DATABASE_CLIENT: 'sqlite',
      DATABASE_FILENAME: path.join(dir, 'x.db'),
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain('holds no backup (manifest.json is missing)');
    expect(fs.existsSync(path.join(dir, 'x.db'))).toBe(false);
  });
});
