import { factories } from '@strapi/strapi';
import { yup } from '@strapi/utils';
import type { EducationItemBySlug } from '@portal/rules';
import { readCache } from '../../../utils/read-cache';
import { queryChoice, queryInteger, requiredText, text, validateBody, validateQuery } from '../../../utils/validation';
import { portals } from '../../portal/services/portal';
import { blogItems } from '../services/blog-item';

/** The site pages education 8 at a time; 100 is the most one call may ask for. */
const DEFAULT_LIMIT = 8;
const MAX_LIMIT = 100;
const MAX_OFFSET = 1_000_000;

const educationQuery = yup.object({
  portal: text('portal', 100),
  kind: queryChoice('kind', ['video', 'other'] as const),
  displayOnPortfolio: queryChoice('displayOnPortfolio', ['true'] as const),
  limit: queryInteger('limit', 1, MAX_LIMIT),
  offset: queryInteger('offset', 0, MAX_OFFSET),
  sort: queryChoice('sort', ['-sortOrder', '-createdAt'] as const),
});

const bySlugSchema = yup.object({ slug: requiredText('slug', 200), portal: text('portal', 100) });

export default factories.createCoreController('api::blog-item.blog-item', ({ strapi }) => {
  return {
    /** GET /api/contents/education: a page of the portal's published education items with the total. */
    async education(ctx) {
      const query = await validateQuery(educationQuery, ctx.query);
      const portal = await portals(strapi).forRequest(ctx);
      const list = {
        kind: query.kind,
        displayOnPortfolio: query.displayOnPortfolio === 'true',
        limit: Number(query.limit ?? DEFAULT_LIMIT),
        offset: Number(query.offset ?? 0),
        sort: query.sort ?? '-sortOrder',
      } as const;
      const answer = await readCache(strapi).get(['education', portal.id, list], () =>
        blogItems(strapi).education(portal, list),
      );
      readCache(strapi).send(ctx, answer);
    },

    /** POST /api/contents/educationbyslug: one published education item of the portal. */
    async educationBySlug(ctx) {
      const { slug } = await validateBody(bySlugSchema, ctx.request.body);
      const portal = await portals(strapi).forRequest(ctx);
      const answer = await readCache(strapi).get(
        ['educationbyslug', portal.id, slug],
        async (): Promise<EducationItemBySlug> => ({
          blogItem: await blogItems(strapi).educationBySlug(portal, slug),
        }),
      );
      readCache(strapi).send(ctx, answer);
    },
  };
});
