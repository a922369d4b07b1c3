import { ADMIN_USER } from '../../lib/uids';
import { record, type SeedRecord } from '../engine';

/**
 * Admin panel accounts for content staff, with the code of the admin role each holds and the portals they run in the
 * sponsor's desk (a super admin runs every portal; docs/sponsor-desk.md, Staff and portals).
 */
export const ADMINS = [
  { email: 'admin@portal.local', firstname: 'Portal', lastname: 'Admin', role: 'strapi-super-admin', portals: [] },
  {
    email: 'editor@portal.local',
    firstname: 'Content',
    lastname: 'Editor',
    role: 'strapi-editor',
    portals: ['wasabistallions'],
  },
  {
    email: 'sponsor@portal.local',
    firstname: 'Sponsor',
    lastname: 'Admin',
    role: 'sponsor-admin',
    portals: ['wasabistallions'],
  },
];

export function adminUsers(password: string): SeedRecord[] {
  return ADMINS.map((admin) => record(ADMIN_USER, ['email'], { ...admin, password }));
}
