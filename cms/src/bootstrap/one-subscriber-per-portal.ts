import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { listKey, normalizeEmail } from '../api/subscriber/list-key';

const SUBSCRIBER = 'api::subscriber.subscriber';
const WRITES = new Set(['create', 'update', 'clone']);

/**
 * One subscriber row per address and portal, from the subscribe endpoint and the admin panel alike: each write runs
 * in a transaction that then stores the row's lower-cased address and its listKey. A duplicate made at leisure gets a
 * clear 400; one made at the same moment by another request fails on the column's unique index and rolls back.
 */
export function registerOneSubscriberPerPortal(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    if (context.uid !== SUBSCRIBER || !WRITES.has(context.action)) return next();

    return strapi.db.transaction(async () => {
      const result = await next();
      const documentId = (result as { documentId?: string } | null)?.documentId;
      if (documentId) await storeListKey(strapi, documentId);
      return result;
    });
  });
}

async function storeListKey(strapi: Core.Strapi, documentId: string): Promise<void> {
  const saved = (await strapi.db.query(SUBSCRIBER).findOne({
    where: { documentId },
    select: ['id', 'email'],
    populate: { portal: { select: ['id', 'slug'] } },
  })) as { id: number; email: string; portal?: { id: number; slug: string } | null } | null;
  if (!saved) return;
  const key = listKey(saved.portal?.id, saved.email);
  if (await strapi.db.query(SUBSCRIBER).count({ where: { listKey: key, id: { $ne: saved.id } } })) {
    const where = saved.portal ? `portal "${saved.portal.slug}"` : 'no portal';
    throw new errors.ValidationError(`${normalizeEmail(saved.email)} is already subscribed in ${where}`);
  }
  await strapi.db.query(SUBSCRIBER).update({ where: { id: saved.id }, data: { email: normalizeEmail(saved.email), listKey: key } });
}
