import type { Core } from '@strapi/strapi';
import type { Fields, Store } from './engine';
import { ADMIN_USER } from '../lib/uids';

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
 * the Document Service. Seed data name the role by code: strapi-super-admin, strapi-editor, strapi-author.
 */
export function adminUserStore(strapi: Core.Strapi): Store {
  return {
    async find({ email }) {
      const found = await strapi.db.query(ADMIN_USER).findOne({ where: { email } });
      return found ? String(found.id) : null;
    },
    async create({ role, ...attributes }) {
      const found = await (strapi.service('admin::role') as unknown as AdminRoleService).findOne({ code: String(role) });
      if (!found) throw new Error(`No admin role with code "${role}"`);
      const user = await (strapi.service('admin::user') as unknown as AdminUserService).create({
        ...attributes,
        isActive: true,
        registrationToken: null,
        roles: [found.id],
      });
      return String(user.id);
    },
  };
}

/** Whether `password` signs in the admin user with this email. */
export async function adminPasswordWorks(strapi: Core.Strapi, email: string, password: string): Promise<boolean> {
  const user = await strapi.db.query(ADMIN_USER).findOne({ where: { email }, select: ['password'] });
  if (!user?.password) return false;
  return (strapi.service('admin::auth') as unknown as AdminAuthService).validatePassword(password, user.password);
}
