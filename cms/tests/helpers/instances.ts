import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from './s3-server';

export { freePort };

const CMS_DIR = path.resolve(__dirname, '..', '..');
const ROOT_DIR = path.resolve(CMS_DIR, '..');

/** The PostgreSQL server the multi-instance and fault tests create their database on: DATABASE_URL, else the local one. */
export const postgresServerUrl = () => process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Why no PostgreSQL server answers (to print when skipping), or null when one does. */
export async function postgresMissing(): Promise<string | null> {
  const client = new Client({ connectionString: postgresServerUrl(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return `PostgreSQL does not answer at ${new URL(postgresServerUrl()).host} (${error instanceof Error ? error.message : String(error)}); set DATABASE_URL`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface ThrowAwayDatabase {
  url: string;
  /** SQL against it (checks of what was stored). */
  query<T = Record<string, unknown>>(sql: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/** A fresh, empty PostgreSQL database on the server, dropped by drop(). */
export async function throwAwayDatabase(label: string): Promise<ThrowAwayDatabase> {
  const server = postgresServerUrl();
  const name = `portal_${label}_${process.pid}_${Date.now()}`;
  const admin = new Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  const reader = new Client({ connectionString: url.toString() });
  await reader.connect();
  return {
    url: url.toString(),
    query: async <T>(sql: string, values?: unknown[]) => (await reader.query(sql, values)).rows as T[],
    async drop() {
      await reader.end().catch(() => undefined);
      const cleanup = new Client({ connectionString: server });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, label: string): void {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 300_000 });
  if (result.status !== 0) throw new Error(`${label} failed:\n${result.stdout}\n${result.stderr}`);
}

/** The environment every instance of one deployment shares: its database, storage and mail settings. */
export function deploymentEnv(workDir: string, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    STRAPI_TELEMETRY_DISABLED: 'true',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATABASE_CLIENT: 'postgres',
    EMAIL_OUTBOX_DIR: path.join(workDir, 'outbox'),
    PRIVATE_FILES_DIR: path.join(workDir, 'private'),
    PUBLIC_DIR: path.join(workDir, 'public'),
    SMTP_HOST: '',
    RECAPTCHA_SECRET_KEY: '',
    TRUST_PROXY: 'false',
    REDIS_URL: '',
    ...extra,
  };
  // The test run's own settings must not leak into the deployment under test.
  delete env.TEST_DATABASE;
  delete env.VITEST;
  delete env.VITEST_POOL_ID;
  delete env.VITEST_WORKER_ID;
  return env;
}

/** Seeds the deployment's database with the real `npm run seed` (demo portals, funds, accounts). */
export function seedDeployment(env: NodeJS.ProcessEnv): void {
  fs.mkdirSync(path.join(env.PUBLIC_DIR as string, 'uploads'), { recursive: true });
  run('npm', ['run', 'seed', '--silent'], ROOT_DIR, env, 'Seeding');
}

export interface Instance {
  url: string;
  port: number;
  /** Everything the instance printed (for a failing test's message). */
  output(): string;
  /** Kills the process group with `signal` and waits for it to end. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port and waits until it answers. */
  restart(): Promise<void>;
}

async function waitUntilServing(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs = 180_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The CMS at ${url} exited:\n${output()}`);
    try {
      if ((await fetch(`${url}/_health`)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`The CMS at ${url} did not answer within ${timeoutMs} ms:\n${output()}`);
}

/** One CMS instance: `strapi start` on the compiled app, its own process (group), on a free port. */
export async function startInstance(env: NodeJS.ProcessEnv): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess;
  let printed = '';
  const launch = async () => {
    printed = '';
    child = spawn(path.join(ROOT_DIR, 'node_modules', '.bin', 'strapi'), ['start'], {
      cwd: CMS_DIR,
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const keep = (chunk: Buffer) => (printed = (printed + chunk.toString('utf8')).slice(-20_000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    await waitUntilServing(url, child, () => printed);
  };
  await launch();
  return {
    url,
    port,
    output: () => printed,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
      const ended = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, signal);
      await ended;
    },
    restart: launch,
  };
}

/** A folder for one deployment's files, removed by the returned function. */
export function workFolder(label: string): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${label}-`));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** JSON over HTTP to one instance, as one client (address header only when given). */
export async function callAt(
  base: string,
  method: string,
  route: string,
  body?: unknown,
  headers: Record<string, string> = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers; `any` keeps assertions short
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  // Tests read arbitrary JSON answers; `any` keeps assertions short.
  return {
    status: response.status,
    body: response.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text,
  };
}
