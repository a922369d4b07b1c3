import type { Core } from '@strapi/strapi';
import type { Context, Middleware, Next } from 'koa';

/**
 * The route lane: a signed-in read answered by its own route (the route Strapi composed from its definition: the
 * route's auth, policies, middlewares and action, in that order) without the rest of the global middleware chain
 * and without the router's search through every route of the CMS.
 *
 * What the lane leaves out does nothing to such a request: the body parser gives a GET an empty body (set here), the
 * guest guard only stops writes, the CSV and depth guards and the posted-read cache only read bodies, the session
 * cookie, favicon and public files never answer an /api path, and the unknown-collection answer is only for paths
 * no route matched. The query parser is the app's (strapi::query installs it on every request at start).
 *
 * The route is found as @koa/router finds it: the first of the router's routes under the content API's prefix, in
 * the router's own order, whose path matches and that serves GET; a path no such route matches is left to the
 * router. The router would also run, around that route, the layers that match every path: the public files' route
 * (strapi::public, deferred: it serves a file only when no route answered), the routers' `allowedMethods` (they act
 * only on a path no route matched) and passport's `initialize` (helpers for the users-permissions plugin's own
 * strategies, which these routes do not use). None of them changes an answer of such a route.
 */

/** What the lane reads of an @koa/router Layer (12.x). */
interface Layer {
  path: string;
  methods: string[];
  stack: Middleware[];
  match(path: string): boolean;
  captures(path: string): string[];
  params(path: string, captures: string[], params?: Record<string, string>): Record<string, string>;
}

/** Paths remembered (each the route that answers it, or none); emptied when full. */
const MAX_PATHS = 10_000;

/** The lane of one Strapi instance: `route(ctx)` answers by the path's route, or returns false when it has none. */
export function routeLane(strapi: Core.Strapi) {
  const prefix = strapi.config.get('api.rest.prefix', '/api') as string;
  let layers: Layer[] | undefined;
  const byPath = new Map<string, Layer | null>();

  function find(path: string): Layer | null {
    let found = byPath.get(path);
    if (found !== undefined) return found;
    layers ??= (strapi.server as unknown as { listRoutes(): Layer[] })
      .listRoutes()
      .filter((layer) => layer.methods.includes('GET') && layer.path.startsWith(`${prefix}/`));
    found = layers.find((layer) => layer.match(path)) ?? null;
    if (byPath.size >= MAX_PATHS) byPath.clear();
    byPath.set(path, found);
    return found;
  }

  /** A route's stack, run in turn; a route that passes the request on reaches nothing (the router's last layer). */
  function run(stack: Middleware[], ctx: Context): Promise<unknown> {
    const step = (index: number): Promise<unknown> =>
      index === stack.length ? Promise.resolve() : Promise.resolve(stack[index](ctx, (() => step(index + 1)) as Next));
    return step(0);
  }

  return {
    async route(ctx: Context): Promise<boolean> {
      if (ctx.method !== 'GET') return false;
      const layer = find(ctx.path);
      if (!layer) return false;
      const captures = layer.captures(ctx.path);
      ctx.captures = captures;
      ctx.params = layer.params(ctx.path, captures, {});
      ctx._matchedRoute = layer.path;
      ctx.request.body = {};
      await run(layer.stack, ctx);
      return true;
    },
  };
}
