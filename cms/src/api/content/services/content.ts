import { factories, type Core } from '@strapi/strapi';
import { portals } from '../../portal/services/portal';

const CONTENT = 'api::content.content';

/** A content item as the site reads and edits it. */
export interface ContentText {
  title: string | null;
  body: string | null;
}

/** What an edit may change; a field left out keeps its stored value. */
export type ContentChanges = { title?: string; body?: string };

const contentService = ({ strapi }: { strapi: Core.Strapi }) => ({
  /** Title and body of each of `slugs` that exists in the portal; 404 for an unknown portal. */
  async bySlug(slugs: string[], portalSlug: string): Promise<Record<string, ContentText>> {
    const portal = await portals(strapi).requireBySlug(portalSlug);
    const rows: ({ slug: string } & ContentText)[] = await strapi.db.query(CONTENT).findMany({
      where: { slug: { $in: slugs }, portal: { id: portal.id } },
      select: ['slug', 'title', 'body'],
    });
    return Object.fromEntries(rows.map(({ slug, title, body }) => [slug, { title, body }]));
  },

  /**
   * Saves the given title and body of the portal's item `slug`, creating the item when the portal has none; answers
   * what was stored. Written through the Document Service, so the body is sanitised like every other rich text.
   */
  async saveBySlug(portalSlug: string, slug: string, changes: ContentChanges): Promise<{ slug: string } & ContentText> {
    const portal = await portals(strapi).requireBySlug(portalSlug);
    const existing: { documentId: string } | null = await strapi.db.query(CONTENT).findOne({
      where: { slug, portal: { id: portal.id } },
      select: ['documentId'],
    });
    const saved = existing
      ? await strapi.documents(CONTENT).update({ documentId: existing.documentId, data: changes })
      : await strapi.documents(CONTENT).create({ data: { ...changes, slug, portal: portal.documentId } });
    return { slug, title: saved?.title ?? null, body: saved?.body ?? null };
  },
});

/** The custom methods, typed for the controller. */
export type ContentService = ReturnType<typeof contentService>;

export default factories.createCoreService(CONTENT, contentService);
