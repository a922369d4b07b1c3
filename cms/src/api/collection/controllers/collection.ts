import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import { keepErrorMessages } from '../../../utils/error-messages';
import { readCache } from '../../../utils/read-cache';
import type { CollectionScope } from '../middlewares/scope';
import { idFilter, parseListQuery } from '../query';
import { collections } from '../services/collection';

const scopeOf = (ctx: Context) => ctx.state.collection as CollectionScope;

/**
 * The public lists (education, portfolio and team rows, open to visitors) go through the read cache, keyed by the
 * scope the middleware decided (portal, fixed conditions) and the checked query: the key holds everything the
 * database query is made of, so one caller's answer is only ever served to callers whose query is the same.
 */
const isPublicRead = ({ rule }: CollectionScope, mine = false) => rule.read === 'anyone' && !mine;

export default ({ strapi }: { strapi: Core.Strapi }) =>
  keepErrorMessages({
    /** GET /api/{collection}: `{ items, total }`, the caller's rows that match filters, populate, sort, limit and mine. */
    async list(ctx: Context) {
      const collection = scopeOf(ctx);
      const { name, rule, scope } = collection;
      const query = parseListQuery(name, rule, ctx.query);
      if (!isPublicRead(collection, query.mine)) {
        ctx.body = await collections(strapi).list(rule, scope, query);
        return;
      }
      const answer = await readCache(strapi).get([name, 'list', scope, query], () =>
        collections(strapi).list(rule, scope, query),
      );
      readCache(strapi).send(ctx, answer, { dependsOnSession: true, signedIn: collection.signedIn });
    },

    /** GET /api/{collection}/{id}: `{ item }`, one row the caller may read (404 otherwise). */
    async findOne(ctx: Context) {
      const collection = scopeOf(ctx);
      const { name, rule, scope } = collection;
      const { populate, mine } = parseListQuery(name, rule, ctx.query);
      const id = idFilter(String(ctx.params.id));
      const read = async () => ({ item: await collections(strapi).findOne(rule, scope, id, populate) });
      if (!isPublicRead(collection, mine)) {
        ctx.body = await read();
        return;
      }
      const answer = await readCache(strapi).get([name, 'one', scope, id, populate], read);
      readCache(strapi).send(ctx, answer, { dependsOnSession: true, signedIn: collection.signedIn });
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
