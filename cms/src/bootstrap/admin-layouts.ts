import type { Core, UID } from '@strapi/strapi';

interface Layout {
  /** The field that names an entry in lists and in other types' relation pickers. */
  mainField: string;
  /** List view columns, in order. */
  list: string[];
}

/** How content staff see each type in the admin panel. Bump LAYOUT_VERSION to re-apply after a change. */
const LAYOUTS: Record<string, Layout> = {
  'api::portal.portal': { mainField: 'name', list: ['name', 'slug', 'pageTitle', 'isDefault'] },
  'api::content.content': { mainField: 'slug', list: ['slug', 'title', 'portal', 'updatedAt'] },
  'api::team-member.team-member': { mainField: 'name', list: ['name', 'position', 'portal', 'sortOrder'] },
  'api::blog-item.blog-item': { mainField: 'title', list: ['title', 'type', 'isPublished', 'portal', 'sortOrder'] },
  'api::assets-item.assets-item': { mainField: 'name', list: ['name', 'assetType', 'fund', 'isExitedAsset', 'portal'] },
  'api::company.company': { mainField: 'name', list: ['name', 'city', 'state', 'portal'] },
  'api::fund.fund': { mainField: 'name', list: ['name', 'fund_code', 'fund_status', 'close_date', 'company'] },
  'api::investment.investment': { mainField: 'name', list: ['name', 'url_slug', 'inv_amount', 'fund'] },
  'api::synd-user.synd-user': { mainField: 'userLastName', list: ['user', 'investment', 'invest_status', 'invest_amount', 'sa_complete_date'] },
  'api::proof-document.proof-document': { mainField: 'originalName', list: ['originalName', 'title', 'user', 'createdAt'] },
  'api::tax-document.tax-document': { mainField: 'originalName', list: ['originalName', 'title', 'year', 'user', 'fund'] },
  'api::synd-document.synd-document': { mainField: 'originalName', list: ['originalName', 'title', 'fund', 'createdAt'] },
  'api::synd-agreement.synd-agreement': { mainField: 'originalName', list: ['originalName', 'syndUser', 'createdAt'] },
  'api::news-document.news-document': { mainField: 'title', list: ['title', 'year', 'user', 'fund'] },
  'api::notification.notification': { mainField: 'messageSubject', list: ['messageSubject', 'user', 'template', 'createdAt'] },
  'api::notification-template.notification-template': { mainField: 'name', list: ['name', 'subject', 'color', 'showInUI'] },
  'api::setting.setting': { mainField: 'name', list: ['name', 'levelToRead', 'levelToWrite', 'updatedAt'] },
  'api::user-auth.user-auth': { mainField: 'id', list: ['user', 'isGuestSession', 'expiresAt', 'createdAt'] },
  'api::user-auth.guest-code': { mainField: 'id', list: ['user', 'expiresAt', 'usedAt', 'createdAt'] },
  'api::subscriber.subscriber': { mainField: 'email', list: ['email', 'portal', 'createdAt'] },
  'plugin::users-permissions.user': { mainField: 'email', list: ['email', 'firstName', 'lastName', 'level', 'isActive'] },
};

const LAYOUT_VERSION = 2;

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
    for (const [name, attribute] of Object.entries(contentType.attributes)) {
      const target = (attribute as { type: string; target?: string }).type === 'relation' ? LAYOUTS[(attribute as { target: string }).target] : undefined;
      if (target && metadatas[name]) metadatas[name] = { ...metadatas[name], edit: { ...metadatas[name].edit, mainField: target.mainField } };
    }
    await service.updateConfiguration(contentType, {
      settings: { ...configuration.settings, mainField: layout.mainField, defaultSortBy: layout.mainField },
      metadatas,
      layouts: { ...configuration.layouts, list: layout.list },
    });
  }
  await store.set({ value: LAYOUT_VERSION });
}
