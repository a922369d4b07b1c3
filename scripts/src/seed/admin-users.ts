import type { Core } from '@strapi/strapi';
import type { Fields, Store } from './engine';
import { ADMIN_USER, PORTAL } from '../lib/uids';

// The admin plugin's services are untyped in Strapi's public types; these are the parts the seed uses.
interface AdminUserService {
  create(attributes: Fields): Promise<{ id: number }>;
}
interface AdminRoleService {
  findOne(where: { code: string }): Promise<{ id: number } | null>;
}
interface AdminAuthService {
  validatePassword(password: string, hash: string): Promise<boolean>;
}

/**
 * Admin panel users go through the admin's own user service (it hashes the password and links roles by id), not
 * the Document Service. Seed data name the role by code: strapi-super-admin, strapi-editor, strapi-author; and the
 * portals whose Staff they join when created (slugs; the portals are seeded first).
 */
export function adminUserStore(strapi: Core.Strapi): Store {
  return {
    async find({ email }) {
      const found = await strapi.db.query(ADMIN_USER).findOne({ where: { email } });
      return found ? String(found.id) : null;
    },
    async create({ role, portals, ...attributes }) {
      const found = await (strapi.service('admin::role') as unknown as AdminRoleService).findOne({
        code: String(role),
      });
      if (!found) throw new Error(`No admin role with code "${role}"`);
      const user = await (strapi.service('admin::user') as unknown as AdminUserService).create({
        ...attributes,
        isActive: true,
        registrationToken: null,
        roles: [found.id],
      });
      await joinStaff(strapi, user.id, Array.isArray(portals) ? portals.map(String) : []);
      return String(user.id);
    },
  };
}

/** Names the admin user in the Staff of each portal with these slugs. */
async function joinStaff(strapi: Core.Strapi, userId: number, slugs: string[]): Promise<void> {
  for (const slug of slugs) {
    const portal = await strapi.db.query(PORTAL).findOne({ where: { slug }, select: ['id'] });
    if (!portal) throw new Error(`No portal with slug "${slug}" for an admin user's Staff`);
    await strapi.db.query(PORTAL).update({ where: { id: portal.id }, data: { staff: { connect: [userId] } } });
  }
}

/** Whether `password` signs in the admin user with this email. */
export async function adminPasswordWorks(strapi: Core.Strapi, email: string, password: string): Promise<boolean> {
  const user = await strapi.db.query(ADMIN_USER).findOne({ where: { email }, select: ['password'] });
  if (!user?.password) return false;
  return (strapi.service('admin::auth') as unknown as AdminAuthService).validatePassword(password, user.password);
}
