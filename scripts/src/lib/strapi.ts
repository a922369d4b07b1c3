import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Core } from '@strapi/strapi';
import { adminBuild } from './build-stamps';
import { filesUnder } from './files';

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
  // Strapi's ES build does not load under Node's ESM resolver (directory imports), which is what vitest uses for
  // dependencies; its CommonJS build loads everywhere, so ask for that one explicitly. Loaded here, not on import:
  // the build helpers below serve processes that never boot Strapi (the browser tests' setup).
  const { createStrapi } = createRequire(__filename)('@strapi/strapi') as typeof import('@strapi/strapi');
  const listeners = processListeners();
  const strapi = await createStrapi({ ...compileCms(), autoReload: false, serveAdminPanel: false }).load();
  try {
    return await work(strapi);
  } finally {
    const stillWanted = stillRegistered(listeners);
    await strapi.destroy();
    restoreProcessListeners(stillWanted);
  }
}

/** The CMS folders tsc compiles into dist/ (cms/tsconfig.json), each mirrored there. */
const COMPILED_DIRS = ['src', 'config', 'database'];
const SOURCE_EXTENSIONS = ['.ts', '.js', '.json'];
/** Sources under src/ that tsc leaves to others: a local plugin's admin panel and its loader (cms/tsconfig.json's exclude). */
const NOT_COMPILED_BY_TSC = /^src[\\/]plugins[\\/][^\\/]+[\\/](admin[\\/]|strapi-server\.js$)/;
/** What tsc writes for a source file, by the source's extension. */
const OUTPUT_EXTENSION: Record<string, string> = { '.ts': '.js', '.js': '.js', '.json': '.json' };
const DIST_DIR = path.join(CMS_DIR, 'dist');
/** Touched by compileCms() when it compiled, with the time it started. */
const COMPILE_STAMP = path.join(DIST_DIR, '.compiled-sources');

/**
 * Makes cms/dist agree with the sources before tsc compiles incrementally: deletes compiled files whose source is
 * gone (tsc never deletes the output of a removed file, so a removed route or middleware would go on loading), and
 * when a source has no compiled file (dist/src deleted by hand, a half-finished build), deletes tsc's build info,
 * which would otherwise tell tsc that nothing changed and have it emit nothing. Answers whether such a source was
 * found (a compile must run before the CMS can start).
 */
export function removeStaleCompiledCms(): boolean {
  return pruneCompiledCms().incomplete;
}

/** removeStaleCompiledCms(), answering also the sources it found (compileCms() checks their times). */
function pruneCompiledCms(): { incomplete: boolean; sources: string[] } {
  buildRulesIfStale();
  for (const dir of COMPILED_DIRS) {
    for (const compiled of filesUnder(path.join(DIST_DIR, dir))) {
      const stem = compiled.replace(/(\.d\.ts|\.js\.map|\.js|\.json)$/, '');
      const source = path.join(CMS_DIR, path.relative(DIST_DIR, stem));
      if (!SOURCE_EXTENSIONS.some((extension) => fs.existsSync(source + extension)))
        fs.rmSync(compiled, { force: true });
    }
    // A folder left empty would still be loaded as an API of nothing.
    removeEmptyFolders(path.join(DIST_DIR, dir));
  }
  const sources = compiledSources();
  const incomplete = sources.some(({ compiled }) => !fs.existsSync(compiled));
  if (incomplete) fs.rmSync(path.join(DIST_DIR, 'tsconfig.tsbuildinfo'), { force: true });
  return { incomplete, sources: sources.map(({ source }) => source) };
}

/** Each source tsc compiles (cms/tsconfig.json) with the file it compiles to. */
function compiledSources(): { source: string; compiled: string }[] {
  // The admin panel (the app's and each local plugin's) is built by Strapi's bundler, a plugin's strapi-server.js
  // loads its compiled server from dist and tests are not compiled at all (cms/tsconfig.json's exclude).
  return COMPILED_DIRS.flatMap((dir) => filesUnder(path.join(CMS_DIR, dir), ['admin']))
    .filter(
      (source) =>
        path.extname(source) in OUTPUT_EXTENSION &&
        !source.endsWith('.d.ts') &&
        !source.includes('.test.') &&
        !NOT_COMPILED_BY_TSC.test(path.relative(CMS_DIR, source)),
    )
    .map((source) => ({
      source,
      compiled:
        path.join(DIST_DIR, path.relative(CMS_DIR, source)).slice(0, -path.extname(source).length) +
        OUTPUT_EXTENSION[path.extname(source)],
    }));
}

/**
 * Compiles the CMS into cms/dist as `npm start` runs it (tsc, incremental), unless dist already holds today's
 * sources: every source compiled and none changed since the last compile here (a stamp in dist/ keeps its time).
 * Strapi's own compileStrapi() type-checks the whole CMS again on every call (about 15 s), which every seed, portal
 * script and test boot paid. `beforeCompiling` is called when it does compile. Answers the folders Strapi loads
 * from; throws with tsc's messages when tsc fails.
 */
export function compileCms(beforeCompiling?: () => void): { appDir: string; distDir: string } {
  const { incomplete, sources } = pruneCompiledCms();
  const stampedAt = fs.existsSync(COMPILE_STAMP) ? fs.statSync(COMPILE_STAMP).mtimeMs : 0;
  const inputs = [...sources, path.join(CMS_DIR, 'tsconfig.json'), path.join(CMS_DIR, 'package.json')];
  if (incomplete || inputs.some((file) => fs.statSync(file).mtimeMs > stampedAt)) {
    beforeCompiling?.();
    // The time before the compile: a source saved while tsc runs is compiled again next time.
    const startedAt = new Date();
    const tsc = createRequire(__filename).resolve('typescript/bin/tsc');
    const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: CMS_DIR, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`Compiling the CMS failed:\n${result.stdout}${result.stderr}`);
    fs.writeFileSync(COMPILE_STAMP, '');
    fs.utimesSync(COMPILE_STAMP, startedAt, startedAt);
  }
  return { appDir: CMS_DIR, distDir: DIST_DIR };
}

/**
 * Builds the admin panel into cms/dist/build (`strapi build`, which compiles the server into cms/dist as well) unless
 * it holds one made from today's sources, and notes what it was made from. `beforeBuilding` is called when it does
 * build. Throws when the build fails (its messages are on the console).
 */
export function buildAdminPanelIfStale(beforeBuilding?: () => void): void {
  if (adminBuild.isCurrent()) return;
  beforeBuilding?.();
  // Strapi's build compiles into dist without deleting what a removed source compiled to.
  removeStaleCompiledCms();
  // Always a production bundle: Vite takes its mode's NODE_ENV from the environment, and a build made under a test
  // runner (NODE_ENV=test) or a development shell served React's and Redux's development code, with their warnings
  // in the console and a slower desk, to whoever opened the panel after it.
  const result = spawnSync('npx', ['strapi', 'build'], {
    cwd: CMS_DIR,
    env: { STRAPI_TELEMETRY_DISABLED: 'true', ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`Building the admin panel failed (exit code ${result.status}).`);
  adminBuild.record();
}

const RULES_DIR = path.join(ROOT_DIR, 'rules');

/**
 * The CMS loads the shared rules compiled (rules/dist, built by `npm install`): after a `git pull` that changed them
 * without an install, they are compiled again here, so a start never runs new CMS code on old rules.
 */
export function buildRulesIfStale(rulesDir = RULES_DIR): void {
  const built = path.join(rulesDir, 'dist', 'index.js');
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  const sources = filesUnder(path.join(rulesDir, 'src')).filter(
    (file) => file.endsWith('.ts') && !file.includes('.test.') && !file.includes('.bench.'),
  );
  const stale = sources.some((source) => {
    const compiled = path
      .join(rulesDir, 'dist', path.relative(path.join(rulesDir, 'src'), source))
      .replace(/\.ts$/, '.js');
    return !fs.existsSync(compiled) || fs.statSync(source).mtimeMs > builtAt;
  });
  if (!stale) return;
  const tsc = createRequire(__filename).resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', path.join(rulesDir, 'tsconfig.json')], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`Compiling the shared rules failed:\n${result.stdout}${result.stderr}`);
}

function removeEmptyFolders(dir: string): void {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) removeEmptyFolders(path.join(dir, entry.name));
  }
  if (fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
}

/** Which database the scripts will write to, as env chooses it (the same rules as cms/config/database.ts). */
export function describeDatabase(): string {
  if (process.env.DATABASE_CLIENT === 'postgres') {
    // Never print the password that DATABASE_URL may carry.
    const url = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : undefined;
    return url
      ? `postgres ${url.host}${url.pathname}`
      : `postgres ${process.env.DATABASE_HOST ?? '127.0.0.1'}/${process.env.DATABASE_NAME ?? 'portal'}`;
  }
  return `sqlite ${path.resolve(CMS_DIR, process.env.DATABASE_FILENAME ?? '.tmp/data.db')}`;
}

type ProcessListeners = Map<string | symbol, ((...args: unknown[]) => void)[]>;

function processListeners(): ProcessListeners {
  return new Map(
    process.eventNames().map((name) => [name, process.rawListeners(name) as ((...args: unknown[]) => void)[]]),
  );
}

/** Of the listeners registered before the boot, those still registered now (their owners may have removed some). */
function stillRegistered(listeners: ProcessListeners): ProcessListeners {
  const now = processListeners();
  return new Map(
    [...listeners].map(([name, wanted]) => [name, wanted.filter((listener) => now.get(name)?.includes(listener))]),
  );
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
