import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { keepErrorMessages } from '../../../utils/error-messages';
import { cmsOrigin } from '../../../utils/file-links';
import { portals } from '../../portal/services/portal';
import { statements } from '../services/statement';

export default ({ strapi }: { strapi: Core.Strapi }) =>
  keepErrorMessages({
    /** POST /api/profile/statements/download {syndUserId, from, to}: `{url, originalName}` of the sealed statement. */
    async download(ctx: Context) {
      const body = (ctx.request.body ?? {}) as Record<string, unknown>;
      ctx.body = await statements(strapi).issue(
        ctx.state.user as { id: number },
        { syndUserId: body.syndUserId, from: body.from, to: body.to },
        { ip: ctx.request.ip || null, cmsOrigin: cmsOrigin(strapi, ctx) },
      );
    },

    /** GET /api/statements/verify/:sha256?portal= (no session): `{valid, issuedAt, portal, investorInitials}`, or 404 for another portal's. */
    async verify(ctx: Context) {
      const portal = await portals(strapi).forRequest(ctx);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await statements(strapi).verify(portal, String(ctx.params.sha256));
    },
  });
