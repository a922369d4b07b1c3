import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import { sponsorDeskAction, type SponsorDeskAction } from '../bootstrap/actions';
import { deskActions } from '../services/desk-actions';

/** What each permission lets staff do, as a refusal names it (docs/sponsor-desk.md, Who may do what). */
const WHAT: Record<SponsorDeskAction, string> = {
  read: 'Opening the sponsor desk',
  remind: 'Sending reminders',
  review: 'Marking proof documents reviewed',
  draft: 'Drafting capital calls and distributions',
  post: 'Posting money (events, funding, valuations, adjustments, imports, K-1s, amendments)',
  countersign: 'Countersigning agreements',
  export: 'Exporting the commitments',
  sessions: 'Signing an investor out everywhere',
  transfer: 'Transferring a commitment',
};

/** The refusal of a call without the permission: a sentence that says what is refused and who may do it. */
export const refusalOf = (permission: SponsorDeskAction): string =>
  `${WHAT[permission]} needs the sponsor desk's "${permission}" permission, which your role does not have: ask a ` +
  'Super Admin or a Sponsor Admin, or ask for the permission (Settings, Roles, Plugins, Sponsor desk).';

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
  throw new errors.PolicyError(refusalOf(permission));
};
