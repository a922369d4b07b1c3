import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** What Strapi hands its admin bundler's settings in as (Vite's config: its aliases, its plugins). */
interface AdminViteConfig {
  resolve?: { alias?: Record<string, string> };
  plugins?: unknown[];
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files worth sending compressed: the bundle's scripts, styles and translations, from 1 kB up. */
const COMPRESSIBLE = /\.(js|mjs|css|json|svg)$/;
const SMALLEST = 1024;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside each compressible file of the built panel. Strapi serves the
 * panel's files with koa-static, whose koa-send answers with the .br or .gz copy when the browser accepts it: the
 * 5.4 MB main script goes out as about 1.6 MB (Brotli, over HTTPS) or 1.8 MB (gzip), which is what a sponsor's staff wait for on a real network (on the
 * machine itself the time goes in running it, not sending it). Compressed once here, never per request.
 */
function precompress() {
  let outDir = '';
  return {
    name: 'portal-precompress',
    apply: 'build' as const,
    configResolved(resolved: { root: string; build: { outDir: string } }) {
      outDir = path.resolve(resolved.root, resolved.build.outDir);
    },
    async writeBundle() {
      const files = (await fs.readdir(outDir)).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await fs.readFile(file);
          if (content.length < SMALLEST) return;
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }),
            gzip(content, { level: 6 }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * The admin panel's bundler settings beside Strapi's own (Strapi loads this file for `strapi build` and `develop`):
 * the desk's pages read the shared rules (the contracts' constants, a refusal's words) from source, as the site does
 * (web/vite.config.ts): rules/dist is CommonJS for the server, which Vite does not convert in a linked workspace.
 * The built files are precompressed (precompress above).
 */
export default (config: AdminViteConfig): AdminViteConfig => ({
  ...config,
  plugins: [...(config.plugins ?? []), precompress()],
  resolve: {
    ...config.resolve,
    alias: {
      ...config.resolve?.alias,
      '@portal/rules': path.resolve(__dirname, '..', '..', '..', 'rules', 'src', 'index.ts'),
    },
  },
});
