import fs from 'node:fs';
import path from 'node:path';
import { WEB_PUBLIC_DIR } from '../lib/strapi';
import type { PortalSpec } from './spec';

/** Where the site serves portals/<slug>/logo.png and favicon.ico from; PORTAL_ASSETS_DIR moves it (tests do). */
export function portalAssetsDir(): string {
  return process.env.PORTAL_ASSETS_DIR || path.join(WEB_PUBLIC_DIR, 'portals');
}

/**
 * Copies the file's logo and favicon to <assetsDir>/<slug>/. A portal with no logo of its own gets the default one,
 * so the header never shows a broken image. Answers one line per thing done, for the user.
 */
export function installPortalFiles(spec: PortalSpec, assetsDir: string): string[] {
  const folder = path.join(assetsDir, spec.slug);
  fs.mkdirSync(folder, { recursive: true });
  const done: string[] = [];
  const copy = (from: string, name: string, why: string) => {
    fs.copyFileSync(from, path.join(folder, name));
    done.push(`${why} -> ${path.join(folder, name)}`);
  };
  if (spec.logo) copy(spec.logo, 'logo.png', 'logo copied');
  if (spec.favicon) copy(spec.favicon, 'favicon.ico', 'favicon copied');
  if (!spec.logo && !fs.existsSync(path.join(folder, 'logo.png'))) {
    const fallback = path.join(assetsDir, 'default', 'logo.png');
    if (fs.existsSync(fallback)) copy(fallback, 'logo.png', 'no logo given: the default logo copied');
    else done.push(`no logo given and no default logo at ${fallback}: add ${path.join(folder, 'logo.png')} yourself`);
  }
  if (!spec.favicon && !fs.existsSync(path.join(folder, 'favicon.ico'))) {
    done.push(`no favicon given: browsers show none until you add ${path.join(folder, 'favicon.ico')}`);
  }
  return done;
}
