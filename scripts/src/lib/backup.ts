import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { CMS_DIR } from './strapi';

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
type SqliteDatabase = { backup(file: string): Promise<unknown>; prepare(sql: string): { all(): unknown[] }; close(): void };
const Sqlite = createRequire(path.join(CMS_DIR, 'package.json'))('better-sqlite3') as new (file: string, options?: { readonly?: boolean; fileMustExist?: boolean }) => SqliteDatabase;

const env = (name: string) => process.env[name]?.trim() || undefined;
const fromCms = (value: string) => path.resolve(CMS_DIR, value);

export const databaseKind = (): 'sqlite' | 'postgres' => (env('DATABASE_CLIENT') === 'postgres' ? 'postgres' : 'sqlite');
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

/** Runs a PostgreSQL client program; its output, or an error with what it printed. */
function pgTool(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) throw new Error(`${command} could not run (${result.error.message}): install PostgreSQL's client programs`);
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr.trim() || result.stdout.trim()}`);
  return result.stdout;
}

const countFiles = (dir: string): number =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile()).length : 0;

/** Whether a folder is missing or holds no file. */
const isEmptyDir = (dir: string) => countFiles(dir) === 0;

/**
 * Backs up the database and files env configures into `to`, which must be missing or empty: SQLite through its
 * online backup (a consistent copy while the CMS writes), PostgreSQL through pg_dump's custom format.
 */
export async function backup(to: string): Promise<Manifest> {
  if (fs.existsSync(to) && fs.readdirSync(to).length) throw new Error(`${to} is not empty: back up into a new or empty folder`);
  fs.mkdirSync(to, { recursive: true });
  const database = databaseKind();
  let migrations: string[];
  if (database === 'sqlite') {
    if (!fs.existsSync(sqliteFile())) throw new Error(`There is no database at ${sqliteFile()}`);
    const db = new Sqlite(sqliteFile(), { fileMustExist: true });
    try {
      await db.backup(path.join(to, SQLITE_FILE));
      migrations = (db.prepare('SELECT name FROM strapi_migrations ORDER BY id').all() as { name: string }[]).map((row) => row.name);
    } finally {
      db.close();
    }
  } else {
    pgTool('pg_dump', ['--format=custom', '--no-owner', '--no-acl', `--file=${path.join(to, POSTGRES_FILE)}`, `--dbname=${postgresUrl()}`]);
    migrations = pgTool('psql', ['-At', '-c', 'SELECT name FROM strapi_migrations ORDER BY id', postgresUrl()]).split('\n').filter(Boolean);
  }
  const files: Record<string, number> = {};
  for (const part of fileParts()) {
    if (!fs.existsSync(part.dir)) continue;
    fs.cpSync(part.dir, path.join(to, part.name), { recursive: true });
    files[part.name] = countFiles(path.join(to, part.name));
  }
  const manifest: Manifest = { createdAt: new Date().toISOString(), database, migrations, files };
  fs.writeFileSync(path.join(to, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Restores a backup into the database and folders env configures, all of which must be empty (a missing SQLite file,
 * a PostgreSQL database with no tables, created when missing; file folders missing or empty): nothing is overwritten.
 */
export async function restore(from: string): Promise<Manifest> {
  const manifestFile = path.join(from, MANIFEST);
  if (!fs.existsSync(manifestFile)) throw new Error(`${from} holds no backup (${MANIFEST} is missing)`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const database = databaseKind();
  if (manifest.database !== database) throw new Error(`The backup is of a ${manifest.database} database, but DATABASE_CLIENT names ${database}`);
  // Every check before anything is written.
  const parts = fileParts().filter((part) => fs.existsSync(path.join(from, part.name)));
  const occupied = parts.filter((part) => !isEmptyDir(part.dir) && !(part.name === 'signing' && sameFiles(path.join(from, part.name), part.dir)));
  if (occupied.length) throw new Error(`Restore needs empty folders: ${occupied.map((part) => part.dir).join(', ')} already hold files`);
  if (database === 'sqlite') {
    if (fs.existsSync(sqliteFile()) && fs.statSync(sqliteFile()).size > 0) throw new Error(`Restore needs a new database: ${sqliteFile()} exists`);
  } else {
    ensurePostgresDatabase();
    const tables = Number(pgTool('psql', ['-At', '-c', "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'", postgresUrl()]).trim());
    if (tables > 0) throw new Error('Restore needs an empty database: the one DATABASE_URL names has tables');
  }

  if (database === 'sqlite') {
    fs.mkdirSync(path.dirname(sqliteFile()), { recursive: true });
    fs.copyFileSync(path.join(from, SQLITE_FILE), sqliteFile());
  } else {
    pgTool('pg_restore', ['--no-owner', '--no-acl', '--exit-on-error', `--dbname=${postgresUrl()}`, path.join(from, POSTGRES_FILE)]);
  }
  for (const part of parts) fs.cpSync(path.join(from, part.name), part.dir, { recursive: true });
  return manifest;
}

/** Creates the PostgreSQL database env names when the server has none of that name. */
function ensurePostgresDatabase(): void {
  const url = new URL(postgresUrl());
  const name = decodeURIComponent(url.pathname.slice(1));
  const server = new URL(url);
  server.pathname = '/postgres';
  const found = pgTool('psql', ['-At', '-c', `SELECT 1 FROM pg_database WHERE datname = '${name.replace(/'/g, "''")}'`, server.toString()]).trim();
  if (!found) pgTool('psql', ['-q', '-c', `CREATE DATABASE "${name.replace(/"/g, '""')}"`, server.toString()]);
}

/** Whether every file under `from` is under `to` with the same bytes (a certificate restored onto its own machine). */
function sameFiles(from: string, to: string): boolean {
  return fs.readdirSync(from, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile()).every((entry) => {
    const relative = path.relative(from, path.join(entry.parentPath, entry.name));
    const there = path.join(to, relative);
    return fs.existsSync(there) && fs.readFileSync(there).equals(fs.readFileSync(path.join(from, relative)));
  });
}
