import path from 'node:path';
import { compileStrapi, createStrapi, type Core } from '@strapi/strapi';

export const ROOT_DIR = path.resolve(__dirname, '..', '..', '..');
export const CMS_DIR = path.join(ROOT_DIR, 'cms');
export const WEB_PUBLIC_DIR = path.join(ROOT_DIR, 'web', 'public');

/**
 * Boots the CMS without its HTTP server (same config, same database as `npm start`, chosen by env), runs `work`,
 * and always shuts Strapi down again.
 */
export async function withStrapi<T>(work: (strapi: Core.Strapi) => Promise<T>): Promise<T> {
  process.env.STRAPI_TELEMETRY_DISABLED ??= 'true';
  process.env.LOG_LEVEL ??= 'warn';
  const context = await compileStrapi({ appDir: CMS_DIR });
  const strapi = await createStrapi({ ...context, autoReload: false, serveAdminPanel: false }).load();
  try {
    return await work(strapi);
  } finally {
    await strapi.destroy();
  }
}
