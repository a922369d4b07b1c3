import { ADMINS } from './data/admins';
import { PEOPLE } from './data/people';

export interface DemoAccount {
  email: string;
  /** Who the account is, e.g. "superadmin on wasabistallions" or "admin panel editor". */
  role: string;
}

const ADMIN_ROLE_NAMES: Record<string, string> = {
  'strapi-super-admin': 'super admin',
  'strapi-editor': 'editor',
  'sponsor-admin': 'sponsor admin',
};

/** The demo sign-ins the seed creates, for tools that tell a developer how to get in. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  ...PEOPLE.map(({ email, level, portal, unconfirmed }) => ({
    email,
    role: `${level} on ${portal}${unconfirmed ? ' (unconfirmed)' : ''}`,
  })),
  ...ADMINS.map(({ email, role }) => ({ email, role: `admin panel ${ADMIN_ROLE_NAMES[role] ?? role}` })),
];
