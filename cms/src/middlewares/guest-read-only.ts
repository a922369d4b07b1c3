import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context, Next } from 'koa';
// The router's own path matcher (the version @koa/router uses), so a route's parameters match here as they do there.
import { pathToRegexp } from 'path-to-regexp';
import { AUTHCODE_HEADER, sessions } from '../api/session/services/session';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface RouteDefinition {
  method: string;
  path: string;
  config?: { guestMayCall?: boolean };
}

/**
 * The non-GET routes a guest session may still call: those whose definition says `config: { guestMayCall: true }`
 * (logout, and the reads the spec makes as POST, downloads among them). Read from the route files as loaded, so the
 * route declares it.
 */
function guestCallableRoutes(strapi: Core.Strapi): { method: string; path: RegExp }[] {
  const prefix = strapi.config.get('api.rest.prefix', '/api') as string;
  const allowed: { method: string; path: RegExp }[] = [];
  for (const api of Object.values(strapi.apis) as { routes?: Record<string, { routes?: RouteDefinition[] }> }[]) {
    for (const router of Object.values(api.routes ?? {})) {
      for (const route of router.routes ?? []) {
        if (route.config?.guestMayCall)
          allowed.push({ method: route.method, path: pathToRegexp(`${prefix}${route.path}`) });
      }
    }
  }
  return allowed;
}

/**
 * Global middleware: a guest session (a superadmin looking through a user's eyes) may read but never write.
 * It runs before routing, so it covers every route, including ones added later.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  let allowed: { method: string; path: RegExp }[] | undefined;
  return async (ctx: Context, next: Next) => {
    if (WRITES.has(ctx.method) && ctx.get(AUTHCODE_HEADER)) {
      allowed ??= guestCallableRoutes(strapi);
      if (!allowed.some((route) => route.method === ctx.method && route.path.test(ctx.path))) {
        const caller = await sessions(strapi).fromRequest(ctx);
        if (caller?.session.isGuestSession) throw new errors.ForbiddenError('A guest session is read-only');
      }
    }
    await next();
  };
};
