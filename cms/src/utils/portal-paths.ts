import { DESK_ACTION } from './uids';

/**
 * The content manager, portal by portal (docs/sponsor-desk.md, Staff and portals): each portal-scoped type's paths to
 * its portal (a row is in scope through any of them; an empty path is the portal itself), and the RBAC condition that
 * holds staff to it (the sponsor desk's content-manager-scope.ts registers them, bootstrap/staff-permissions.ts sets them). A row of
 * no portal is only super admins', as on the desk.
 */
export const PORTAL_PATHS: Readonly<Record<string, readonly string[]>> = {
  'api::portal.portal': [''],
  'api::company.company': ['portal'],
  'api::content.content': ['portal'],
  'api::team-member.team-member': ['portal'],
  'api::subscriber.subscriber': ['portal'],
  'api::blog-item.blog-item': ['portal'],
  'api::assets-item.assets-item': ['portal'],
  'plugin::users-permissions.user': ['portal'],
  'api::fund.fund': ['company.portal'],
  'api::investment.investment': ['fund.company.portal'],
  'api::synd-user.synd-user': ['fund.company.portal'],
  'api::synd-document.synd-document': ['fund.company.portal'],
  'api::fund-event.fund-event': ['fund.company.portal'],
  'api::valuation.valuation': ['fund.company.portal'],
  'api::tax-schedule.tax-schedule': ['fund.company.portal'],
  'api::ledger-entry.ledger-entry': ['fund.company.portal'],
  'api::statement.statement': ['fund.company.portal'],
  'api::reminder.reminder': ['fund.company.portal'],
  'api::commitment-transfer.commitment-transfer': ['fund.company.portal'],
  'api::signing.signing': ['syndUser.fund.company.portal'],
  'api::synd-agreement.synd-agreement': ['syndUser.fund.company.portal'],
  'api::notification.notification': ['user.portal'],
  // A portal's own wording of a notification; the shared templates (no portal) are the super admins'.
  'api::notification-template.notification-template': ['portal'],
  'api::proof-document.proof-document': ['user.portal'],
  'api::file-download.file-download': ['user.portal'],
  'api::tax-document.tax-document': ['user.portal', 'fund.company.portal'],
  'api::news-document.news-document': ['user.portal', 'fund.company.portal'],
};

/** The sponsor desk's record of what staff did names no portal: staff read their own actions, super admins all. */
export const OWN_ACTIONS = 'own-desk-actions';

export const conditionName = (paths: readonly string[]) =>
  `in-their-portals${paths.map((path) => `-via-${path.replace(/\./g, '-') || 'itself'}`).join('')}`;

/** The condition's id for a type, as a permission stores it (`api::<name>`); null for a type not scoped. */
export function portalConditionOf(uid: string): string | null {
  if (uid === DESK_ACTION) return `api::${OWN_ACTIONS}`;
  const paths = PORTAL_PATHS[uid];
  return paths ? `api::${conditionName(paths)}` : null;
}
