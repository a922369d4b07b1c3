import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context, Next } from 'koa';
import { AUTHCODE_HEADER, sessions } from '../api/user-auth/services/session';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * What a guest session may still send: ending itself, and the reads the site makes as POST (the spec's calls).
 * A new read-as-POST route must be listed here, or guests get a 403 for it.
 */
const ALLOWED = new Set([
  'POST /api/auth/logout',
  'POST /api/settings/load',
  'POST /api/contents/byslug',
  'POST /api/contents/educationbyslug',
]);

/**
 * Global middleware: a guest session (a superadmin looking through a user's eyes) may read but never write.
 * It runs before routing, so it covers every route, including ones added later.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: Next) => {
    if (WRITES.has(ctx.method) && ctx.get(AUTHCODE_HEADER) && !ALLOWED.has(`${ctx.method} ${ctx.path}`)) {
      const caller = await sessions(strapi).fromRequest(ctx);
      if (caller?.session.isGuestSession) throw new errors.ForbiddenError('A guest session is read-only');
    }
    await next();
  };
