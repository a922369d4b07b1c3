/** Sign-in, registration, reset and sessions: the contract in docs/api-auth.md (under the /api prefix). */
const SESSION = { strategies: ['authcode'] };

/** Per-IP and per-account attempt limits, then the captcha check, before the sign-in family of endpoints. */
const guarded = (scope: string, accountField?: string, captcha?: 'login' | 'restore') => [
  { name: 'global::rate-limit', config: { scope, accountField } },
  ...(captcha ? [{ name: 'global::captcha', config: { action: captcha } }] : []),
];

export default {
  routes: [
    { method: 'POST', path: '/auth/auth', handler: 'api::user-auth.auth.signIn', config: { auth: false, middlewares: guarded('sign-in', 'username', 'login') } },
    { method: 'POST', path: '/auth/register', handler: 'api::user-auth.auth.register', config: { auth: false, middlewares: guarded('register', 'email', 'login') } },
    { method: 'POST', path: '/auth/confirm', handler: 'api::user-auth.auth.confirm', config: { auth: false } },
    { method: 'POST', path: '/auth/reset', handler: 'api::user-auth.auth.reset', config: { auth: false, middlewares: guarded('reset', 'username', 'restore') } },
    { method: 'POST', path: '/auth/reset/new', handler: 'api::user-auth.auth.resetNew', config: { auth: false, middlewares: guarded('reset-new') } },
    { method: 'POST', path: '/auth/google', handler: 'api::user-auth.auth.google', config: { auth: false, middlewares: guarded('google') } },
    { method: 'GET', path: '/auth/me', handler: 'api::user-auth.auth.me', config: { auth: SESSION } },
    { method: 'POST', path: '/auth/logout', handler: 'api::user-auth.auth.logout', config: { auth: false, guestMayCall: true } },
    {
      method: 'POST',
      path: '/auth/guest',
      handler: 'api::user-auth.auth.guestCode',
      config: { auth: SESSION, policies: [{ name: 'global::has-level', config: { level: 'superadmin' } }] },
    },
    // Open route: a caller who is not a signed-in superadmin gets the spec's 403 message, not a bare 401.
    { method: 'POST', path: '/auth/guest/start', handler: 'api::user-auth.auth.guestStart', config: { auth: false, middlewares: ['global::session'] } },
  ],
};
