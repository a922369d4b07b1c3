import type { Context, Next } from 'koa';

/** The spec's answer to a collection call naming no collection the CMS serves. */
export const UNKNOWN_COLLECTION = 'Model is not defined on backend. Maybe try to reboot the instance.';

const API_PATH = /^\/api\/[^/]+(\/[^/]+)?\/?$/;

/**
 * Global middleware: a call of the form /api/{name} or /api/{name}/{id} that no route answered (no status set, or
 * the router's 405 for a path some other method serves) names an unknown collection; it gets a 404 with the spec's
 * message instead of Strapi's bare 'Not Found'.
 */
export default () => async (ctx: Context, next: Next) => {
  await next();
  const unanswered = !(ctx.response as { _explicitStatus?: boolean })._explicitStatus || ctx.status === 405;
  // Strapi's catch-all route for public files also matches, so only an /api route counts as an answer.
  const apiRouteMatched = typeof ctx._matchedRoute === 'string' && ctx._matchedRoute.startsWith('/api/');
  if (unanswered && !apiRouteMatched && API_PATH.test(ctx.path)) {
    ctx.status = 404;
    ctx.body = { data: null, error: { status: 404, name: 'NotFoundError', message: UNKNOWN_COLLECTION, details: {} } };
  }
};
