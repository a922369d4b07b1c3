/**
 * The sponsor desk's permissions, as the panel's roles hold them (docs/sponsor-desk.md, Who may do what): a module of
 * its own, without the plugin's services, so that src/bootstrap can name them.
 */
export const SPONSOR_DESK_ACTIONS = [
  'read',
  'remind',
  'review',
  'draft',
  'post',
  'countersign',
  'export',
  'sessions',
  'transfer',
] as const;
export type SponsorDeskAction = (typeof SPONSOR_DESK_ACTIONS)[number];
export const sponsorDeskAction = (action: SponsorDeskAction) => `plugin::sponsor-desk.${action}`;
