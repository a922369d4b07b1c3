import type { Core, UID } from '@strapi/strapi';

/**
 * The typed accessor of one service: `export const sessions = serviceAccessor<SessionService>('api::session.session')`.
 * Strapi's registry types services by name, not by our factories' return types, so the one cast lives here.
 */
export const serviceAccessor =
  <T>(uid: UID.Service) =>
  (strapi: Core.Strapi): T =>
    strapi.service(uid) as unknown as T;
