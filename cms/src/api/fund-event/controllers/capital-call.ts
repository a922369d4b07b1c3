import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { keepErrorMessages } from '../../../utils/error-messages';
import { capitalCalls } from '../services/capital-call';

type Caller = { id: number; portal?: { id: number } | null };

export default ({ strapi }: { strapi: Core.Strapi }) =>
  keepErrorMessages({
    /** GET /api/profile/capital_calls/:fundEvent: one posted capital call of the caller's (CapitalCallView). */
    async show(ctx: Context) {
      ctx.body = await capitalCalls(strapi).show(ctx.state.user as Caller, String(ctx.params.fundEvent));
    },
  });
