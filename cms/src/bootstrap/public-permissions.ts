import type { Core } from '@strapi/strapi';

/**
 * What Strapi's generic REST API serves without our own auth: read access to the public, portal-scoped types.
 * Everything else (including the plugin's own /auth/local routes) is closed; the site signs in through our
 * /api/auth endpoints instead.
 */
export const PUBLIC_ACTIONS = [
  'api::portal.portal.find',
  'api::portal.portal.findOne',
  'api::content.content.find',
  'api::content.content.findOne',
  'api::team-member.team-member.find',
  'api::team-member.team-member.findOne',
  'api::blog-item.blog-item.find',
  'api::assets-item.assets-item.find',
  'api::assets-item.assets-item.findOne',
];

const PERMISSION = 'plugin::users-permissions.permission';
const ROLE = 'plugin::users-permissions.role';

/** Makes the public role hold exactly PUBLIC_ACTIONS and the authenticated role nothing, on every boot. */
export async function applyPublicPermissions(strapi: Core.Strapi): Promise<void> {
  const roles = await strapi.db.query(ROLE).findMany({ where: { type: { $in: ['public', 'authenticated'] } } });
  for (const role of roles) {
    const wanted = role.type === 'public' ? PUBLIC_ACTIONS : [];
    const held: { id: number; action: string }[] = await strapi.db.query(PERMISSION).findMany({ where: { role: role.id } });
    const extra = held.filter((permission) => !wanted.includes(permission.action));
    if (extra.length) {
      await strapi.db.query(PERMISSION).deleteMany({ where: { id: { $in: extra.map((permission) => permission.id) } } });
    }
    const missing = wanted.filter((action) => !held.some((permission) => permission.action === action));
    for (const action of missing) {
      await strapi.db.query(PERMISSION).create({ data: { action, role: role.id } });
    }
  }
  // Self-registration goes through /api/auth/register (captcha, portal, confirmation mail), never the plugin's route.
  const store = strapi.store({ type: 'plugin', name: 'users-permissions', key: 'advanced' });
  const advanced = ((await store.get()) as Record<string, unknown> | null) ?? {};
  if (advanced.allow_register !== false) await store.set({ value: { ...advanced, allow_register: false } });
}
