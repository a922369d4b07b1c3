import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { sessions } from '../api/session/services/session';

/**
 * Route middleware 'global::session' for routes open to visitors (`auth: false`) that still read the caller:
 * resolves the authcode header, when valid, onto ctx.state.user. Routes that need a session use the 'authcode'
 * auth strategy instead.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: Next) => {
    await sessions(strapi).fromRequest(ctx);
    await next();
  };
