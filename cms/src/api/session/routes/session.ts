import { guarded, SESSION } from '../../../utils/routes';

/** Sign-in and sessions: the contract in docs/api-auth.md (under the /api prefix). */
export default {
  routes: [
    {
      method: 'POST',
      path: '/auth/auth',
      handler: 'api::session.session.signIn',
      config: { auth: false, middlewares: guarded('sign-in', { accountField: 'username', captcha: 'login' }) },
    },
    {
      method: 'POST',
      path: '/auth/google',
      handler: 'api::session.session.google',
      config: { auth: false, middlewares: guarded('google') },
    },
    { method: 'GET', path: '/auth/me', handler: 'api::session.session.me', config: { auth: SESSION } },
    {
      method: 'POST',
      path: '/auth/logout',
      handler: 'api::session.session.logout',
      config: { auth: false, guestMayCall: true },
    },
    {
      method: 'POST',
      path: '/auth/guest',
      handler: 'api::session.session.guestCode',
      config: { auth: SESSION, policies: [{ name: 'global::has-level', config: { level: 'superadmin' } }] },
    },
    // Open route: a caller who is not a signed-in superadmin gets the spec's 403 message, not a bare 401.
    {
      method: 'POST',
      path: '/auth/guest/start',
      handler: 'api::session.session.guestStart',
      config: { auth: false, middlewares: ['global::session'] },
    },
  ],
};
