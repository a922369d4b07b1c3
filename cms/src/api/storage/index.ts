import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';

/**
 * Strapi's body middleware (koa-body) reads every multipart body whole into temporary files, up to its own 200 MB
 * limit, before any route runs; a local upload must instead be read as a stream and cut off at its policy's limit
 * (providers/storage/local-upload.ts). This middleware runs before Strapi's own (it is added at register, they at
 * load): for the upload route it keeps the request's Content-Type aside and hides it from koa-body, which then leaves
 * the body unread. CORS, errors and routing still apply as to any route.
 */
export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    const uploadPath = `${strapi.config.get('api.rest.prefix', '/api')}/storage/upload`;
    strapi.server.use(async (ctx: Context, next: Next) => {
      if (ctx.method === 'POST' && ctx.path === uploadPath && ctx.is('multipart')) {
        ctx.state.uploadContentType = ctx.get('content-type');
        ctx.req.headers['content-type'] = 'application/octet-stream';
      }
      await next();
    });
  },
};
