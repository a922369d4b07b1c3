import { factories } from '@strapi/strapi';
import { portals } from '../services/portal';

export default factories.createCoreController('api::portal.portal', ({ strapi }) => ({
  /** GET /api/auth/portals: the portal list the site picks its portal from. */
  async listPublic(ctx) {
    ctx.body = { items: await portals(strapi).listPublic() };
  },
}));
