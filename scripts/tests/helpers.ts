import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { Client } from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildRulesIfStale, ROOT_DIR, withStrapi } from '../src/lib/strapi';

export const SCRIPTS_DIR = path.resolve(__dirname, '..');

/**
 * Points this test file at a fresh SQLite file and media library folder in a new temporary folder (removed after
 * the file's tests), in process.env, so both an in-process Strapi and the CLI child processes use them. With
 * SCRIPTS_TEST_DATABASE=postgres (tests/run.mjs's second pass), the database is a new PostgreSQL one instead, made
 * on the server DATABASE_URL names before the file's tests and dropped after them.
 */
export function useThrowAwayDatabase(): { dir: string; database: string; uploadsDir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-scripts-test-'));
  const database = path.join(dir, 'test.db');
  const publicDir = path.join(dir, 'public');
  const uploadsDir = path.join(publicDir, 'uploads');
  fs.mkdirSync(uploadsDir, { recursive: true });
  Object.assign(process.env, {
    NODE_ENV: 'test',
    DATABASE_CLIENT: 'sqlite',
    DATABASE_FILENAME: database,
    PUBLIC_DIR: publicDir,
    PRIVATE_FILES_DIR: path.join(dir, 'private'),
    EMAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
  });
  if (process.env.SCRIPTS_TEST_DATABASE === 'postgres') usePostgresDatabase();
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return { dir, database, uploadsDir };
}

/** A new PostgreSQL database on DATABASE_URL's server for this file's tests (DATABASE_CLIENT=postgres), dropped after. */
function usePostgresDatabase(): void {
  const server = process.env.DATABASE_URL;
  if (!server)
    throw new Error('SCRIPTS_TEST_DATABASE=postgres needs DATABASE_URL (a server the tests may create a database on)');
  const name = `portal_scripts_test_${process.pid}_${Date.now()}`;
  const onServer = async (sql: string) => {
    const client = new Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  beforeAll(async () => {
    await onServer(`CREATE DATABASE ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    Object.assign(process.env, { DATABASE_CLIENT: 'postgres', DATABASE_URL: url.toString() });
  });
  afterAll(async () => {
    process.env.DATABASE_URL = server;
    await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

/**
 * A copy of the checkout in a new temporary folder (removed after the file's tests), as a clone is after `npm ci`:
 * the files git tracks (and new ones it does not ignore), so no databases, .env files or builds but the shared
 * rules'. Each node_modules folder is the copy's own, of links to the installed packages: nothing is installed again,
 * while what tools cache there (Vite, Strapi's admin bundler) and the workspaces npm links (@portal/rules) are the
 * copy's. A test that builds, compiles and edits sources on purpose runs there, away from the checkout other tests
 * read meanwhile.
 */
export function useCheckoutCopy(): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-checkout-'));
  afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT_DIR,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`Listing the checkout's files failed:\n${listed.stderr}`);
  // A file deleted but not yet committed is still listed.
  for (const file of listed.stdout.split('\0').filter((name) => name && fs.existsSync(path.join(ROOT_DIR, name)))) {
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT_DIR, file), path.join(copy, file));
  }
  const { workspaces } = JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  for (const dir of ['.', ...workspaces])
    linkPackages(path.join(ROOT_DIR, dir, 'node_modules'), path.join(copy, dir, 'node_modules'), copy);
  // What `npm ci` builds after installing (the root's postinstall): the scripts load the shared rules compiled.
  buildRulesIfStale(path.join(copy, 'rules'));
  return copy;
}

/** Fills `copied` with links to the packages of `installed` (a scope's folder entry by entry), skipping caches. */
function linkPackages(installed: string, copied: string, copy: string): void {
  if (!fs.existsSync(installed)) return;
  fs.mkdirSync(copied);
  for (const entry of fs.readdirSync(installed, { withFileTypes: true })) {
    const target = path.join(installed, entry.name);
    // Tools' caches (.vite, .strapi, .cache): a clone has none, and the copy's tools write their own.
    if (entry.name.startsWith('.') && entry.name !== '.bin' && entry.isDirectory()) continue;
    if (entry.name.startsWith('@')) {
      linkPackages(target, path.join(copied, entry.name), copy);
      continue;
    }
    const inCheckout = path.relative(ROOT_DIR, fs.realpathSync(target));
    const isWorkspace = !inCheckout.startsWith('..') && !inCheckout.split(path.sep).includes('node_modules');
    fs.symlinkSync(isWorkspace ? path.join(copy, inCheckout) : target, path.join(copied, entry.name));
  }
}

export interface OpenStrapi {
  strapi: Core.Strapi;
  close(): Promise<void>;
}

/** Boots Strapi once and keeps it up until close(), so the tests of a file share one (slow) boot. */
export async function openStrapi(): Promise<OpenStrapi> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let finished: Promise<void> = Promise.resolve();
  const strapi = await new Promise<Core.Strapi>((resolve, reject) => {
    finished = withStrapi(async (booted) => {
      resolve(booted);
      await released;
    }).catch(reject);
  });
  let closed = false;
  return {
    strapi,
    async close() {
      if (closed) return;
      closed = true;
      release();
      await finished;
    },
  };
}

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npx tsx <args>` in scripts/ the way a developer would, on this file's database (env is inherited). */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return runNode('npx', ['tsx', ...args], env);
}

/**
 * Runs tsx directly, the way `npm run` does from the root: cwd is scripts/ and INIT_CWD says where the user was.
 * (`npx` would overwrite INIT_CWD with its own cwd.)
 */
export function runAsNpmScript(args: string[], initCwd: string, env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const tsx = createRequire(__filename).resolve('tsx/cli');
  return runNode(process.execPath, [tsx, ...args], { ...env, INIT_CWD: initCwd });
}

function runNode(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: SCRIPTS_DIR, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
