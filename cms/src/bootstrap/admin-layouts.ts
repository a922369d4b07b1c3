import type { Core, UID } from '@strapi/strapi';
import { fieldLabel } from '../utils/field-label';
import { GUEST_CODE, SIGN_IN_SESSION } from '../utils/session-types';
import { DESK_ACTION } from '../utils/uids';
import { DOCUMENT_LAYOUTS } from './admin-layouts-documents';
import { FUND_LAYOUTS } from './admin-layouts-funds';
import { PORTAL_LAYOUTS } from './admin-layouts-portal';

export interface Layout {
  /** The field that names an entry in lists and in other types' relation pickers. */
  mainField: string;
  /** List view columns, in order. */
  list: string[];
  /** What a field does, shown under it in the edit view, where its label alone does not say. */
  descriptions?: Record<string, string>;
}

/**
 * How content staff see each type in the admin panel: every field is labelled by fieldLabel; these add the name of
 * each entry, the list columns and the help texts. Bump LAYOUT_VERSION to re-apply after a change.
 */
const LAYOUTS: Record<string, Layout> = {
  ...PORTAL_LAYOUTS,
  ...FUND_LAYOUTS,
  ...DOCUMENT_LAYOUTS,
  [DESK_ACTION]: {
    mainField: 'action',
    list: ['createdAt', 'action', 'staffName', 'path', 'answerStatus'],
    descriptions: {
      action:
        'What the staff member did or tried on the sponsor desk (docs/sponsor-desk.md): every change, export and download, and every call refused (Answer status 400, 403, 404, ...), which changed nothing; looking is recorded only when refused for want of a permission.',
      request: 'What the call asked (its JSON body, cut at 2,000 characters; a file by its name).',
      answerStatus:
        'The HTTP status the desk answered: 200 done, 400 refused as asked, 403 not permitted, 404 not found.',
    },
  },
  [SIGN_IN_SESSION]: {
    mainField: 'label',
    list: ['label', 'isGuestSession', 'expiresAt'],
    descriptions: { label: 'Who signed in and when; set by the CMS.', authCode: 'Only a hash of the code is kept.' },
  },
  [GUEST_CODE]: {
    mainField: 'label',
    list: ['label', 'expiresAt', 'usedAt'],
    descriptions: { label: 'Whose guest session and when; set by the CMS.', code: 'Only a hash of the code is kept.' },
  },
  // Hidden from the panel (the instances' shared working state), labelled all the same.
  'api::rate-limit.rate-limit-hit': { mainField: 'limitKey', list: ['limitKey', 'at'] },
  'api::rate-limit.lease': { mainField: 'leaseKey', list: ['leaseKey', 'expiresAt'] },
  'plugin::users-permissions.user': {
    mainField: 'email',
    list: ['email', 'firstName', 'lastName', 'level', 'isActive'],
    descriptions: {
      level: 'What the person may do on the site: superadmin > admin > user > guest.',
      isActive: 'Only active accounts can sign in; set when the email address is confirmed.',
      accreditation: 'The accreditation option the investor chose; 0 means not accredited.',
      accreditationDate: 'When the investor last stated their accreditation; the site asks again after a year.',
      portal: 'The portal the account belongs to.',
    },
  },
};

/**
 * Types that stay small (a portal's pages, funds, templates, settings): their lists sort by the name. Every other type
 * grows with use (a million notifications, sessions, downloads on a grown portal) and lists newest first, by id, which
 * the table's own key answers; sorting such a table by a name reads it whole on every page of the list.
 */
const LISTED_BY_NAME = new Set([
  'api::portal.portal',
  'api::content.content',
  'api::team-member.team-member',
  'api::blog-item.blog-item',
  'api::assets-item.assets-item',
  'api::company.company',
  'api::fund.fund',
  'api::investment.investment',
  'api::synd-document.synd-document',
  'api::tax-schedule.tax-schedule',
  'api::notification-template.notification-template',
  'api::setting.setting',
  'api::valuation.valuation',
  'api::fund-event.fund-event',
]);

const LAYOUT_VERSION = 28;

type Configuration = {
  settings: Record<string, unknown>;
  metadatas: Record<string, { edit?: Record<string, unknown>; list?: Record<string, unknown> }>;
  layouts: { list: string[]; edit: unknown };
};

/** Applies LAYOUTS once per LAYOUT_VERSION, so later changes made by staff in the panel are kept. */
export async function applyAdminLayouts(strapi: Core.Strapi): Promise<void> {
  const store = strapi.store({ type: 'plugin', name: 'portal', key: 'admin-layout-version' });
  if (((await store.get()) as number | null) === LAYOUT_VERSION) return;

  const service = strapi.plugin('content-manager').service('content-types');
  for (const [uid, layout] of Object.entries(LAYOUTS)) {
    const contentType = strapi.getModel(uid as UID.ContentType);
    if (!contentType) continue;
    const configuration = (await service.findConfiguration(contentType)) as Configuration;
    const metadatas = { ...configuration.metadatas };
    for (const [name, metadata] of Object.entries(metadatas)) {
      const attribute = (contentType.attributes as Record<string, { type: string; target?: string } | undefined>)[name];
      const target = attribute?.type === 'relation' && attribute.target ? LAYOUTS[attribute.target] : undefined;
      const label = fieldLabel(name);
      metadatas[name] = {
        edit: {
          ...metadata.edit,
          label,
          description: layout.descriptions?.[name] ?? '',
          ...(target && { mainField: target.mainField }),
        },
        list: { ...metadata.list, label },
      };
    }
    await service.updateConfiguration(contentType, {
      settings: {
        ...configuration.settings,
        mainField: layout.mainField,
        ...(LISTED_BY_NAME.has(uid)
          ? { defaultSortBy: layout.mainField, defaultSortOrder: 'ASC' }
          : { defaultSortBy: 'id', defaultSortOrder: 'DESC' }),
      },
      metadatas,
      layouts: { ...configuration.layouts, list: layout.list },
    });
  }
  await store.set({ value: LAYOUT_VERSION });
}
