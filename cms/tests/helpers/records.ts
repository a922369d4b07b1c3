import type { UID } from '@strapi/strapi';
import type { TestApp } from './strapi';
import { fixtureDocuments } from './strapi';
import { COMPANY, FUND, INVESTMENT, PORTAL } from '../../src/utils/uids';

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
 * Makes way for a test file whose tests name its world: its portal `slug` and the emails of its staff. The test files
 * of a run share one Strapi and one database (vitest.config.ts): what an earlier file made under these names is set
 * aside, the portal's slug and name, and the names (and deal addresses) of its companies, funds and deals changed, so
 * the file's world is its own, as on a fresh database, whichever files ran before it, and a search of the names it
 * gives finds its own rows only.
 */
export async function makeWay(app: TestApp, slug: string, staffEmails: string[] = []): Promise<void> {
  const db = app.strapi.db;
  const earlier = await db.query(PORTAL).findOne({ where: { slug }, select: ['id'] });
  if (!earlier) return;
  const aside = `-before-${earlier.id}`;
  await db
    .query(PORTAL)
    .update({ where: { id: earlier.id }, data: { slug: `${slug}${aside}`, name: `Set aside ${slug}${aside}` } });
  const ids = async (uid: UID.ContentType, where: Record<string, unknown>) =>
    ((await db.query(uid).findMany({ where, select: ['id'] })) as { id: number }[]).map((row) => row.id);
  const companies = await ids(COMPANY, { portal: { id: earlier.id } });
  const funds = await ids(FUND, { company: { id: { $in: companies } } });
  for (const id of companies)
    await db.query(COMPANY).update({ where: { id }, data: { name: `Set aside company ${id}` } });
  for (const id of funds) await db.query(FUND).update({ where: { id }, data: { name: `Set aside fund ${id}` } });
  for (const id of await ids(INVESTMENT, { fund: { id: { $in: funds } } }))
    await db
      .query(INVESTMENT)
      .update({ where: { id }, data: { name: `Set aside deal ${id}`, url_slug: `set-aside-deal-${id}` } });
  for (const email of staffEmails)
    await db.query('admin::user').updateMany({ where: { email }, data: { email: email.replace('@', `${aside}@`) } });
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
