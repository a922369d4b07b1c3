import type { UID } from '@strapi/strapi';
import type { TestApp } from './strapi';
import { fixtureDocuments } from './strapi';
import { INVESTMENT, PORTAL } from '../../src/utils/uids';

export interface TestPortal {
  id: number;
  documentId: string;
  slug: string;
}

/** A portal with this slug (named after it). */
export async function createPortal(app: TestApp, slug: string): Promise<TestPortal> {
  const portal = await fixtureDocuments(app, 'api::portal.portal').create({ data: { name: `Portal ${slug}`, slug } });
  return { id: portal.id as number, documentId: portal.documentId, slug };
}

/**
 * Makes way for a test file whose tests name its world: its portal `slug`, that portal's deal `<slug>-deal` (as
 * helpers/signing's createOffering names it) and the emails of its staff. The test files of a run share one Strapi and
 * one database (vitest.config.ts): what an earlier file made under these names is renamed aside, so the file's world
 * is its own, as on a fresh database, whichever files ran before it.
 */
export async function makeWay(app: TestApp, slug: string, staffEmails: string[] = []): Promise<void> {
  const earlier = await app.strapi.db.query(PORTAL).findOne({ where: { slug }, select: ['id'] });
  if (!earlier) return;
  const aside = `-before-${earlier.id}`;
  await app.strapi.db.query(PORTAL).update({ where: { id: earlier.id }, data: { slug: `${slug}${aside}` } });
  await app.strapi.db
    .query(INVESTMENT)
    .updateMany({ where: { url_slug: `${slug}-deal` }, data: { url_slug: `${slug}-deal${aside}` } });
  for (const email of staffEmails)
    await app.strapi.db
      .query('admin::user')
      .updateMany({ where: { email }, data: { email: email.replace('@', `${aside}@`) } });
}

/** Back-dates a record (the Document Service sets createdAt itself), so tests can order records without waiting. */
export async function setCreatedAt(
  app: TestApp,
  uid: UID.ContentType,
  documentId: string,
  createdAt: string,
): Promise<void> {
  await app.strapi.db.query(uid).update({ where: { documentId }, data: { createdAt: new Date(createdAt) } });
}
