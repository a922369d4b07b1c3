import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../scripts/src/lib/free-port';
import { type SiteServer, startSiteServer } from '../../scripts/src/lib/site-server';
import { buildAdminPanelIfStale } from '../../scripts/src/lib/strapi';
import { startLocalTsa } from '../../cms/tests/helpers/tsa';

export interface Stack {
  cmsUrl: string;
  siteUrl: string;
  sitePort: number;
  outboxDir: string;
  /** The local time-stamping authority's folder (its root ca.crt): every seal of the run carries its token. */
  tsaDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: Stack;
  }
}

const ROOT = path.resolve(__dirname, '..', '..');

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, label: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${label} failed:\n${output}`))));
  });
}

async function waitFor(url: string, label: string, child: ChildProcess, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${label} exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${label} did not answer at ${url} within ${timeoutMs} ms`);
}

/**
 * The whole product on throw-away state: a fresh SQLite database seeded by the real `npm run seed`, the CMS
 * started with `strapi start`, the site built with Vite for that CMS into this run's own folder (web/dist is the
 * developer's, and `npm test` runs these tests beside the scripts' tests) and served from there by the same server
 * as `npm start`; the seals carry the timestamp of a local RFC 3161 authority (OpenSSL's `openssl ts`, as the CMS
 * tests use), so a journey can check a completed agreement's timestamp as a lawyer would.
 */
export default async function setup(project: TestProject) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const [cmsPort, sitePort] = [await freePort(), await freePort()];
  const cmsUrl = `http://127.0.0.1:${cmsPort}`;
  const outboxDir = path.join(workDir, 'outbox');
  // The seed's pictures are uploaded to this run's own media library folder, not the developer's.
  const publicDir = path.join(workDir, 'public');
  fs.mkdirSync(path.join(publicDir, 'uploads'), { recursive: true });
  const tsa = await startLocalTsa();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_CLIENT: 'sqlite',
    DATABASE_FILENAME: path.join(workDir, 'e2e.db'),
    EMAIL_OUTBOX_DIR: outboxDir,
    PUBLIC_DIR: publicDir,
    // The agreements, statements and proofs the journeys upload and seal: this run's, not the developer's cms/.tmp.
    PRIVATE_FILES_DIR: path.join(workDir, 'private'),
    STRAPI_TELEMETRY_DISABLED: 'true',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(cmsPort),
    SIGNING_TSA_URL: tsa.url,
    SIGNING_TSA_CA: path.join(tsa.dir, 'ca.crt'),
  };

  // `npm test` builds it before its last stage; run alone, these tests build it here when it is missing or stale.
  buildAdminPanelIfStale();
  // The seed writes the database, the site build this run's folder: nothing shared, so side by side. Vite alone, as
  // `npm start` builds the site: `npm test` type-checks the site in its first stage.
  const siteDir = path.join(workDir, 'site');
  await Promise.all([
    run('npm', ['run', 'seed'], ROOT, env, 'Seeding'),
    run(
      'npx',
      ['vite', 'build', '--outDir', siteDir, '--emptyOutDir', '--logLevel', 'warn'],
      path.join(ROOT, 'web'),
      { ...env, VITE_API_URL: cmsUrl },
      'Site build',
    ),
  ]);

  const cms = spawn('npx', ['strapi', 'start'], { cwd: path.join(ROOT, 'cms'), env, stdio: 'inherit', detached: true });
  const stopCms = () => {
    if (cms.exitCode === null && cms.pid) process.kill(-cms.pid, 'SIGTERM');
  };
  let site: SiteServer;
  try {
    site = await startSiteServer({ dir: siteDir, port: sitePort, host: '127.0.0.1' });
    await waitFor(`${cmsUrl}/_health`, 'CMS', cms);
  } catch (error) {
    stopCms();
    await tsa.close();
    throw error;
  }

  project.provide('stack', { cmsUrl, siteUrl: site.url, sitePort, outboxDir, tsaDir: tsa.dir });
  return async () => {
    stopCms();
    await site.close();
    await tsa.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  };
}
