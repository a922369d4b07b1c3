import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { freePort } from '../../scripts/src/lib/free-port';
import { startSiteServer } from '../../scripts/src/lib/site-server';
import { launchChromium } from '../../e2e/helpers/chromium';
import { INVESTOR, PASSWORD, PORTAL, ROOT } from './config';
import { fetchCall } from './measure';

export interface PageFigures {
  js: number;
  css: number;
  fcp: number;
}

/** Builds the site for the CMS at `cmsBase`, and loads each page cold in Chromium: first-load JS/CSS (gzip) and FCP. */
export async function benchSite(cmsBase: string): Promise<Record<string, PageFigures>> {
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], {
    cwd: ROOT,
    env: { ...process.env, VITE_API_URL: cmsBase },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`site build failed:\n${build.stdout}\n${build.stderr}`);
  const dist = path.join(ROOT, 'web', 'dist');
  const site = await startSiteServer({ dir: dist, port: await freePort(), host: '127.0.0.1' });
  const signIn = await fetchCall(cmsBase, {
    method: 'POST',
    path: '/api/auth/auth',
    body: JSON.stringify({ username: INVESTOR, password: PASSWORD, portal: PORTAL }),
  });
  const { authCode } = JSON.parse(signIn.body) as { authCode: string };
  const browser = await launchChromium();
  const gzipped = new Map<string, number>();
  const gzipSize = (file: string) => {
    if (!gzipped.has(file)) gzipped.set(file, zlib.gzipSync(fs.readFileSync(file)).length);
    return gzipped.get(file) ?? 0;
  };
  const figures: Record<string, PageFigures> = {};
  try {
    for (const [name, route, signedIn] of [
      ['homepage', '/', false],
      ['portfolio', '/portfolio', false],
      ['dashboard', '/dashboard', true],
    ] as const) {
      const loads: PageFigures[] = [];
      // Three cold loads (a fresh context each: no cache, no storage), the median paint: the browser's own first
      // start costs are not the site's.
      for (let load = 0; load < 3; load += 1) {
        const context = await browser.newContext();
        // The dashboard is for a signed-in investor: the site keeps the session code in localStorage.
        if (signedIn) await context.addInitScript((code) => localStorage.setItem('authCode', code), authCode);
        const page = await context.newPage();
        await page.goto(`${site.url}${route}`, { waitUntil: 'networkidle' });
        const { fcp, assets } = await page.evaluate(() => ({
          fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
          assets: performance.getEntriesByType('resource').map((entry) => entry.name),
        }));
        const local = assets
          .map((url) => new URL(url))
          .filter((url) => url.origin === site.url)
          .map((url) => path.join(dist, url.pathname));
        const size = (extension: string) =>
          local
            .filter((file) => file.endsWith(extension) && fs.existsSync(file))
            .reduce((sum, file) => sum + gzipSize(file), 0);
        loads.push({ js: size('.js'), css: size('.css'), fcp: Math.round(fcp) });
        await context.close();
      }
      const byPaint = [...loads].sort((a, b) => a.fcp - b.fcp);
      figures[name] = {
        ...byPaint[1],
        js: Math.max(...loads.map((load) => load.js)),
        css: Math.max(...loads.map((load) => load.css)),
      };
    }
  } finally {
    await browser.close();
    await site.close();
  }
  return figures;
}
