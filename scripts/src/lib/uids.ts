import type { UID } from '@strapi/strapi';

// Typed as any content type, not as their literals: the scripts compile without the CMS's generated schema types, and
// for a literal uid it does not know Strapi types the data as having no fields at all.
export const PORTAL: UID.ContentType = 'api::portal.portal';
export const CONTENT: UID.ContentType = 'api::content.content';
export const TEAM_MEMBER: UID.ContentType = 'api::team-member.team-member';
export const BLOG_ITEM: UID.ContentType = 'api::blog-item.blog-item';
export const ASSETS_ITEM: UID.ContentType = 'api::assets-item.assets-item';
export const COMPANY: UID.ContentType = 'api::company.company';
export const FUND: UID.ContentType = 'api::fund.fund';
export const INVESTMENT: UID.ContentType = 'api::investment.investment';
export const SYND_USER: UID.ContentType = 'api::synd-user.synd-user';
export const NOTIFICATION_TEMPLATE: UID.ContentType = 'api::notification-template.notification-template';
export const NOTIFICATION: UID.ContentType = 'api::notification.notification';
export const SETTING: UID.ContentType = 'api::setting.setting';
export const USER: UID.ContentType = 'plugin::users-permissions.user';
export const USER_ROLE: UID.ContentType = 'plugin::users-permissions.role';
export const ADMIN_USER: UID.ContentType = 'admin::user';
/** A file in the media library. */
export const UPLOAD_FILE: UID.ContentType = 'plugin::upload.file';
/** One signer of a subscription agreement (the signing API's own type). */
export const SIGNING: UID.ContentType = 'api::signing.signing';
export const SYND_AGREEMENT: UID.ContentType = 'api::synd-agreement.synd-agreement';
