import type { Context } from 'koa';
import { domainsOf, portals } from '../api/portal/services/portal';
import { isProduction } from './env';

const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\]|.+\.localhost)$/i;

/**
 * The origins allowed to call the CMS from a browser, for the request's Origin: the portals' domains (the sites),
 * the CMS's own host (the admin panel), the extra origins of CORS_ORIGINS, and outside production any local address
 * (the site on a developer's machine). Any other origin gets no CORS headers, so browsers keep its pages out.
 * Config is read before Strapi exists, so the portals are looked up through the global `strapi` at request time.
 */
export function corsOrigins(extra: string[]) {
  return async (ctx: Context): Promise<string[]> => {
    const origin = ctx.get('origin');
    let host: string;
    try {
      host = new URL(origin).hostname.toLowerCase();
    } catch {
      return [];
    }
    const allowed =
      extra.includes(origin) ||
      host === ctx.hostname.toLowerCase() ||
      (!isProduction() && LOCAL_HOST.test(host)) ||
      (await portals(strapi).findAll()).some((portal) => domainsOf(portal).includes(host));
    return allowed ? [origin] : [];
  };
}
