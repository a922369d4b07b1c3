import { factories, type Core } from '@strapi/strapi';
import type { Content } from '@portal/rules';
import type { PortalRow } from '../../portal/services/portal';
import { serviceAccessor } from '../../../utils/service';
import { CONTENT } from '../../../utils/uids';
import { joinedReadOfList, listParams } from '../../../utils/joined-read';
import type { Row } from '../../../utils/rows';

/** What an edit may change; a field left out keeps its stored value. */
export type ContentChanges = { title?: string; body?: string };

const contentService = ({ strapi }: { strapi: Core.Strapi }) => {
  /** The portal's items of the listed slugs, as a read model (one statement, built once per number of slugs). */
  const itemsBySlug = joinedReadOfList(strapi, (count) => ({
    tables: [
      { as: 'c', uid: CONTENT, fields: ['slug', 'title', 'body'] },
      { as: 'p', relation: 'portal', of: 'c', idOnly: true, required: true },
    ],
    where: (query, { column, linked }, param) =>
      query.whereIn(column('c', 'slug'), listParams(count, param)).where(linked('p'), param(count)),
  }));

  return {
    /** Title and body of each of `slugs` that exists in the portal. */
    async bySlug(slugs: string[], portal: Pick<PortalRow, 'id'>): Promise<Record<string, Content>> {
      if (!slugs.length) return {};
      const rows = (await itemsBySlug(slugs, portal.id)).map(
        ({ c }) => c as Pick<Row<typeof CONTENT>, 'slug' | 'title' | 'body'>,
      );
      return Object.fromEntries(rows.map(({ slug, title, body }) => [slug, { title, body }]));
    },

    /**
     * Saves the given title and body of the portal's item `slug`, creating the item when the portal has none; answers
     * what was stored. Written through the Document Service, so the body is sanitised like every other rich text.
     */
    async saveBySlug(portal: PortalRow, slug: string, changes: ContentChanges): Promise<Content & { slug: string }> {
      const existing: Pick<Row<typeof CONTENT>, 'documentId'> | null = await strapi.db.query(CONTENT).findOne({
        where: { slug, portal: { id: portal.id } },
        select: ['documentId'],
      });
      const saved = existing
        ? await strapi.documents(CONTENT).update({ documentId: existing.documentId, data: changes })
        : await strapi.documents(CONTENT).create({ data: { ...changes, slug, portal: portal.documentId } });
      return { slug, title: saved?.title ?? null, body: saved?.body ?? null };
    },
  };
};

export type ContentService = ReturnType<typeof contentService>;

/** The content service, typed. */
export const contents = serviceAccessor<ContentService>(CONTENT);

export default factories.createCoreService(CONTENT, contentService);
