import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ownDeployments } from './helpers/own-deployments';
import { compileCms, deploymentEnv, startInstance, throwAwayDatabase } from './helpers/instances';
import { DEMO_INVESTOR, portalState } from './helpers/portal-state';

/**
 * A database made by the last release starts under this code: the CMS starts on a copy of the release's demo database
 * (fixtures/release-2026-11-24, made by commit 99255d1: SQLite, and a PostgreSQL dump of its own seed), runs every
 * migration once, and the demo investor signs in to the same investments and downloads the same document.
 */

const FIXTURE = path.join(__dirname, 'fixtures', 'release-2026-11-24');
const MIGRATIONS = fs.readdirSync(path.join(__dirname, '..', 'database', 'migrations')).filter((file) => file.endsWith('.ts')).map((file) => file.replace(/\.ts$/, '')).sort();
const { onPostgres, skipReason, cleanup } = await ownDeployments();

/** A work folder with the release's private files (documents, sealed agreements) of one of its two seeds. */
function workDirWithFiles(label: string, kind: 'sqlite' | 'postgres'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-upgrade-${label}-`));
  cleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'public', 'uploads'), { recursive: true });
  const untar = spawnSync('tar', ['-xzf', path.join(FIXTURE, `private-${kind}.tar.gz`), '-C', dir]);
  if (untar.status !== 0) throw new Error(`could not unpack the fixture's files: ${untar.stderr}`);
  return dir;
}

type Query = (sql: string) => Promise<Record<string, unknown>[]>;

/** What the release's database says the demo investor has: accepted commitments and news documents. */
async function expectedOf(query: Query) {
  const [user] = await query(`SELECT id FROM up_users WHERE email = '${DEMO_INVESTOR}'`);
  const accepted = await query(`SELECT s.id FROM synd_users s JOIN synd_users_user_lnk l ON l.synd_user_id = s.id WHERE l.user_id = ${Number(user.id)} AND s.invest_status = 'Accepted investment'`);
  const news = await query(`SELECT n.title FROM news_documents n JOIN news_documents_user_lnk l ON l.news_document_id = n.id WHERE l.user_id = ${Number(user.id)}`);
  return { accepted: accepted.length, news: news.map((row) => String(row.title)).sort() };
}

/** Starts this code on the release's database and checks what the issue promises. */
async function upgradeAndCheck(env: NodeJS.ProcessEnv, query: Query, indexNames: () => Promise<string[]>) {
  const expected = await expectedOf(query);
  expect(expected.accepted).toBeGreaterThan(0);
  compileCms();
  const instance = await startInstance(env);
  cleanup(() => instance.kill());
  // Strapi records the compiled file's name.
  const applied = (await query('SELECT name FROM strapi_migrations ORDER BY name')).map((row) => String(row.name).replace(/\.js$/, ''));
  expect(applied).toEqual(MIGRATIONS);
  expect(await indexNames()).toEqual(expect.arrayContaining(['user_auths_auth_code_uq', 'up_users_lower_email_idx', 'rate_limit_hits_key_at']));
  const state = await portalState(instance.url);
  expect(state.mine.items.length).toBe(expected.accepted);
  expect(state.news.map((item) => item.title).sort()).toEqual(expected.news);
  expect(state.documentSha256).toMatch(/^[0-9a-f]{64}$/);
  // A second start on the upgraded database runs nothing again.
  await instance.kill();
  await instance.restart();
  expect((await query('SELECT name FROM strapi_migrations')).length).toBe(MIGRATIONS.length);
  expect((await portalState(instance.url)).mine.items.length).toBe(expected.accepted);
}

describe.skipIf(skipReason)("the last release's database", () => {
  it.skipIf(onPostgres)('starts under this code on SQLite', async () => {
    const dir = workDirWithFiles('sqlite', 'sqlite');
    const file = path.join(dir, 'data.db');
    fs.writeFileSync(file, zlib.gunzipSync(fs.readFileSync(path.join(FIXTURE, 'sqlite.db.gz'))));
    const Database = createRequire(__filename)('better-sqlite3') as new (file: string) => { prepare(sql: string): { all(): Record<string, unknown>[] }; close(): void };
    const query: Query = async (sql) => {
      const db = new Database(file);
      try {
        return db.prepare(sql).all();
      } finally {
        db.close();
      }
    };
    const env = deploymentEnv(dir, { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: file });
    await upgradeAndCheck(env, query, async () => (await query("SELECT name FROM sqlite_master WHERE type = 'index'")).map((row) => String(row.name)));
  }, 600_000);

  it.skipIf(!onPostgres)('starts under this code on PostgreSQL, from a dump of the release', async () => {
    const dir = workDirWithFiles('postgres', 'postgres');
    const database = await throwAwayDatabase('upgrade');
    cleanup(() => database.drop());
    const restored = spawnSync('psql', ['-q', '-v', 'ON_ERROR_STOP=1', database.url], { input: zlib.gunzipSync(fs.readFileSync(path.join(FIXTURE, 'postgres.sql.gz'))), encoding: 'utf8' });
    expect(restored.status, restored.stderr).toBe(0);
    const env = deploymentEnv(dir, { DATABASE_CLIENT: 'postgres', DATABASE_URL: database.url });
    await upgradeAndCheck(env, (sql) => database.query(sql), async () => (await database.query<{ indexname: string }>('SELECT indexname FROM pg_indexes')).map((row) => row.indexname));
  }, 600_000);
});
