import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './types';

/** Letters, digits, dot, dash and underscore per segment, separated by '/': no '..', no absolute path. */
const SAFE_KEY = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

/** The embedded storage: files in a folder of the server's disk (PRIVATE_FILES_DIR), outside anything served. */
export function localStorage(dir: string): FileStorage {
  const fileOf = (key: string): string => {
    if (!SAFE_KEY.test(key) || key.length > 300) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
    return path.join(dir, ...key.split('/'));
  };
  return {
    name: 'local',
    async put(key, data) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await fs.writeFile(partial, data);
      await fs.rename(partial, file);
    },
    get: (key) => fs.readFile(fileOf(key)),
    async exists(key) {
      try {
        return (await fs.stat(fileOf(key))).isFile();
      } catch {
        return false;
      }
    },
  };
}
