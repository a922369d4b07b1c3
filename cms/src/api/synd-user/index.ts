import type { Core } from '@strapi/strapi';
import { registerPanelGuard } from './panel-guard';

/** Commitments, proof reviews and K-1s are changed by the code that owns them, not by hand in the panel: see panel-guard.ts. */
export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    registerPanelGuard(strapi);
  },
};
