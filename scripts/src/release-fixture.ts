/**
 * `npm run release-fixture`: the demo database as this checkout's commit makes it, kept for the upgrade test
 * (cms/tests/upgrade-and-backup.test.ts starts the current code on every fixture). It seeds a new SQLite file and a new
 * PostgreSQL database (`fixture_release_<pid>`, dropped after) with their files in a temporary folder, and writes
 * cms/tests/fixtures/release-<commit date>-<hhmm>-<commit>/ (names sort oldest first, as the test reads them): the
 * SQLite file vacuumed and the PostgreSQL dump (plain SQL, no owner or grants), gzipped, each seed's private files as
 * `private/`, and a README that says what they hold. Options: `--postgres <url>` (the server, default DATABASE_URL's
 * or postgres@127.0.0.1:5432), `--out <folder>` (default cms/tests/fixtures).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { folderArgument } from './lib/arguments';
import { pgTool, Sqlite } from './lib/backup';
import { filesUnder } from './lib/files';
import { log, logError } from './lib/log';
import { CMS_DIR, ROOT_DIR } from './lib/strapi';

const USAGE = 'npm run release-fixture [-- [--postgres <server url>] [--out <folder>]]';
/** What the database is made from: a fixture of a commit must hold that commit's schema, seed and migrations. */
const SOURCES = ['cms/src', 'cms/config', 'cms/database', 'cms/package.json', 'scripts/src/seed', 'rules/src'];
/** What the README counts, in the order it names them. */
const COUNTED: [table: string, label: string][] = [
  ['portals', 'portals'],
  ['funds', 'funds'],
  ['up_users', 'user accounts'],
  ['admin_users', 'admin-panel users'],
  ['synd_users', 'commitments (synd_users)'],
  ['signings', 'signatures'],
  ['synd_agreements', 'agreements'],
  ['ledger_entries', 'ledger entries'],
  ['fund_events', 'fund events'],
  ['valuations', 'valuations'],
  ['call_items', 'capital-call items'],
  ['tax_schedules', 'K-1 schedules'],
  ['tax_documents', 'tax documents'],
  ['news_documents', 'news documents'],
  ['notifications', 'notifications'],
];
const COUNT_SQL = `SELECT ${COUNTED.map(([table], index) => `(SELECT count(*) FROM ${table}) AS c${index}`).join(', ')}, (SELECT count(*) FROM strapi_migrations) AS migrations, (SELECT max(name) FROM strapi_migrations) AS newest`;

interface Held {
  counts: number[];
  migrations: number;
  newest: string;
  files: number;
}

function git(args: string[]): string {
  const result = spawnSync('git', args, { cwd: ROOT_DIR, encoding: 'utf8', env: { ...process.env, TZ: 'UTC' } });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index < 0) return undefined;
  const value = args[index + 1];
  if (!value || value.startsWith('--')) throw new Error(`${name} takes a value: ${USAGE}`);
  return value;
}

/** `npm run seed` of this checkout into the database `env` names, its files in `dir`. */
function seedInto(dir: string, database: NodeJS.ProcessEnv): void {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...database,
    PUBLIC_DIR: path.join(dir, 'public'),
    PRIVATE_FILES_DIR: path.join(dir, 'private'),
  };
  // Strapi's upload provider wants its folder there (the media library's pictures, not kept in the fixture).
  fs.mkdirSync(path.join(dir, 'public', 'uploads'), { recursive: true });
  // The demo password the upgrade test signs in with.
  delete env.SEED_PASSWORD;
  const result = spawnSync('npm', ['run', '--silent', 'seed'], {
    cwd: ROOT_DIR,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`The seed failed:\n${result.stdout}${result.stderr}`);
}

/** What a seeded database holds, from the row of COUNT_SQL. */
function heldIn(row: Record<string, unknown>, privateDir: string): Held {
  return {
    counts: COUNTED.map((_, index) => Number(row[`c${index}`])),
    migrations: Number(row.migrations),
    newest: String(row.newest).replace(/\.js$/, ''),
    files: filesUnder(privateDir).length,
  };
}

const gzipInto = (file: string, to: string) => fs.writeFileSync(to, zlib.gzipSync(fs.readFileSync(file), { level: 9 }));

function tarPrivate(dir: string, to: string): void {
  const tar = spawnSync('tar', ['-czf', to, '-C', dir, 'private'], { encoding: 'utf8' });
  if (tar.status !== 0) throw new Error(`tar failed: ${tar.stderr}`);
}

function sqliteFixture(work: string, out: string): Held {
  const dir = path.join(work, 'sqlite');
  const file = path.join(dir, 'data.db');
  seedInto(dir, { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: file });
  const db = new Sqlite(file, { fileMustExist: true });
  let row: Record<string, unknown>;
  try {
    // One self-contained file (no write-ahead log beside it), without the pages the seed freed.
    db.exec('PRAGMA journal_mode = DELETE');
    db.exec('VACUUM');
    row = db.prepare(COUNT_SQL).all()[0] as Record<string, unknown>;
  } finally {
    db.close();
  }
  gzipInto(file, path.join(out, 'sqlite.db.gz'));
  tarPrivate(dir, path.join(out, 'private-sqlite.tar.gz'));
  return heldIn(row, path.join(dir, 'private'));
}

function postgresFixture(work: string, out: string, server: URL): Held {
  const dir = path.join(work, 'pg');
  const name = `fixture_release_${process.pid}`;
  const url = new URL(server);
  url.pathname = `/${name}`;
  pgTool('psql', ['-q', '-c', `CREATE DATABASE ${name}`, server.toString()]);
  try {
    seedInto(dir, { DATABASE_CLIENT: 'postgres', DATABASE_URL: url.toString() });
    const dump = path.join(work, 'postgres.sql');
    pgTool('pg_dump', ['--no-owner', '--no-acl', `--file=${dump}`, `--dbname=${url}`]);
    gzipInto(dump, path.join(out, 'postgres.sql.gz'));
    tarPrivate(dir, path.join(out, 'private-postgres.tar.gz'));
    const [header, values] = pgTool('psql', ['-A', '-F', '\t', '-P', 'footer=off', '-c', COUNT_SQL, url.toString()])
      .trim()
      .split('\n')
      .map((line) => line.split('\t'));
    return heldIn(
      Object.fromEntries(header.map((column, index) => [column, values[index]])),
      path.join(dir, 'private'),
    );
  } finally {
    pgTool('psql', ['-q', '-c', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, server.toString()]);
  }
}

const listOf = (items: string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : items.join('');
const holdings = (held: Held) => listOf(COUNTED.map(([, label], index) => `${held.counts[index]} ${label}`));

function readme(name: string, commit: string, date: string, sqlite: Held, postgres: Held): string {
  const same = JSON.stringify(sqlite) === JSON.stringify(postgres);
  const holds = same
    ? `Each database holds ${holdings(sqlite)}; each private folder ${sqlite.files} files.`
    : `The SQLite file holds ${holdings(sqlite)} (${sqlite.files} private files); the PostgreSQL dump ${holdings(postgres)} (${postgres.files} private files).`;
  return `# Release fixture: ${date} (commit ${commit})

The demo database as commit ${commit} made it, for \`cms/tests/upgrade-and-backup.test.ts\`: the current code must start
on it, run the migrations it lacks and serve the same investor, ledger and documents; the newest fixture is also backed
up and restored there.

- \`sqlite.db.gz\`: \`npm run seed\` of commit ${commit} into a new SQLite file (vacuumed), gzipped.
- \`postgres.sql.gz\`: \`npm run seed\` of the same commit into a new PostgreSQL database, dumped with
  \`pg_dump --no-owner --no-acl\` (plain SQL), gzipped.
- \`private-sqlite.tar.gz\`, \`private-postgres.tar.gz\`: each seed's \`PRIVATE_FILES_DIR\` (documents, sealed agreements,
  notices), as \`private/\`.

${holds} ${sqlite.migrations} migrations had run, the newest \`${sqlite.newest}\`.

Made by \`npm run release-fixture\` (\`scripts/src/release-fixture.ts\`) on a checkout of the commit, into \`${name}\`.
`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const known = new Set(['--postgres', '--out']);
  const unknown = args.filter(
    (arg, index) => arg.startsWith('--') && !known.has(arg) && !known.has(args[index - 1] ?? ''),
  );
  if (unknown.length) throw new Error(`Unknown option ${unknown[0]} (${USAGE})`);
  const changed = git(['status', '--porcelain', '--', ...SOURCES]);
  if (changed) throw new Error(`Commit first: a fixture is of a commit, and these differ from it:\n${changed}`);
  const server = new URL(
    option(args, '--postgres') ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  server.pathname = '/postgres';
  const fixtures = args.includes('--out')
    ? folderArgument(args, '--out', USAGE)
    : path.join(CMS_DIR, 'tests', 'fixtures');
  const commit = git(['rev-parse', '--short=7', 'HEAD']);
  const [date, time] = git(['show', '-s', '--format=%cd', '--date=format-local:%Y-%m-%d %H%M', 'HEAD']).split(' ');
  const name = `release-${date}-${time}-${commit}`;
  const target = path.join(fixtures, name);
  if (fs.existsSync(target)) throw new Error(`${target} exists: this commit has its fixture`);

  const started = Date.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'release-fixture-'));
  const staging = `${target}.partial-${process.pid}`;
  fs.mkdirSync(staging, { recursive: true });
  try {
    log(`Seeding SQLite for ${name}...`);
    const sqlite = sqliteFixture(work, staging);
    log(`Seeding PostgreSQL (${server.host}) for ${name}...`);
    const postgres = postgresFixture(work, staging, server);
    fs.writeFileSync(path.join(staging, 'README.md'), readme(name, commit, date, sqlite, postgres));
    fs.renameSync(staging, target);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(work, { recursive: true, force: true });
  }
  const bytes = fs.readdirSync(target).reduce((sum, file) => sum + fs.statSync(path.join(target, file)).size, 0);
  log(
    `Wrote ${path.relative(ROOT_DIR, target)} (${(bytes / 1024).toFixed(0)} KB) in ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  );
}

main().catch((error: unknown) => {
  logError(`Release fixture failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
