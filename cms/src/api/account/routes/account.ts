import { guarded } from '../../../utils/routes';

/** Registration, email confirmation and password reset: the contract in docs/api-auth.md (under the /api prefix). */
export default {
  routes: [
    {
      method: 'POST',
      path: '/auth/register',
      handler: 'api::account.account.register',
      config: { auth: false, middlewares: guarded('register', { accountField: 'email', captcha: 'login' }) },
    },
    { method: 'POST', path: '/auth/confirm', handler: 'api::account.account.confirm', config: { auth: false } },
    {
      method: 'POST',
      path: '/auth/reset',
      handler: 'api::account.account.reset',
      config: {
        auth: false,
        middlewares: guarded('reset', { accountField: 'username', accountCounts: 'every', captcha: 'restore' }),
      },
    },
    {
      method: 'POST',
      path: '/auth/reset/new',
      handler: 'api::account.account.resetNew',
      config: { auth: false, middlewares: guarded('reset-new') },
    },
  ],
};
