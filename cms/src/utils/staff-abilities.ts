import type { Core } from '@strapi/strapi';
import { clearOnWrites, ReadCache } from './read-cache';

/**
 * What a staff member may do in the admin panel, made once and kept, not on every request. Strapi makes it on each
 * admin call (its `admin` auth strategy): every permission of the member's roles through the permission engine's
 * hooks, and each condition asked anew (the portals a member runs read from the database): 15-30 ms of a desk call
 * that takes 20-40 ms in all, on every call the admin panel and the sponsor desk make.
 *
 * Kept per member, under the read cache's machinery (src/utils/read-cache.ts): cleared at once on this instance, and
 * within a second on the others through the shared counter's row ABILITIES_ROW, by every write to what it is made of:
 * permissions, roles, staff members (their roles, email, state) and portals (their Staff, which the portal conditions
 * read). A member is signed in, and found active, on every request as before: only the permissions are kept, at
 * most MAX_AGE_MS. Inside a transaction it is made afresh.
 */
const ABILITIES_ROW = 5;
const MAX_AGE_MS = 60_000;
const MADE_OF = ['admin::permission', 'admin::role', 'admin::user', 'api::portal.portal'];

interface StaffMember {
  id: number;
  email?: string;
  updatedAt?: unknown;
  roles?: { id: number }[] | null;
}
interface PermissionEngine {
  generateUserAbility(user: StaffMember): Promise<object>;
}

/** Wraps the permission engine's ability maker with the cache. Call from bootstrap() (the engine exists then). */
export function cacheStaffAbilities(strapi: Core.Strapi): void {
  const cache = new ReadCache(strapi, { row: ABILITIES_ROW, maxAgeMs: MAX_AGE_MS });
  clearOnWrites(strapi, cache, MADE_OF);
  const engine = (strapi.service('admin::permission') as unknown as { engine: PermissionEngine }).engine;
  const make = engine.generateUserAbility.bind(engine);
  engine.generateUserAbility = (user) => {
    const roles = (user.roles ?? []).map((role) => role.id).sort((a, b) => a - b);
    return cache.object([user.id, user.email ?? null, String(user.updatedAt ?? ''), roles], () => make(user));
  };
}
