import type { Core } from '@strapi/strapi';
import { registerStaffPortalConditions } from './content-manager-scope';

/** The conditions that hold staff to their portals in the content manager; the app's bootstrap then sets them. */
export default ({ strapi }: { strapi: Core.Strapi }) => registerStaffPortalConditions(strapi);
