import type { Core } from '@strapi/strapi';
import { portalConfig } from '../../utils/portal-config';
import { localStorage } from './local';
import { s3Storage } from './s3';
import { storageSettings } from './settings';
import type { FileStorage } from './types';
export type { FileStorage, StoredFile, UploadRequest } from './types';
export { storageSettings, type StorageSettings } from './settings';

/** The S3 storage of the settings last used, kept so its client (and connections) is made once. */
let cached: { settings: string; storage: FileStorage } | undefined;

/** Where private files live: STORAGE_PROVIDER=local (PRIVATE_FILES_DIR, the default) or s3 (a private bucket). */
export function fileStorage(strapi: Core.Strapi): FileStorage {
  const settings = storageSettings();
  if (settings.provider === 'local') return localStorage(portalConfig(strapi).privateFilesDir);
  const key = JSON.stringify(settings.s3);
  if (cached?.settings !== key) cached = { settings: key, storage: s3Storage(settings.s3) };
  return cached.storage;
}
