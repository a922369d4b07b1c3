import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Core } from '@strapi/strapi';

// Strapi's ES build does not load under Node's ESM resolver (directory imports), which is what vitest uses for
// dependencies; its CommonJS build loads everywhere, so ask for that one explicitly.
const { compileStrapi, createStrapi } = createRequire(__filename)('@strapi/strapi') as typeof import('@strapi/strapi');

export const ROOT_DIR = path.resolve(__dirname, '..', '..', '..');
export const CMS_DIR = path.join(ROOT_DIR, 'cms');
export const WEB_PUBLIC_DIR = path.join(ROOT_DIR, 'web', 'public');

/**
 * Boots the CMS without its HTTP server (same config, same database as `npm start`, chosen by env), runs `work`,
 * and always shuts Strapi down again.
 */
export async function withStrapi<T>(work: (strapi: Core.Strapi) => Promise<T>): Promise<T> {
  process.env.STRAPI_TELEMETRY_DISABLED ??= 'true';
  process.env.LOG_LEVEL ??= 'warn';
  const listeners = processListeners();
  removeStaleCompiledCms();
  const context = await compileStrapi({ appDir: CMS_DIR });
  const strapi = await createStrapi({ ...context, autoReload: false, serveAdminPanel: false }).load();
  try {
    return await work(strapi);
  } finally {
    const stillWanted = stillRegistered(listeners);
    await strapi.destroy();
    restoreProcessListeners(stillWanted);
  }
}

/**
 * Deletes the compiled CMS code (not the admin build): tsc never deletes the output of a source file that is gone, so
 * a removed route or middleware would otherwise go on loading from dist/.
 */
export function removeStaleCompiledCms(): void {
  for (const dir of ['src', 'config']) fs.rmSync(path.join(CMS_DIR, 'dist', dir), { recursive: true, force: true });
}

/** Which database the scripts will write to, as env chooses it (the same rules as cms/config/database.ts). */
export function describeDatabase(): string {
  if (process.env.DATABASE_CLIENT === 'postgres') {
    // Never print the password that DATABASE_URL may carry.
    const url = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : undefined;
    return url ? `postgres ${url.host}${url.pathname}` : `postgres ${process.env.DATABASE_HOST ?? '127.0.0.1'}/${process.env.DATABASE_NAME ?? 'portal'}`;
  }
  return `sqlite ${path.resolve(CMS_DIR, process.env.DATABASE_FILENAME ?? '.tmp/data.db')}`;
}

type ProcessListeners = Map<string | symbol, ((...args: unknown[]) => void)[]>;

function processListeners(): ProcessListeners {
  return new Map(process.eventNames().map((name) => [name, process.rawListeners(name) as ((...args: unknown[]) => void)[]]));
}

/** Of the listeners registered before the boot, those still registered now (their owners may have removed some). */
function stillRegistered(listeners: ProcessListeners): ProcessListeners {
  const now = processListeners();
  return new Map([...listeners].map(([name, wanted]) => [name, wanted.filter((listener) => now.get(name)?.includes(listener))]));
}

/**
 * Strapi's destroy() removes every listener on `process`, including ones it does not own (a test runner's IPC
 * channel, a caller's exit hooks); put back the ones that were there before it booted and are still wanted.
 */
function restoreProcessListeners(listeners: ProcessListeners): void {
  for (const [name, wanted] of listeners) {
    const present = process.rawListeners(name);
    for (const listener of wanted) if (!present.includes(listener)) process.on(name, listener);
  }
}
