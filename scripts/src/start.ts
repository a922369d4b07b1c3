/**
 * `npm start`: builds what is missing, seeds a new database, builds the site, then runs the CMS (API + admin panel)
 * and serves the built site side by side until Ctrl-C.
 * `npm run dev` (`--dev`): the same, but the site comes from Vite's dev server, which reloads on every change.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { databaseIsNew } from './lib/backup';
import { siteBuild } from './lib/build-stamps';
import { buildAdminPanelIfStale, CMS_DIR, compileCms, ROOT_DIR } from './lib/strapi';
import { log } from './lib/log';
import { startSiteServer } from './lib/site-server';
import { DEMO_ACCOUNTS } from './seed/accounts';

const WEB_DIR = path.join(ROOT_DIR, 'web');
const devMode = process.argv.includes('--dev');
const cmsPort = Number(process.env.PORT || 1337);
const sitePort = Number(process.env.SITE_PORT || 5173);
const env: NodeJS.ProcessEnv = {
  ...process.env,
  STRAPI_TELEMETRY_DISABLED: 'true',
  PORT: String(cmsPort),
  VITE_API_URL: process.env.VITE_API_URL || `http://localhost:${cmsPort}`,
};

function step(label: string, command: string, args: string[], cwd: string) {
  log(`\n> ${label}`);
  const result = spawnSync(command, args, { cwd, env, stdio: 'inherit' });
  if (result.status !== 0) {
    log(`${label} failed (exit code ${result.status}).`);
    process.exit(result.status ?? 1);
  }
}

/** The path the site is built for, as the site's own env rules read VITE_BASE_PATH ('/' when unset). */
function basePathOf({ VITE_BASE_PATH }: NodeJS.ProcessEnv): string {
  const base = VITE_BASE_PATH || '/';
  return base.endsWith('/') ? base : `${base}/`;
}

async function waitForCms(child: ChildProcess): Promise<boolean> {
  for (let attempt = 0; attempt < 240 && child.exitCode === null; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${cmsPort}/_health`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

async function main() {
  buildAdminPanelIfStale(() =>
    log('\n> Building the admin panel (the first run, and after its sources change; about a minute)'),
  );
  compileCms(() => log('\n> Compiling the CMS (what changed since it was last compiled)'));
  // A new database (no SQLite file yet, or a PostgreSQL one without a portal) is seeded; `npm run seed` adds to an
  // existing one what the demo has and it lacks.
  if (await databaseIsNew()) step('Seeding the database', 'npm', ['run', 'seed', '--silent'], ROOT_DIR);

  // Built again when its sources or settings changed (the build holds the CMS address, which PORT or VITE_API_URL set).
  const siteDist = siteBuild(env);
  if (!devMode && !siteDist.isCurrent()) {
    step('Building the site', 'npx', ['vite', 'build', '--logLevel', 'warn'], WEB_DIR);
    siteDist.record();
  }

  const children = [spawn('npx', ['strapi', 'start'], { cwd: CMS_DIR, env, stdio: 'inherit', detached: true })];
  if (devMode) {
    children.push(
      spawn('npx', ['vite', '--port', String(sitePort), '--strictPort'], {
        cwd: WEB_DIR,
        env,
        stdio: 'inherit',
        detached: true,
      }),
    );
  }
  // Not Vite's dev server: it answers for files anywhere in the repository (/@fs/...), such as the database.
  const site = devMode
    ? null
    : await startSiteServer({
        dir: path.join(WEB_DIR, 'dist'),
        port: sitePort,
        host: 'localhost',
        basePath: basePathOf(env),
      });
  const stop = (code: number) => {
    for (const child of children) {
      if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
    }
    void site?.close();
    process.exit(code);
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  for (const child of children) child.on('exit', (code) => stop(code ?? 1));

  if (!(await waitForCms(children[0]))) {
    log('The CMS did not start; see the messages above.');
    stop(1);
  }
  log(`
Everything is running:
  site (Wasabi Stallions, the default portal)  http://localhost:${sitePort}
  site (Oak Harbor Capital)                    http://oakharbor.localhost:${sitePort}  or  http://localhost:${sitePort}/?portal=oakharbor
  CMS API                                      http://localhost:${cmsPort}/api
  admin panel                                  http://localhost:${cmsPort}/admin

Demo accounts (password ${process.env.SEED_PASSWORD ? 'from SEED_PASSWORD' : 'DemoPass2026!'}):
${DEMO_ACCOUNTS.map((account) => `  ${account.email.padEnd(44)} ${account.role}`).join('\n')}

Ctrl-C stops everything.`);
}

main().catch((error: unknown) => {
  log(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
