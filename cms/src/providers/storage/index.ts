import type { Core } from '@strapi/strapi';
import { portalConfig } from '../../utils/portal-config';
import { localStorage } from './local';
import type { FileStorage } from './types';
export type { FileStorage } from './types';

/** Where private files live: the local folder PRIVATE_FILES_DIR (the only store so far). */
export function fileStorage(strapi: Core.Strapi): FileStorage {
  return localStorage(portalConfig(strapi).privateFilesDir);
}
