import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminBuild } from '../src/lib/build-stamps';
import { freePort } from '../src/lib/free-port';
import { CMS_DIR } from '../src/lib/strapi';
import { useCheckoutCopy, useThrowAwayDatabase } from './helpers';

/**
 * A sponsor's portal is started and stopped for years on one database: `npm start` three times (the first seeds the
 * new database; before the second, what a pull that removed a file and a build stopped half-way leave in cms/dist),
 * then `npm run dev`, `npm run serve` and `npm run dev` again: six starts on the same database, each answering the site
 * and a signed-in investor. A route file is added to the sources before the first `dev` (which compiles and serves it) and
 * removed again, as a `git pull` removes it, before the first `serve`, which must not serve it. With
 * SCRIPTS_TEST_DATABASE=postgres the database is a PostgreSQL one (tests/run.mjs), started four times (`npm start` three
 * times, then `npm run serve`): `dev` compiles and serves as `start` does, whatever the database, and `serve` starts
 * again as the others do, so that pass leaves those (and the added route) to SQLite's.
 * All of it happens in a copy of the checkout, a new clone's first `npm start` building what it lacks: these starts write
 * cms/dist, web/dist and the sources on purpose, which other tests read meanwhile (`npm test`'s last stage).
 */
const ON_POSTGRES = process.env.SCRIPTS_TEST_DATABASE === 'postgres';

useThrowAwayDatabase();
const checkout = useCheckoutCopy();
const cmsDir = path.join(checkout, 'cms');
// The checkout's own admin panel, when it is current (`npm test` builds it in its first stage, with the function
// `npm start` calls), instead of spending a minute and more of the last stage to build it again; when it is not (this
// file run alone after a change to the panel), the copy's first start must build it.
const adminCopied = adminBuild.isCurrent();
if (adminCopied)
  fs.cpSync(path.join(CMS_DIR, 'dist', 'build'), path.join(cmsDir, 'dist', 'build'), { recursive: true });

/** The compiled copy of a route file that a `git pull` removed from the sources. */
const GHOST_ROUTE =
  "module.exports = { routes: [{ method: 'GET', path: '/ghost', handler: 'api::portal.portal.listPublic', config: { auth: false } }] };\n";
/** The same route as a source file, as a branch adds it. */
const GHOST_SOURCE =
  "export default { routes: [{ method: 'GET', path: '/ghost', handler: 'api::portal.portal.listPublic', config: { auth: false } }] };\n";

const INVESTOR = {
  username: 'investor.investing@wasabistallions.com',
  password: 'DemoPass2026!',
  portal: 'wasabistallions',
};

interface Running {
  child: ChildProcess;
  output: () => string;
}

/** Runs an npm script from the copy's root, as a developer would, in its own process group (Ctrl-C reaches all of it). */
function npm(script: string, env: NodeJS.ProcessEnv): Running {
  const child = spawn('npm', ['run', script, '--silent'], {
    cwd: checkout,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

/** Waits until `url` answers 200 (or the process ends); false when it never did. */
async function answers(url: string, running: Running, seconds = 600): Promise<boolean> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until && running.child.exitCode === null) {
    try {
      if ((await fetch(url)).status === 200) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

/** Ctrl-C: SIGINT to the whole process group, then waits for the script to exit. */
async function stop(running: Running): Promise<void> {
  if (running.child.exitCode !== null) return;
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  process.kill(-running.child.pid!, 'SIGINT');
  await exited;
}

/** The ports of every start, as a developer keeps theirs. */
let ports: [number, number] | undefined;

/** Starts `script`, checks the CMS and the site answer and the investor signs in, and stops it. */
async function startAndUse(script: string, checkSite = true): Promise<{ ghost: number; output: string }> {
  ports ??= [await freePort(), await freePort()];
  const [cmsPort, sitePort] = ports;
  const running = npm(script, {
    PORT: String(cmsPort),
    SITE_PORT: String(sitePort),
    HOST: '127.0.0.1',
    SITE_HOST: '127.0.0.1',
  });
  try {
    const cms = `http://127.0.0.1:${cmsPort}`;
    expect(await answers(`${cms}/api/auth/portals`, running), `${script}:\n${running.output()}`).toBe(true);
    if (checkSite)
      expect(await answers(`http://localhost:${sitePort}/`, running, 120), `${script} site:\n${running.output()}`).toBe(
        true,
      );
    const signIn = await fetch(`${cms}/api/auth/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(INVESTOR),
    });
    expect(signIn.status, `${script}: sign-in`).toBe(200);
    const { authCode } = (await signIn.json()) as { authCode: string };
    const mine = await fetch(`${cms}/api/syndication/mine`, { headers: { authcode: authCode } });
    expect(mine.status).toBe(200);
    expect(((await mine.json()) as { items: unknown[] }).items.length).toBeGreaterThan(0);
    return { ghost: (await fetch(`${cms}/api/ghost`)).status, output: running.output() };
  } finally {
    await stop(running);
  }
}

describe('starting again and again on one database', () => {
  it('starts with npm start three times, npm run dev twice and npm run serve once, after pulls that removed a file', async () => {
    const first = await startAndUse('start');
    if (adminCopied) expect(first.output).not.toContain('Building the admin panel');
    else expect(first.output).toContain('Building the admin panel');
    expect(first.output).toContain('Compiling the CMS');
    expect(first.output).toContain('Seeding the database');
    expect(first.output).toContain('Building the site');

    // What a `git pull` that deleted a route file leaves behind: its compiled copy; and a compiled file gone (a build
    // stopped half-way) while tsc's build info says everything is compiled.
    const ghost = path.join(cmsDir, 'dist', 'src', 'api', 'portal', 'routes', '99-ghost.js');
    fs.writeFileSync(ghost, GHOST_ROUTE);
    fs.rmSync(path.join(cmsDir, 'dist', 'src', 'utils', 'codes.js'));
    fs.rmSync(path.join(cmsDir, 'dist', 'src', 'plugins', 'sponsor-desk', 'server', 'index.js'));
    expect((await startAndUse('start')).ghost).toBe(404);
    expect(fs.existsSync(ghost)).toBe(false);

    // Nothing changed since: no seed, no compile and no site build, straight to serving.
    const third = await startAndUse('start');
    expect(third.output).not.toContain('Seeding the database');
    expect(third.output).not.toContain('Building the site');
    expect(third.output).not.toContain('Compiling the CMS');

    if (ON_POSTGRES) {
      // The deploy path, as production runs it on PostgreSQL: a fourth start on the same database.
      expect((await startAndUse('serve')).ghost).toBe(404);
      return;
    }
    // A branch adds a route: `npm run dev` compiles and serves it. (Vite's dev server compiles each page as it is
    // asked for: the CMS and the sign-in are what this checks.)
    const ghostSource = path.join(cmsDir, 'src', 'api', 'portal', 'routes', '99-ghost.ts');
    fs.writeFileSync(ghostSource, GHOST_SOURCE);
    expect((await startAndUse('dev', false)).ghost).toBe(200);
    expect(fs.existsSync(ghost)).toBe(true);
    // The pull removes it again: the deploy path, which compiles nothing, does not serve its compiled copy.
    fs.rmSync(ghostSource);
    expect((await startAndUse('serve')).ghost).toBe(404);
    expect(fs.existsSync(ghost)).toBe(false);
    // And `dev` starts again on the same database, compiling nothing that has not changed (a second `serve` is the
    // PostgreSQL pass's: it compiles nothing, so a start of it adds nothing new here).
    expect((await startAndUse('dev', false)).ghost).toBe(404);
  }, 2_400_000);
});
