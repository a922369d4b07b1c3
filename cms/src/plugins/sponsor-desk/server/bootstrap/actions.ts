import type { SponsorDeskAction } from '@portal/rules';

/**
 * The sponsor desk's permissions (their list and the refusal's words are in rules/src/desk-permissions.ts, which the
 * desk's pages read too) as the panel's roles name them: a module of its own, without the plugin's services, so that
 * src/bootstrap can name them.
 */
export { SPONSOR_DESK_ACTIONS, type SponsorDeskAction } from '@portal/rules';
export const sponsorDeskAction = (action: SponsorDeskAction) => `plugin::sponsor-desk.${action}`;
