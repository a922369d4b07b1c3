import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSiteServer, type SiteServer } from '../src/lib/site-server';
import { ROOT_DIR } from '../src/lib/strapi';

const WEB_DIR = path.join(ROOT_DIR, 'web');
// A marker no page, bundle or Vite message contains: if an answer holds it, a secret got out.
const SECRET = `secret-${process.pid}-${Date.now()}`;
const tag = `site-test-${process.pid}`;

/** Secrets planted where the real ones live: the CMS's .tmp (database, outbox) and .env, and inside web/ itself. */
const planted = {
  cmsDir: path.join(ROOT_DIR, 'cms', '.tmp', tag),
  webDir: path.join(WEB_DIR, tag),
};
const cmsDb = path.join(planted.cmsDir, 'data.db');
const cmsEnv = path.join(planted.cmsDir, '.env');
const cmsMail = path.join(planted.cmsDir, 'outbox', 'reset.eml');
const webDb = path.join(planted.webDir, 'data.db');
const webEnv = path.join(planted.webDir, '.env');

/** GET with the path sent exactly as written (fetch would resolve '..' and re-encode before sending). */
function rawGet(base: string, rawPath: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path: rawPath, method: 'GET' }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** Every way of asking for a planted secret that a dev server or a naive static server has answered. */
function attacks(): string[] {
  const relCms = path.relative(ROOT_DIR, planted.cmsDir);
  const relWeb = path.relative(WEB_DIR, planted.webDir);
  const fsPaths = [cmsDb, cmsEnv, cmsMail, webDb, webEnv].map((file) => `/@fs${file}`);
  return [
    ...fsPaths,
    ...fsPaths.flatMap((file) => [`${file}?raw`, `${file}?import&raw`, `${file}?url`]),
    `/${relWeb}/data.db`,
    `/${relWeb}/.env`,
    `/${relWeb}/.env?raw`,
    `/../${relCms}/data.db`,
    `/../${relCms}/.env`,
    `/%2e%2e/${relCms}/data.db`,
    `/%2E%2E%2F${relCms.replace(/\//g, '%2F')}%2Fdata.db`,
    `/..%2f${relCms}/.env`,
    `/@fs${encodeURI(cmsDb).replace(/\//g, '%2F')}`,
    `/${relWeb}%2F.env`,
    '/.env',
  ];
}

async function expectNoSecrets(base: string) {
  for (const attack of attacks()) {
    const { status, body } = await rawGet(base, attack);
    expect(body, attack).not.toContain(SECRET);
    expect([403, 404], `${attack} answered ${status}`).toContain(status);
  }
}

beforeAll(() => {
  for (const file of [cmsDb, cmsEnv, cmsMail, webDb, webEnv]) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${SECRET}\n`);
  }
});

afterAll(() => {
  for (const dir of Object.values(planted)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the static server of `npm start` and the e2e stack', () => {
  let dist: string;
  let site: SiteServer;

  beforeAll(async () => {
    // A stand-in for web/dist with a planted dotfile of its own; the test must not depend on a site build.
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'site-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.info("site")');
    fs.writeFileSync(path.join(dist, '.env'), `${SECRET}\n`);
    site = await startSiteServer({ dir: dist, port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await site?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers with the build: hashed assets cached for good, pages revalidated, routes get index.html', async () => {
    const asset = await fetch(`${site.url}/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const route = await fetch(`${site.url}/confirm_email/abc`);
    expect(route.status).toBe(200);
    expect(route.headers.get('cache-control')).toBe('no-cache');
    expect(await route.text()).toContain('<div id="root">');
    expect((await fetch(`${site.url}/assets/missing.js`)).status).toBe(404);
  });

  it('never hands out a file outside the build, a dotfile, or a database, however the path is spelt', async () => {
    await expectNoSecrets(site.url);
  });

  it('serves a site built for a base path under that path only', async () => {
    const based = await startSiteServer({ dir: dist, port: 0, host: '127.0.0.1', basePath: '/portal/' });
    try {
      expect((await fetch(`${based.url}/portal/assets/index-abc123.js`)).status).toBe(200);
      expect((await fetch(`${based.url}/portal/profile`)).status).toBe(200);
      expect((await fetch(`${based.url}/assets/index-abc123.js`)).status).toBe(404);
      await expectNoSecrets(`${based.url}/portal`);
    } finally {
      await based.close();
    }
  });
});

describe("Vite's dev server (`npm run dev`) with the site's config", () => {
  let vite: ViteDevServer;
  let base: string;

  beforeAll(async () => {
    vite = await createServer({
      configFile: path.join(WEB_DIR, 'vite.config.ts'),
      root: WEB_DIR,
      logLevel: 'silent',
      server: { host: '127.0.0.1', port: 0, hmr: false, watch: null },
      optimizeDeps: { noDiscovery: true },
    });
    await vite.listen();
    base = vite.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? '';
  });

  afterAll(async () => {
    await vite?.close();
  });

  it('still serves the site and the shared rules it bundles from source', async () => {
    expect((await fetch(`${base}/`)).status).toBe(200);
    expect((await fetch(`${base}/src/main.tsx`)).status).toBe(200);
    expect((await fetch(`${base}/@fs${path.join(ROOT_DIR, 'rules', 'src', 'index.ts')}`)).status).toBe(200);
  });

  it('refuses files outside web/, dotfiles and databases', async () => {
    await expectNoSecrets(base);
  });
});
