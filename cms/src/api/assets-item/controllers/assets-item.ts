import { factories } from '@strapi/strapi';
import { yup } from '@strapi/utils';
import { readCache } from '../../../utils/read-cache';
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
    const portal = await portals(strapi).forRequest(ctx);
    const count = Number(limit ?? MAX_LIMIT);
    const answer = await readCache(strapi).get(['portfolio', portal.id, count], () =>
      assetsItems(strapi).portfolio(portal, count),
    );
    readCache(strapi).send(ctx, answer);
  },
}));
