import type { Context, Next } from 'koa';

/** The admin panel's built files that are sent precompressed (src/admin/vite.config.ts writes their .br and .gz). */
const PRECOMPRESSED = /\.(js|mjs|css|json|svg)$/;

/**
 * Global middleware: the admin panel's scripts and styles are answered as Brotli, gzip or plain by what the browser
 * accepts (koa-send picks the precompressed copy), so each answer says it varies by Accept-Encoding: a cache between
 * (a CDN, a proxy) then never hands a gzip copy to a browser that did not ask for one.
 */
export default (_config: unknown, { strapi }: { strapi: { config: { get(path: string): unknown } } }) => {
  const adminPath = `${String(strapi.config.get('admin.path') ?? '/admin').replace(/\/$/, '')}/`;
  return async (ctx: Context, next: Next) => {
    await next();
    if (ctx.path.startsWith(adminPath) && PRECOMPRESSED.test(ctx.path)) ctx.vary('Accept-Encoding');
  };
};
