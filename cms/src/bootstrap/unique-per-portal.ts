import type { Core, UID } from '@strapi/strapi';
import { errors } from '@strapi/utils';

/** Types whose slug must be unique inside one portal (the same slug may exist in another portal). */
const UNIQUE_SLUG_PER_PORTAL: Record<string, string> = {
  'api::content.content': 'content item',
  'api::blog-item.blog-item': 'education item',
};

/**
 * The portal lives in a join table, so no database index can cover (slug, portal). Each create or update runs
 * in a transaction that re-checks after the write and rolls back on a duplicate, from the admin panel or the API.
 */
export function registerUniquePerPortal(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const label = UNIQUE_SLUG_PER_PORTAL[context.uid];
    if (!label || (context.action !== 'create' && context.action !== 'update')) return next();

    return strapi.db.transaction(async () => {
      const result = await next();
      const documentId = (result as { documentId?: string } | null)?.documentId;
      if (documentId) await assertSlugUnique(strapi, context.uid as UID.ContentType, documentId, label);
      return result;
    });
  });
}

async function assertSlugUnique(strapi: Core.Strapi, uid: UID.ContentType, documentId: string, label: string) {
  const saved = (await strapi.db.query(uid).findOne({ where: { documentId }, populate: { portal: true } })) as {
    slug?: string | null;
    portal?: { id: number; slug: string } | null;
  } | null;
  if (!saved?.slug) return;
  const portalFilter = saved.portal ? { id: saved.portal.id } : { id: { $null: true } };
  const count = await strapi.db.query(uid).count({ where: { slug: saved.slug, portal: portalFilter } });
  if (count > 1) {
    const where = saved.portal ? `portal "${saved.portal.slug}"` : 'no portal';
    throw new errors.ValidationError(`A ${label} with slug "${saved.slug}" already exists in ${where}`);
  }
}
