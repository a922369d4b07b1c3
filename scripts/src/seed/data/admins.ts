import { ADMIN_USER } from '../../lib/uids';
import { record, type SeedRecord } from '../engine';

/** Admin panel accounts for content staff, with the code of the admin role each holds. */
export const ADMINS = [
  { email: 'admin@portal.local', firstname: 'Portal', lastname: 'Admin', role: 'strapi-super-admin' },
  { email: 'editor@portal.local', firstname: 'Content', lastname: 'Editor', role: 'strapi-editor' },
  { email: 'sponsor@portal.local', firstname: 'Sponsor', lastname: 'Admin', role: 'sponsor-admin' },
];

export function adminUsers(password: string): SeedRecord[] {
  return ADMINS.map((admin) => record(ADMIN_USER, ['email'], { ...admin, password }));
}
