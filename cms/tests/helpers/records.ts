import type { UID } from '@strapi/strapi';
import type { TestApp } from './strapi';
import { fixtureDocuments } from './strapi';

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

/** Back-dates a record (the Document Service sets createdAt itself), so tests can order records without waiting. */
export async function setCreatedAt(
  app: TestApp,
  uid: UID.ContentType,
  documentId: string,
  createdAt: string,
): Promise<void> {
  await app.strapi.db.query(uid).update({ where: { documentId }, data: { createdAt: new Date(createdAt) } });
}
