import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::portal.portal', ({ strapi }) => ({
  /** GET /api/auth/portals: the portal list the site picks its portal from. */
  async listPublic(ctx) {
    ctx.body = { items: await strapi.service('api::portal.portal').listPublic() };
  },
}));
