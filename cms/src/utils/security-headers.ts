import type { Core } from '@strapi/strapi';
import type { Context, Middleware, Next } from 'koa';

/** What Strapi's security middleware did to a response: the headers it set and the ones it removed, in order. */
type HeaderStep = { set: [string, number | string | readonly string[]] } | { remove: string };

type Factory = (config: unknown, context: { strapi: Core.Strapi }) => Middleware;

/**
 * Strapi's own `strapi::security` (helmet, with the config of config/middlewares.ts), its headers on an API call
 * worked out once and then only set. Strapi builds a new helmet from its merged config on every request (the config
 * depends on the path: the admin panel in development, the documentation plugin), a good part of a cached answer's
 * time. Under the content API's prefix the config is always the same one, and helmet's headers depend on its config
 * alone: they are recorded from Strapi's middleware on the first such request and replayed, in the same order, on
 * the next ones. Every other request goes through Strapi's middleware as before.
 */
const replaying =
  (factory: Factory): Factory =>
  (config, { strapi }) => {
    const own = factory(config, { strapi });
    const prefix = `${strapi.config.get('api.rest.prefix', '/api') as string}/`;
    const adminPath = strapi.config.get('admin.path', '/admin') as string;
    let steps: HeaderStep[] | undefined;

    /** The headers Strapi's middleware gives an API call, recorded by running it on a stand-in response. */
    async function record(ctx: Context): Promise<HeaderStep[]> {
      const recorded: HeaderStep[] = [];
      const res = {
        setHeader: (name: string, value: number | string | readonly string[]) => recorded.push({ set: [name, value] }),
        removeHeader: (name: string) => recorded.push({ remove: name }),
        getHeader: () => undefined,
      };
      const req = { method: ctx.method, url: ctx.url, headers: {} };
      await own({ method: ctx.method, path: ctx.path, url: ctx.url, req, res } as unknown as Context, async () => {});
      return recorded;
    }

    return async (ctx: Context, next: Next) => {
      if (!ctx.path.startsWith(prefix) || ctx.path.startsWith(adminPath)) return own(ctx, next);
      steps ??= await record(ctx);
      for (const step of steps) {
        if ('set' in step) ctx.res.setHeader(...step.set);
        else ctx.res.removeHeader(step.remove);
      }
      return next();
    };
  };

/** Makes `strapi::security` replay its headers on API calls (see replaying). Call from register(). */
export function replaySecurityHeaders(strapi: Core.Strapi): void {
  (strapi.get('middlewares') as unknown as { extend(uid: string, wrap: (factory: Factory) => Factory): void }).extend(
    'strapi::security',
    replaying,
  );
}
