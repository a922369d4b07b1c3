import type { UID } from '@strapi/strapi';

// The uid of every content type the server code, the seed and the tests name, declared once. Plain constants with a
// type-only import, so the admin bundle may import them too. Each keeps its literal type, which is what makes
// `strapi.db.query(FUND)` and `strapi.documents(FUND)` typed from the generated schema (types/generated).

export const ASSETS_ITEM = 'api::assets-item.assets-item' satisfies UID.ContentType;
export const BLOG_ITEM = 'api::blog-item.blog-item' satisfies UID.ContentType;
export const COMMITMENT_TRANSFER = 'api::commitment-transfer.commitment-transfer' satisfies UID.ContentType;
export const COMPANY = 'api::company.company' satisfies UID.ContentType;
/** A text block of a portal, found by slug. */
export const CONTENT = 'api::content.content' satisfies UID.ContentType;
/** What a staff member did on the sponsor desk (its audit trail). */
export const DESK_ACTION = 'plugin::sponsor-desk.desk-action' satisfies UID.ContentType;
export const FILE_DOWNLOAD = 'api::file-download.file-download' satisfies UID.ContentType;
export const FUND = 'api::fund.fund' satisfies UID.ContentType;
export const FUND_EVENT = 'api::fund-event.fund-event' satisfies UID.ContentType;
/** One investor's share of a capital call (a fund event). */
export const CALL_ITEM = 'api::fund-event.call-item' satisfies UID.ContentType;
export const INVESTMENT = 'api::investment.investment' satisfies UID.ContentType;
export const LEDGER_ENTRY = 'api::ledger-entry.ledger-entry' satisfies UID.ContentType;
export const NEWS_DOCUMENT = 'api::news-document.news-document' satisfies UID.ContentType;
export const NOTIFICATION = 'api::notification.notification' satisfies UID.ContentType;
export const NOTIFICATION_TEMPLATE = 'api::notification-template.notification-template' satisfies UID.ContentType;
export const PORTAL = 'api::portal.portal' satisfies UID.ContentType;
export const PROOF_DOCUMENT = 'api::proof-document.proof-document' satisfies UID.ContentType;
/** A lease that lets one holder in across every CMS instance. */
export const RATE_LIMIT_LEASE = 'api::rate-limit.lease' satisfies UID.ContentType;
/** One counted request of a rate limit, shared by every CMS instance. */
export const RATE_LIMIT_HIT = 'api::rate-limit.rate-limit-hit' satisfies UID.ContentType;
export const REMINDER = 'api::reminder.reminder' satisfies UID.ContentType;
/** A one-time code a superadmin uses to open a guest session as a user. */
export const GUEST_CODE = 'api::session.guest-code' satisfies UID.ContentType;
/** A signed-in session. */
export const USER_AUTH = 'api::session.user-auth' satisfies UID.ContentType;
export const SETTING = 'api::setting.setting' satisfies UID.ContentType;
/** One signer of a subscription agreement. */
export const SIGNING = 'api::signing.signing' satisfies UID.ContentType;
export const STATEMENT = 'api::statement.statement' satisfies UID.ContentType;
/** A newsletter subscriber. */
export const SUBSCRIBER = 'api::subscriber.subscriber' satisfies UID.ContentType;
export const SYND_AGREEMENT = 'api::synd-agreement.synd-agreement' satisfies UID.ContentType;
export const SYND_DOCUMENT = 'api::synd-document.synd-document' satisfies UID.ContentType;
/** An investor of a portal (the site user's investor record). */
export const SYND_USER = 'api::synd-user.synd-user' satisfies UID.ContentType;
export const TAX_DOCUMENT = 'api::tax-document.tax-document' satisfies UID.ContentType;
export const TAX_SCHEDULE = 'api::tax-schedule.tax-schedule' satisfies UID.ContentType;
export const TEAM_MEMBER = 'api::team-member.team-member' satisfies UID.ContentType;
export const VALUATION = 'api::valuation.valuation' satisfies UID.ContentType;

/** A site user (users-permissions). */
export const USER = 'plugin::users-permissions.user' satisfies UID.ContentType;
export const USER_ROLE = 'plugin::users-permissions.role' satisfies UID.ContentType;
export const USER_PERMISSION = 'plugin::users-permissions.permission' satisfies UID.ContentType;
/** A file in the media library. */
export const UPLOAD_FILE = 'plugin::upload.file' satisfies UID.ContentType;

/** A staff user of the admin panel. */
export const ADMIN_USER = 'admin::user' satisfies UID.ContentType;
export const ADMIN_ROLE = 'admin::role' satisfies UID.ContentType;
export const ADMIN_PERMISSION = 'admin::permission' satisfies UID.ContentType;

/** The product's own types, whose writes its checks guard: every api:: type and the sponsor desk's Desk Action. */
export const isOwnType = (uid: string): boolean => uid.startsWith('api::') || uid === DESK_ACTION;
