import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { CMS_DIR, ROOT_DIR } from './strapi';
import { Client } from 'pg';

/**
 * What a backup holds and where each part lives, as env configures the CMS (the same rules as cms/config): the
 * database (SQLite file or PostgreSQL), the private documents and the media library's uploads when they are on this
 * machine's disk (with STORAGE_PROVIDER=s3 they stay in the bucket), and the local signer's certificate when no
 * SIGNING_CERT_P12 is set (agreements sealed with it must keep verifying against the same one).
 */

export const MANIFEST = 'manifest.json';
const SQLITE_FILE = 'database.sqlite';
const POSTGRES_FILE = 'database.dump';

export interface Manifest {
  createdAt: string;
  /** The code that made the backup: the CMS's package version and, in a git checkout, its commit. */
  app: { version: string; commit?: string };
  database: 'sqlite' | 'postgres';
  /** The migrations the database had run (strapi_migrations), oldest first. */
  migrations: string[];
  /** Files copied, by part. */
  files: Record<string, number>;
}

/** A folder of files the backup carries, as a name in the backup and a place on this machine. */
interface FilePart {
  name: string;
  dir: string;
}

/** The CMS's better-sqlite3 (the CMS workspace declares it). */
type SqliteDatabase = {
  backup(file: string): Promise<unknown>;
  prepare(sql: string): { all(): unknown[] };
  exec(sql: string): unknown;
  close(): void;
};
export const Sqlite = createRequire(path.join(CMS_DIR, 'package.json'))('better-sqlite3') as new (
  file: string,
  options?: { readonly?: boolean; fileMustExist?: boolean },
) => SqliteDatabase;

const env = (name: string) => process.env[name]?.trim() || undefined;
const fromCms = (value: string) => path.resolve(CMS_DIR, value);

export const databaseKind = (): 'sqlite' | 'postgres' =>
  env('DATABASE_CLIENT') === 'postgres' ? 'postgres' : 'sqlite';
export const sqliteFile = () => fromCms(env('DATABASE_FILENAME') ?? '.tmp/data.db');

/** The PostgreSQL connection string env names (DATABASE_URL, or its parts), for pg_dump and pg_restore. */
export function postgresUrl(): string {
  if (env('DATABASE_URL')) return env('DATABASE_URL')!;
  const url = new URL('postgres://localhost');
  url.hostname = env('DATABASE_HOST') ?? '127.0.0.1';
  url.port = env('DATABASE_PORT') ?? '5432';
  url.pathname = `/${env('DATABASE_NAME') ?? 'portal'}`;
  url.username = env('DATABASE_USERNAME') ?? 'postgres';
  if (env('DATABASE_PASSWORD')) url.password = env('DATABASE_PASSWORD')!;
  if (env('DATABASE_SSL') === 'true') url.searchParams.set('sslmode', 'require');
  return url.toString();
}

/**
 * Whether the database env names holds no portal yet, so a start seeds it: a SQLite file that is not there, or a
 * PostgreSQL database without the portals table (or with none in it). A server that does not answer counts as new:
 * the seed then says what is wrong.
 */
export async function databaseIsNew(): Promise<boolean> {
  if (databaseKind() === 'sqlite') return !fs.existsSync(sqliteFile());
  const client = new Client({ connectionString: postgresUrl() });
  try {
    await client.connect();
    const table = `"${postgresSchema().replace(/"/g, '""')}".portals`;
    const { rows } = await client.query<{ found: string | null }>('SELECT to_regclass($1) AS found', [table]);
    if (!rows[0].found) return true;
    return (await client.query(`SELECT 1 FROM ${table} LIMIT 1`)).rowCount === 0;
  } catch {
    return true;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The folders of files this configuration keeps on disk. */
export function fileParts(): FilePart[] {
  const parts: FilePart[] = [];
  if (env('STORAGE_PROVIDER') !== 's3') {
    parts.push({ name: 'private', dir: fromCms(env('PRIVATE_FILES_DIR') ?? '.tmp/private') });
    parts.push({ name: 'uploads', dir: path.join(fromCms(env('PUBLIC_DIR') ?? './public'), 'uploads') });
  }
  if (!env('SIGNING_CERT_P12')) parts.push({ name: 'signing', dir: fromCms('.tmp/signing') });
  return parts;
}

/**
 * Runs a PostgreSQL client program; its output, or an error with what it printed. A password in a connection string
 * goes to the program as PGPASSWORD, not on its command line (where any user of the machine could read it with ps).
 */
export function pgTool(command: string, args: string[]): string {
  let password: string | undefined;
  const shown = args.map((arg) => {
    const prefix = arg.startsWith('--dbname=') ? '--dbname=' : '';
    if (!/^postgres(ql)?:\/\//.test(arg.slice(prefix.length))) return arg;
    const url = new URL(arg.slice(prefix.length));
    if (!url.password) return arg;
    password = decodeURIComponent(url.password);
    url.password = '';
    return `${prefix}${url.toString()}`;
  });
  const result = spawnSync(command, shown, {
    encoding: 'utf8',
    env: { ...process.env, ...(password !== undefined && { PGPASSWORD: password }) },
  });
  if (result.error)
    throw new Error(`${command} could not run (${result.error.message}): install PostgreSQL's client programs`);
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr.trim() || result.stdout.trim()}`);
  return result.stdout;
}

/** The placeholder a checkout keeps in its empty folders (cms/public/uploads): not a file of the portal's. */
const PLACEHOLDER = '.gitkeep';

const countFiles = (dir: string): number =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile() && entry.name !== PLACEHOLDER).length
    : 0;

/** Whether a folder is missing or holds no file (a fresh checkout's placeholder aside). */
const isEmptyDir = (dir: string) => countFiles(dir) === 0;

/** The code running: cms/package.json's version and the checkout's commit when there is one. */
function appVersion(): Manifest['app'] {
  const { version } = JSON.parse(fs.readFileSync(path.join(CMS_DIR, 'package.json'), 'utf8')) as { version: string };
  const git = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT_DIR, encoding: 'utf8' });
  return git.status === 0 ? { version, commit: git.stdout.trim() } : { version };
}

/** A name beside `target` for work in progress, moved into place only when complete. */
const stagingFor = (target: string) => `${target}.partial-${process.pid}`;

/**
 * Backs up the database and files env configures into `to`, which must be missing or empty: SQLite through its
 * online backup (a consistent copy while the CMS writes), PostgreSQL through pg_dump's custom format. It is written
 * beside `to` and renamed into place when complete, so a failed backup leaves no folder that looks like one.
 */
export async function backup(to: string): Promise<Manifest> {
  if (fs.existsSync(to) && fs.readdirSync(to).length)
    throw new Error(`${to} is not empty: back up into a new or empty folder`);
  const database = databaseKind();
  if (database === 'sqlite' && !fs.existsSync(sqliteFile())) throw new Error(`There is no database at ${sqliteFile()}`);
  const staging = stagingFor(to);
  fs.mkdirSync(staging, { recursive: true });
  try {
    let migrations: string[];
    if (database === 'sqlite') {
      const live = new Sqlite(sqliteFile(), { fileMustExist: true });
      try {
        await live.backup(path.join(staging, SQLITE_FILE));
      } finally {
        live.close();
      }
      // Read from the copy, so the manifest says what the backup holds.
      const copy = new Sqlite(path.join(staging, SQLITE_FILE), { readonly: true });
      try {
        migrations = (copy.prepare('SELECT name FROM strapi_migrations ORDER BY id').all() as { name: string }[]).map(
          (row) => row.name,
        );
      } finally {
        copy.close();
      }
    } else {
      pgTool('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-acl',
        `--file=${path.join(staging, POSTGRES_FILE)}`,
        `--dbname=${postgresUrl()}`,
      ]);
      migrations = pgTool('psql', [
        '-At',
        '-c',
        `SELECT name FROM "${postgresSchema().replace(/"/g, '""')}".strapi_migrations ORDER BY id`,
        postgresUrl(),
      ])
        .split('\n')
        .filter(Boolean);
    }
    // Files after the database: a document's row is saved only once its file is stored, so every file the copied
    // database names is on disk by now (files added since are extra, and harmless).
    const files: Record<string, number> = {};
    for (const part of fileParts()) {
      if (!fs.existsSync(part.dir)) continue;
      fs.cpSync(part.dir, path.join(staging, part.name), { recursive: true });
      files[part.name] = countFiles(path.join(staging, part.name));
    }
    const manifest: Manifest = { createdAt: new Date().toISOString(), app: appVersion(), database, migrations, files };
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    if (fs.existsSync(to)) fs.rmdirSync(to);
    fs.renameSync(staging, to);
    return manifest;
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Restores a backup into the database and folders env configures, all of which must be empty (a missing SQLite file,
 * a PostgreSQL database with no tables, created when missing; file folders missing or empty): nothing is overwritten.
 * The files are copied beside their folders first and moved in only once the database is restored (PostgreSQL in one
 * transaction), so a failed restore leaves the targets as empty as it found them.
 */
export async function restore(from: string): Promise<Manifest> {
  const manifest = readManifest(from);
  const database = databaseKind();
  if (manifest.database !== database)
    throw new Error(`The backup is of a ${manifest.database} database, but DATABASE_CLIENT names ${database}`);
  const dump = path.join(from, database === 'sqlite' ? SQLITE_FILE : POSTGRES_FILE);
  if (!fs.existsSync(dump)) throw new Error(`${from} is incomplete: ${path.basename(dump)} is missing`);
  // Every check before anything is written. A part that already holds exactly the backup's files (the local signer's
  // certificate, restored onto the checkout that made it) is left as it is.
  const parts = fileParts().filter(
    (part) => fs.existsSync(path.join(from, part.name)) && !sameFiles(path.join(from, part.name), part.dir),
  );
  const occupied = parts.filter((part) => !isEmptyDir(part.dir));
  if (occupied.length)
    throw new Error(`Restore needs empty folders: ${occupied.map((part) => part.dir).join(', ')} already hold files`);
  if (database === 'sqlite') {
    if (fs.existsSync(sqliteFile()) && fs.statSync(sqliteFile()).size > 0)
      throw new Error(`Restore needs a new database: ${sqliteFile()} exists`);
  } else {
    ensurePostgresDatabase();
    const tables = Number(
      pgTool('psql', [
        '-At',
        '-c',
        `SELECT count(*) FROM information_schema.tables WHERE table_schema = '${postgresSchema().replace(/'/g, "''")}'`,
        postgresUrl(),
      ]).trim(),
    );
    if (tables > 0) throw new Error(`Restore needs an empty database: ${describePostgres()} has tables`);
  }

  const staged = parts.map((part) => ({ part, staging: stagingFor(part.dir) }));
  try {
    for (const { part, staging } of staged) fs.cpSync(path.join(from, part.name), staging, { recursive: true });
    if (database === 'sqlite') {
      fs.mkdirSync(path.dirname(sqliteFile()), { recursive: true });
      fs.copyFileSync(dump, stagingFor(sqliteFile()));
      fs.renameSync(stagingFor(sqliteFile()), sqliteFile());
    } else {
      pgTool('pg_restore', [
        '--no-owner',
        '--no-acl',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${postgresUrl()}`,
        dump,
      ]);
      // A dump carries no planner statistics: gathered now, so the restored portal is served with the plans it had.
      pgTool('psql', ['-q', '-c', 'ANALYZE', postgresUrl()]);
    }
    for (const { part, staging } of staged) moveInto(staging, part.dir);
  } finally {
    for (const { staging } of staged) fs.rmSync(staging, { recursive: true, force: true });
    if (database === 'sqlite') fs.rmSync(stagingFor(sqliteFile()), { force: true });
  }
  return manifest;
}

/** The backup's manifest, or an error saying the folder holds no backup. */
function readManifest(from: string): Manifest {
  const file = path.join(from, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`${from} holds no backup (${MANIFEST} is missing)`);
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Manifest>;
  } catch {
    throw new Error(`${file} is not a backup's manifest (it is not JSON)`);
  }
  if (manifest?.database !== 'sqlite' && manifest?.database !== 'postgres')
    throw new Error(`${file} is not a backup's manifest (it names no database)`);
  return manifest as Manifest;
}

/** Moves everything in `staging` into `dir` (made when missing; empty but for a checkout's placeholder). */
function moveInto(staging: string, dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  for (const name of fs.readdirSync(staging)) fs.renameSync(path.join(staging, name), path.join(dir, name));
}

const postgresSchema = () => env('DATABASE_SCHEMA') ?? 'public';

/** The PostgreSQL database env names, without the password a URL may carry. */
function describePostgres(): string {
  const url = new URL(postgresUrl());
  return `the database ${decodeURIComponent(url.pathname.slice(1))} on ${url.host}`;
}

/** Creates the PostgreSQL database env names when the server has none of that name. */
function ensurePostgresDatabase(): void {
  const url = new URL(postgresUrl());
  const name = decodeURIComponent(url.pathname.slice(1));
  const server = new URL(url);
  server.pathname = '/postgres';
  const found = pgTool('psql', [
    '-At',
    '-c',
    `SELECT 1 FROM pg_database WHERE datname = '${name.replace(/'/g, "''")}'`,
    server.toString(),
  ]).trim();
  if (!found) pgTool('psql', ['-q', '-c', `CREATE DATABASE "${name.replace(/"/g, '""')}"`, server.toString()]);
}

/** Whether every file under `from` is under `to` with the same bytes (a certificate restored onto its own machine). */
function sameFiles(from: string, to: string): boolean {
  if (!fs.existsSync(to) || isEmptyDir(from)) return false;
  return fs
    .readdirSync(from, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .every((entry) => {
      const relative = path.relative(from, path.join(entry.parentPath, entry.name));
      const there = path.join(to, relative);
      return fs.existsSync(there) && fs.readFileSync(there).equals(fs.readFileSync(path.join(from, relative)));
    });
}
