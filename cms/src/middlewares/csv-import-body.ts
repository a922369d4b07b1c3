import type { Context, Next } from 'koa';

/** The sponsor desk's CSV import, the one route that reads a text/csv body of its own (up to 2 MB, docs/capital-accounts.md). */
const CSV_IMPORT = '/sponsor-desk/imports';

/**
 * Global middleware, before Strapi's body parser: a text/csv body sent to the desk's import is left unread for the
 * route, which reads it itself after its sign-in, permission and portal checks, up to 2 MB (csvBody in the sponsor
 * desk plugin). Strapi's parser reads every text/* body with its small text limit (koa-body's textLimit, 56 KB), so a
 * CSV the docs promise was answered 413 before the route saw it; raising that limit would raise it on every route.
 * The parser decides what to read from the request's length headers (type-is sees no body without them): they are
 * taken off here and the route is told the body waits in the request's stream.
 */
export default () => async (ctx: Context, next: Next) => {
  if (ctx.method === 'POST' && ctx.path === CSV_IMPORT && ctx.is('text/csv')) {
    ctx.state.csvUnread = true;
    delete ctx.req.headers['content-length'];
    delete ctx.req.headers['transfer-encoding'];
  }
  await next();
};
