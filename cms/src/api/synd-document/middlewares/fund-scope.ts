import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import type { CollectionScope } from '../../collection/middlewares/scope';
import { idFilter } from '../../collection/query';
import { portals } from '../../portal/services/portal';
import { sessions } from '../../session/services/session';
import { firstIdWhere } from '../../../utils/sql-where';
import { FUND } from '../../../utils/uids';

/**
 * After the collection scope (which answers 401 to visitors and keeps the caller's portal): narrows the list to the
 * fund in the URL, a numeric id or documentId. A fund of another portal, or none, answers 404 like a missing one.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: Next) => {
    const user = (await sessions(strapi).fromRequest(ctx))?.user;
    const portal = user ? await portals(strapi).ofUser(user) : null;
    const fundId = portal
      ? await firstIdWhere(strapi, FUND, {
          $and: [idFilter(String(ctx.params.fundId)), { company: { portal: { id: portal.id } } }],
        })
      : null;
    if (fundId === null) return ctx.notFound('Not found');
    const state = ctx.state.collection as CollectionScope;
    state.scope.$and.push({ fund: { id: fundId } });
    await next();
  };
