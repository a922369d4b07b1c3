/**
 * `npm run serve`: the one-process deploy. Runs the compiled CMS (API and admin panel, as `strapi start` does) and
 * serves the built site (web/dist) from the same Node process, on two ports. Builds nothing and seeds nothing: build
 * first (`npm run build -w cms`, then `VITE_API_URL=<the CMS's public URL> npm run build -w web`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { CMS_DIR, removeStaleCompiledCms, ROOT_DIR } from './lib/strapi';
import { log } from './lib/log';
import { startSiteServer } from './lib/site-server';

const { createStrapi } = createRequire(__filename)('@strapi/strapi') as typeof import('@strapi/strapi');

const SITE_DIR = path.resolve(ROOT_DIR, process.env.SITE_DIR || 'web/dist');
const sitePort = Number(process.env.SITE_PORT || 5173);
const siteHost = process.env.SITE_HOST || process.env.HOST || '0.0.0.0';
const base = process.env.VITE_BASE_PATH || '/';

async function main() {
  process.env.STRAPI_TELEMETRY_DISABLED ??= 'true';
  // After a `git pull` that removed a source file, its compiled copy would go on loading (a removed route answering).
  const uncompiled = removeStaleCompiledCms();
  const missing = [
    [path.join(CMS_DIR, 'dist', 'src', 'index.js'), 'the compiled CMS (npm run build -w cms)'],
    [path.join(CMS_DIR, 'dist', 'build', 'index.html'), 'the admin panel (npm run build -w cms)'],
    [path.join(SITE_DIR, 'index.html'), `the built site in ${SITE_DIR} (VITE_API_URL=<CMS URL> npm run build -w web)`],
  ]
    .filter(([file]) => !fs.existsSync(file))
    .map(([, what]) => what);
  if (uncompiled) missing.push('the compiled CMS of sources added since the last build (npm run build -w cms)');
  if (missing.length) throw new Error(`Build first; missing ${missing.join(', ')}`);

  const strapi = createStrapi({ appDir: CMS_DIR, distDir: path.join(CMS_DIR, 'dist') });
  await strapi.start();
  const site = await startSiteServer({
    dir: SITE_DIR,
    port: sitePort,
    host: siteHost,
    basePath: base.endsWith('/') ? base : `${base}/`,
  });
  log(`Serving the site from ${SITE_DIR} at ${site.url} and the CMS at port ${strapi.config.get('server.port')}.`);

  const stop = async () => {
    await site.close();
    await strapi.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  log(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
