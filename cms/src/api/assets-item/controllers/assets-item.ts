import { factories } from '@strapi/strapi';
import { yup } from '@strapi/utils';
import { queryInteger, requiredText, validateQuery } from '../../../utils/validation';
import type { AssetsItemService } from '../services/assets-item';

/** The site shows a portal's whole portfolio at once and asks for 999 (its list limit). */
const MAX_LIMIT = 999;

const portfolioQuery = yup.object({ portal: requiredText('portal', 100), limit: queryInteger('limit', 1, MAX_LIMIT) });

export default factories.createCoreController('api::assets-item.assets-item', ({ strapi }) => ({
  /** GET /api/contents/portfolio: the portal's portfolio assets. */
  async portfolio(ctx) {
    const { portal, limit } = await validateQuery(portfolioQuery, ctx.query);
    ctx.body = await (strapi.service('api::assets-item.assets-item') as unknown as AssetsItemService).portfolio(portal, Number(limit ?? MAX_LIMIT));
  },
}));
