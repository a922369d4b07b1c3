import { guarded, SESSION } from '../../../utils/routes';

/** Capital account statements (docs/capital-accounts.md): an investor's own, and the public check of a fingerprint. */
export default {
  routes: [
    {
      method: 'POST',
      path: '/profile/statements/download',
      handler: 'api::statement.statement.download',
      // A read made as POST: a guest session (a superadmin looking as the investor) may open what the investor sees.
      config: { auth: SESSION, guestMayCall: true },
    },
    {
      method: 'GET',
      path: '/statements/verify/:sha256',
      handler: 'api::statement.statement.verify',
      config: { auth: false, middlewares: guarded('statement-verify') },
    },
  ],
};
