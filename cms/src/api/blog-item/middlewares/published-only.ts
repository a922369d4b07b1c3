import type { Core } from '@strapi/strapi';

/** Visitors never see unpublished education items, whatever filters they send. */
export default (_config: unknown, _deps: { strapi: Core.Strapi }) =>
  async (ctx: { query: Record<string, unknown> }, next: () => Promise<void>) => {
    const filters = ctx.query.filters ?? {};
    ctx.query = { ...ctx.query, filters: { $and: [filters, { isPublished: true }] } };
    await next();
  };
