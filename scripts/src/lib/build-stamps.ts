import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { filesUnder } from './files';

const ROOT_DIR = path.resolve(__dirname, '..', '..', '..');
const CMS_DIR = path.join(ROOT_DIR, 'cms');
const WEB_DIR = path.join(ROOT_DIR, 'web');

/** A fingerprint of files (names and bytes) and of settings a build bakes in. */
function fingerprint(files: string[], settings: Record<string, string> = {}): string {
  const hash = createHash('sha256');
  for (const file of files.filter((each) => fs.existsSync(each))) {
    hash.update(path.relative(ROOT_DIR, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.update(JSON.stringify(Object.entries(settings).sort())).digest('hex');
}

/**
 * A build that is done again only when what it is made from changed: `stamp` (inside the build's folder, so a build
 * deleted by hand takes its stamp along) notes the fingerprint of the sources the last build was made from.
 */
function stampedBuild(buildDir: string, stampName: string, sources: () => string) {
  const stamp = path.join(buildDir, stampName);
  return {
    /** Whether `buildDir` holds a build made from today's sources (a `git pull` may have changed them). */
    isCurrent: (): boolean =>
      fs.existsSync(path.join(buildDir, 'index.html')) &&
      fs.existsSync(stamp) &&
      fs.readFileSync(stamp, 'utf8') === sources(),
    /** Notes that `buildDir` was just built from today's sources. */
    record: (): void => fs.writeFileSync(stamp, sources()),
  };
}

/** Each local plugin's admin panel (src/plugins/<name>/admin: the sponsor desk's pages), which src/admin/app.tsx registers. */
const pluginAdminDirs = (): string[] => {
  const plugins = path.join(CMS_DIR, 'src', 'plugins');
  return fs.existsSync(plugins) ? fs.readdirSync(plugins).map((name) => path.join(plugins, name, 'admin')) : [];
};

/**
 * The admin panel (cms/dist/build): made from the app's admin customisations (src/admin: custom fields, the menu
 * link, the bundler's settings), the local plugins' admin panels, the shared rules they bundle from source
 * (src/admin/vite.config.ts) and the CMS's package.json (Strapi's version and plugins).
 */
export const adminBuild = stampedBuild(path.join(CMS_DIR, 'dist', 'build'), '.admin-sources', () =>
  fingerprint(
    [
      ...filesUnder(path.join(CMS_DIR, 'src', 'admin')),
      ...pluginAdminDirs().flatMap((dir) => filesUnder(dir)),
      ...filesUnder(path.join(ROOT_DIR, 'rules', 'src')),
      path.join(CMS_DIR, 'package.json'),
    ],
    // Always built for production (lib/strapi.ts); a build stamped before that was said was made in any mode.
    { mode: 'production' },
  ),
);

/**
 * The site (web/dist), as `npm start` builds it for `env`: made from web/ (sources, public files, config, .env files)
 * and the shared rules it bundles from source, with the VITE_ settings the build reads (the CMS's address among them).
 */
export const siteBuild = (env: NodeJS.ProcessEnv) =>
  stampedBuild(path.join(WEB_DIR, 'dist'), '.site-sources', () => {
    const web = fs
      .readdirSync(WEB_DIR)
      .filter((name) => name !== 'node_modules' && name !== 'dist')
      .flatMap((name) => {
        const entry = path.join(WEB_DIR, name);
        return fs.statSync(entry).isDirectory() ? filesUnder(entry) : [entry];
      });
    const settings = Object.fromEntries(
      Object.entries(env).filter(([name, value]) => name.startsWith('VITE_') && value !== undefined),
    ) as Record<string, string>;
    return fingerprint([...web.sort(), ...filesUnder(path.join(ROOT_DIR, 'rules', 'src'))], {
      ...settings,
      NODE_ENV: env.NODE_ENV ?? '',
    });
  });
