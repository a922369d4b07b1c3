import { guarded, SESSION } from '../../../utils/routes';

/** Capital account statements and transactions (docs/capital-accounts.md): an investor's own, and the public check of a fingerprint. */
export default {
  routes: [
    {
      method: 'POST',
      path: '/profile/statements/download',
      handler: 'api::statement.statement.download',
      // Each statement is rendered and sealed for the request, so issuing is limited per address like the other costly
      // calls. It is a write, not a download of a file that exists: it seals a new document in the investor's name
      // that the public check vouches for, so a guest session (a superadmin looking as the investor) is refused it,
      // as every other write (403 'A guest session is read-only').
      config: { auth: SESSION, middlewares: guarded('statement-download') },
    },
    // The transactions page: the caller's ledger a page at a time, and as a CSV (reads: a guest session may call them).
    {
      method: 'GET',
      path: '/profile/transactions',
      handler: 'api::statement.transactions.page',
      config: { auth: SESSION },
    },
    {
      method: 'GET',
      path: '/profile/transactions.csv',
      handler: 'api::statement.transactions.csv',
      config: { auth: SESSION },
    },
    {
      method: 'GET',
      path: '/statements/verify/:sha256',
      handler: 'api::statement.statement.verify',
      config: { auth: false, middlewares: guarded('statement-verify') },
    },
  ],
};
