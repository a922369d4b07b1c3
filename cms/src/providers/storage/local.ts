import fs from 'node:fs/promises';
import path from 'node:path';
import { fileLinkToken } from '../../utils/file-links';
import { typeOfName } from './file-types';
import { signUploadPolicy } from './local-policy';
import type { FileStorage } from './types';

/** Letters, digits, dot, dash and underscore per segment, separated by '/': no '..', no absolute path. */
const SAFE_KEY = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

/** Whether `key` is one a storage accepts: safe segments, no '.' or '..' segment, at most 300 characters. */
export const isStorageKey = (key: string): boolean => SAFE_KEY.test(key) && key.length <= 300;

/** The file of `key` in the folder `dir`; throws for anything that is not a storage key. */
export function localFile(dir: string, key: string): string {
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return path.join(dir, ...key.split('/'));
}

/** The path the CMS receives local uploads on (api/storage/routes). */
export const LOCAL_UPLOAD_PATH = '/api/storage/upload';

/**
 * The embedded storage: files in a folder of the server's disk (PRIVATE_FILES_DIR), outside anything served.
 * Downloads go through /api/files/:token links, uploads through the CMS's own endpoint with a signed policy.
 */
export function localStorage(dir: string): FileStorage {
  const fileOf = (key: string) => localFile(dir, key);
  async function stat(key: string) {
    try {
      const stats = await fs.stat(fileOf(key));
      return stats.isFile() ? { size: stats.size, contentType: typeOfName(key) } : null;
    } catch {
      return null;
    }
  }
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
    exists: async (key) => (await stat(key)) !== null,
    stat,
    async uploadPolicy(upload, cmsOrigin) {
      return { postURL: `${cmsOrigin}${LOCAL_UPLOAD_PATH}`, formData: signUploadPolicy(upload) };
    },
    async downloadUrl(key, name, cmsOrigin) {
      return `${cmsOrigin}/api/files/${fileLinkToken({ storage: 'local', key, name })}`;
    },
  };
}
