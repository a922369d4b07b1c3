import type { Core } from '@strapi/strapi';
import { USER_PERMISSION, USER_ROLE } from '../utils/uids';

/**
 * Strapi's own REST routes are not served (every open route is ours, `auth: false`, and decides access itself:
 * the collection table in api/collection), so the users-permissions roles hold no permission at all. This also keeps
 * the plugin's own /auth/local and /users routes closed; the site signs in through our /api/auth endpoints.
 */

/** Makes the public and authenticated roles hold no permission, on every boot (staff may have ticked some in the panel). */
export async function closeRolePermissions(strapi: Core.Strapi): Promise<void> {
  const roles = await strapi.db.query(USER_ROLE).findMany({ where: { type: { $in: ['public', 'authenticated'] } } });
  for (const role of roles) {
    await strapi.db.query(USER_PERMISSION).deleteMany({ where: { role: role.id } });
  }
  // Self-registration goes through /api/auth/register (captcha, portal, confirmation mail), never the plugin's route.
  const store = strapi.store({ type: 'plugin', name: 'users-permissions', key: 'advanced' });
  const advanced = ((await store.get()) as Record<string, unknown> | null) ?? {};
  if (advanced.allow_register !== false) await store.set({ value: { ...advanced, allow_register: false } });
}
