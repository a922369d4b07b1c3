import { factories } from '@strapi/strapi';
import { readCache } from '../../../utils/read-cache';
import { portals } from '../services/portal';

export default factories.createCoreController('api::portal.portal', ({ strapi }) => ({
  /** GET /api/auth/portals: the portal list the site picks its portal from. */
  async listPublic(ctx) {
    readCache(strapi).send(ctx, await portals(strapi).listPublic());
  },
}));
