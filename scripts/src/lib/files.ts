import fs from 'node:fs';
import path from 'node:path';

/** Every file under `dir`, sorted (none when it does not exist), skipping the folders named in `skip` at its top. */
export function filesUnder(dir: string, skip: string[] = []): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !skip.includes(path.relative(dir, entry.parentPath).split(path.sep)[0]))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}
