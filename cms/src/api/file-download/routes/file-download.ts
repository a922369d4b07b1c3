import { SESSION } from '../../../utils/routes';

/**
 * POST /api/profile/{synd_documents|news_documents|tax_documents|proof_documents}/download: a short-lived link to one
 * document the caller may read (docs/api-files.md). The agreements' download is the signing API's.
 */
export default {
  routes: [
    {
      method: 'POST',
      path: '/profile/:collection(synd_documents|news_documents|tax_documents|proof_documents)/download',
      handler: 'api::file-download.file-download.download',
      // A read made as POST: a guest session (a superadmin looking as the investor) may open what the investor sees.
      config: { auth: SESSION, guestMayCall: true },
    },
  ],
};
