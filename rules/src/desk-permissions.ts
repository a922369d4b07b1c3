/**
 * The sponsor desk's permissions, as the panel's roles hold them (docs/sponsor-desk.md, Who may do what), and the
 * sentence a call without one is refused with: the server's 403 and the desk's line under a button the role may not
 * press say the same words.
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

/** What each permission lets staff do, as a refusal names it. */
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

/** The refusal of a desk action without its permission: what is refused, and who may do it or grant it. */
export const deskRefusalOf = (permission: SponsorDeskAction): string =>
  `${WHAT[permission]} needs the sponsor desk's "${permission}" permission, which your role does not have: ask a ` +
  'Super Admin or a Sponsor Admin, or ask for the permission (Settings, Roles, Plugins, Sponsor desk).';
