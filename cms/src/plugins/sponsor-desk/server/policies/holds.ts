import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { deskRefusalOf } from '@portal/rules';
import type { Context } from 'koa';
import { sponsorDeskAction, type SponsorDeskAction } from '../bootstrap/actions';
import { deskActions } from '../services/desk-actions';

/**
 * The panel's permission check (as admin::hasPermissions), which records the call it refuses and answers 403 with a
 * sentence (not Strapi's bare "Policy Failed").
 */
export default async (
  ctx: Context,
  { permission, action }: { permission: SponsorDeskAction; action: string },
  { strapi }: { strapi: Core.Strapi },
): Promise<boolean> => {
  if ((ctx.state.userAbility as { can(action: string): boolean } | undefined)?.can(sponsorDeskAction(permission)))
    return true;
  await deskActions(strapi).record(ctx, action, 403);
  throw new errors.PolicyError(deskRefusalOf(permission));
};
