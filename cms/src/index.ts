import type { Core } from '@strapi/strapi';
import { applyAdminLayouts } from './bootstrap/admin-layouts';
import { applyPublicPermissions } from './bootstrap/public-permissions';
import { registerUniquePerPortal } from './bootstrap/unique-per-portal';

export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    registerUniquePerPortal(strapi);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await applyPublicPermissions(strapi);
    await applyAdminLayouts(strapi);
  },
};
