import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import { keepErrorMessages } from '../../../utils/error-messages';
import type { CollectionScope } from '../middlewares/scope';
import { idFilter, parseListQuery } from '../query';
import { collections } from '../services/collection';

const scopeOf = (ctx: Context) => ctx.state.collection as CollectionScope;

export default ({ strapi }: { strapi: Core.Strapi }) =>
  keepErrorMessages({
    /** GET /api/{collection}: `{ items, total }`, the caller's rows that match filters, populate, sort, limit and mine. */
    async list(ctx: Context) {
      const { name, rule, scope } = scopeOf(ctx);
      ctx.body = await collections(strapi).list(rule, scope, parseListQuery(name, rule, ctx.query));
    },

    /** GET /api/{collection}/{id}: `{ item }`, one row the caller may read (404 otherwise). */
    async findOne(ctx: Context) {
      const { name, rule, scope } = scopeOf(ctx);
      const { populate } = parseListQuery(name, rule, ctx.query);
      ctx.body = { item: await collections(strapi).findOne(rule, scope, idFilter(String(ctx.params.id)), populate) };
    },

    /** POST, PUT and DELETE on a collection: every write the product makes has its own endpoint with its rules. */
    async write(ctx: Context) {
      throw new errors.ForbiddenError(`${ctx.path.split('/')[2]} cannot be changed through the collection calls`);
    },

    /** PUT or DELETE /api/{collection} without an id. */
    async missingId() {
      throw new errors.ValidationError('id or _id is required');
    },
  });
