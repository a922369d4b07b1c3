import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const CMS_DIR = path.resolve(__dirname, '..', '..', '..', 'cms');
const BUILD_DIR = path.join(CMS_DIR, 'dist', 'build');
/** Where a build notes the sources it was made from. */
const STAMP = path.join(BUILD_DIR, '.admin-sources');

/** Every file under `dir`, sorted, or none when it does not exist. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * A fingerprint of what the admin panel is built from: the app's admin customisations (src/admin: pages, custom
 * fields, the sponsor desk) and the CMS's package.json (Strapi's version and plugins).
 */
function adminSources(): string {
  const hash = createHash('sha256');
  for (const file of [...filesUnder(path.join(CMS_DIR, 'src', 'admin')), path.join(CMS_DIR, 'package.json')]) {
    hash.update(path.relative(CMS_DIR, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** Whether cms/dist/build holds an admin panel built from today's sources (a `git pull` may have changed them). */
export function adminBuildIsCurrent(): boolean {
  if (!fs.existsSync(path.join(BUILD_DIR, 'index.html'))) return false;
  return fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === adminSources();
}

/** Notes that the admin panel in cms/dist/build was just built from today's sources. */
export function recordAdminBuild(): void {
  fs.writeFileSync(STAMP, adminSources());
}
