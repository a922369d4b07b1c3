import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { loadEnv, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { parseEnv } from './src/config/parse-env.ts';

/** The packages (and react-bootstrap parts) every page loads first. */
const FIRST_LOAD_PACKAGES = new RegExp(
  [
    String.raw`node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@remix-run|swr|use-sync-external-store|dequal|dompurify)[\\/]`,
    String.raw`node_modules[\\/]react-bootstrap[\\/]esm[\\/](ThemeProvider|Button|Row|Col|Spinner)\.js`,
    String.raw`node_modules[\\/]@restart[\\/]ui[\\/]esm[\\/]Button\.js`,
  ].join('|'),
);

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Whether a request path is a probe rather than the site's: a '..' segment, an encoded '/' or '\', a dotfile, or
 * an escape that does not decode. (Pre-bundled packages live under node_modules/.vite/, so a dotted folder is fine.)
 */
function isProbingPath(url: string): boolean {
  const rawPath = url.split('?')[0];
  if (/%(2f|5c)/i.test(rawPath)) return true;
  let segments: string[];
  try {
    segments = decodeURIComponent(rawPath).split('/');
  } catch {
    return true;
  }
  return segments.includes('..') || (segments.at(-1) ?? '').startsWith('.');
}

/**
 * The dev server refuses probing paths (404) instead of answering with the app's page, so a probe for files
 * outside web/ or for dotfiles learns nothing either way; server.fs below refuses the files themselves.
 */
const refuseProbingPaths: Plugin = {
  name: 'refuse-probing-paths',
  configureServer(server) {
    server.middlewares.use((req, res, next) => {
      if (isProbingPath(req.url ?? '/')) {
        res.statusCode = 404;
        res.end();
        return;
      }
      next();
    });
  },
};

/**
 * Writes `.site.json` ({ apiUrl }) beside the build: the site server (scripts/src/lib/site-server.ts) reads the CMS
 * address the build talks to from it for its Content-Security-Policy. A dotfile, so the server never serves it.
 */
const siteInfo = (apiUrl: string): Plugin => ({
  name: 'site-info',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: '.site.json', source: `${JSON.stringify({ apiUrl })}\n` });
  },
});

/**
 * Asks for the portal list as the page is parsed, in parallel with the scripts (`rel=preload`): the app's own call
 * (src/lib/portal/portals-api.ts) then takes the answer already on its way, and the first paint waits one request
 * less. Only for a visitor: a signed-in call carries its session header and is made anew.
 */
const preloadPortals = (apiUrl: string): Plugin => ({
  name: 'preload-portals',
  transformIndexHtml: () => [
    {
      tag: 'link',
      attrs: { rel: 'preload', href: `${apiUrl}/api/auth/portals`, as: 'fetch', crossorigin: 'anonymous' },
      injectTo: 'head',
    },
  ],
});

export default defineConfig(({ mode }) => {
  // The same validation as at start-up, so a bad base path or CMS address fails the build instead of the browser.
  const env = parseEnv(loadEnv(mode, here('.'), 'VITE_'));
  return {
    base: env.basePath,
    plugins: [react(), refuseProbingPaths, siteInfo(env.apiUrl), preloadPortals(env.apiUrl)],
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            // What every page's first load needs, in one file: one gzip stream compresses better than eight small
            // ones (the homepage's first-load JavaScript stays under 100 KB gzip; `npm run bench` measures it).
            groups: [{ name: 'vendor', test: FIRST_LOAD_PACKAGES }],
          },
        },
      },
    },
    server: {
      fs: {
        // Vite's default is the whole monorepo, so /@fs/ handed out the CMS's database, .env and mail outbox. The
        // site needs only itself, the shared rules it bundles from source, and the hoisted packages.
        allow: [here('.'), here('../rules/src'), here('../node_modules')],
        // Refused even inside those folders (Vite's own defaults first): dotfiles, databases, mail.
        deny: [
          '.env',
          '.env.*',
          '*.{crt,pem,key,p12,pfx,cer,der}',
          '.npmrc',
          '.yarnrc.yml',
          '**/.git/**',
          '.*',
          '**/.tmp/**',
          '*.{db,sqlite,sqlite3,db-journal,db-wal,db-shm,eml}',
        ],
      },
    },
    resolve: {
      alias: {
        '@/': here('./src/'),
        // The package's main is a CommonJS build for the CMS; the site bundles the TypeScript source.
        '@portal/rules': here('../rules/src/index.ts'),
        // Dropbox Sign's client: its package main is the 735 KB development build; the production one is 90 KB.
        'hellosign-embedded': createRequire(import.meta.url).resolve(
          'hellosign-embedded/umd/embedded.production.min.js',
        ),
      },
    },
    test: {
      environment: 'jsdom',
      globals: false,
      setupFiles: ['src/testing/setup.ts'],
      unstubGlobals: true,
      restoreMocks: true,
      // A test waits up to 5 s for what it looks for (src/testing/setup.ts); the whole test gets more.
      testTimeout: 20_000,
    },
  };
});
