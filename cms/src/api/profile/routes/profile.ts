import { SESSION } from '../../../utils/routes';

const signedIn = (method: 'PUT' | 'POST', path: string, name: string) => ({
  method,
  path,
  handler: `api::profile.profile.${name}`,
  config: { auth: SESSION },
});

/**
 * The investor's own profile, accreditation, preferences and notices: the contract in docs/api-profile.md (under the
 * /api prefix). PUT /users/:id is ours alone: the users-permissions plugin's route of that path is removed
 * (extensions/users-permissions/strapi-server.ts). A guest session is refused every one (global guest-read-only).
 */
export default {
  routes: [
    signedIn('PUT', '/users/:id', 'updateUser'),
    signedIn('POST', '/profile/settings', 'settings'),
    signedIn('POST', '/profile/notify/save', 'notify'),
    signedIn('POST', '/profile/notifications/read', 'notificationsRead'),
  ],
};
