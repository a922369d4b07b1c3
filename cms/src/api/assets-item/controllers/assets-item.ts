import { factories } from '@strapi/strapi';
import { yup } from '@strapi/utils';
import { queryInteger, text, validateQuery } from '../../../utils/validation';
import { portals } from '../../portal/services/portal';
import { assetsItems } from '../services/assets-item';

/** The site shows a portal's whole portfolio at once and asks for 999 (its list limit). */
const MAX_LIMIT = 999;

const portfolioQuery = yup.object({ portal: text('portal', 100), limit: queryInteger('limit', 1, MAX_LIMIT) });

export default factories.createCoreController('api::assets-item.assets-item', ({ strapi }) => ({
  /** GET /api/contents/portfolio: the portal's portfolio assets. */
  async portfolio(ctx) {
    const { limit } = await validateQuery(portfolioQuery, ctx.query);
    ctx.body = await assetsItems(strapi).portfolio(await portals(strapi).forRequest(ctx), Number(limit ?? MAX_LIMIT));
  },
}));
