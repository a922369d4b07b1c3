import { SESSION } from '../../../utils/routes';

/** An investor's proof documents: the first and last of the three upload steps (docs/api-files.md). */
export default {
  routes: [
    {
      method: 'POST',
      path: '/profile/proof_documents/upload',
      handler: 'api::proof-document.proof-document.upload',
      config: { auth: SESSION },
    },
    {
      method: 'POST',
      path: '/profile/proof_documents/save',
      handler: 'api::proof-document.proof-document.save',
      config: { auth: SESSION },
    },
  ],
};
