import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { portals } from '../../portal/services/portal';

export default factories.createCoreService('api::content.content', ({ strapi }) => ({
  /** Title and body of each of `slugs` that exists in the portal; 404 for an unknown portal. */
  async bySlug(slugs: string[], portalSlug: string): Promise<Record<string, { title: string | null; body: string | null }>> {
    const portal = await portals(strapi).findBySlugOrDefault(portalSlug);
    if (!portal) throw new errors.NotFoundError('Portal not found');
    const rows: { slug: string; title: string | null; body: string | null }[] = await strapi.db.query('api::content.content').findMany({
      where: { slug: { $in: slugs }, portal: { id: portal.id } },
      select: ['slug', 'title', 'body'],
    });
    return Object.fromEntries(rows.map(({ slug, title, body }) => [slug, { title, body }]));
  },
}));
