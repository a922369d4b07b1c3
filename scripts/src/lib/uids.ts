import type { UID } from '@strapi/strapi';
import * as cms from '../../../cms/src/utils/uids';

// The CMS's uids (cms/src/utils/uids.ts), typed here as any content type, not as their literals: the scripts compile
// without the CMS's generated schema types, and for a literal uid it does not know Strapi types the data as having no
// fields at all.
export const PORTAL: UID.ContentType = cms.PORTAL;
export const CONTENT: UID.ContentType = cms.CONTENT;
export const TEAM_MEMBER: UID.ContentType = cms.TEAM_MEMBER;
export const BLOG_ITEM: UID.ContentType = cms.BLOG_ITEM;
export const ASSETS_ITEM: UID.ContentType = cms.ASSETS_ITEM;
export const COMPANY: UID.ContentType = cms.COMPANY;
export const FUND: UID.ContentType = cms.FUND;
export const FUND_EVENT: UID.ContentType = cms.FUND_EVENT;
export const INVESTMENT: UID.ContentType = cms.INVESTMENT;
export const SYND_USER: UID.ContentType = cms.SYND_USER;
export const NOTIFICATION_TEMPLATE: UID.ContentType = cms.NOTIFICATION_TEMPLATE;
export const NOTIFICATION: UID.ContentType = cms.NOTIFICATION;
export const SETTING: UID.ContentType = cms.SETTING;
export const USER: UID.ContentType = cms.USER;
export const USER_ROLE: UID.ContentType = cms.USER_ROLE;
export const ADMIN_USER: UID.ContentType = cms.ADMIN_USER;
export const UPLOAD_FILE: UID.ContentType = cms.UPLOAD_FILE;
export const SIGNING: UID.ContentType = cms.SIGNING;
export const SYND_AGREEMENT: UID.ContentType = cms.SYND_AGREEMENT;
export const TAX_DOCUMENT: UID.ContentType = cms.TAX_DOCUMENT;
export const NEWS_DOCUMENT: UID.ContentType = cms.NEWS_DOCUMENT;
export const SYND_DOCUMENT: UID.ContentType = cms.SYND_DOCUMENT;
