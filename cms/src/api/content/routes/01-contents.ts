import { SESSION } from '../../../utils/routes';

/** Content items by slug: the /contents calls of docs/api-public.md (under the /api prefix). */
export default {
  routes: [
    {
      method: 'POST',
      path: '/contents/byslug',
      handler: 'api::content.content.bySlug',
      // A read made as POST: guests may call it (see middlewares/guest-read-only).
      config: { auth: false, guestMayCall: true },
    },
    {
      method: 'POST',
      path: '/contents/update',
      handler: 'api::content.content.updateBySlug',
      config: {
        auth: SESSION,
        policies: [{ name: 'global::has-level', config: { level: 'superadmin' } }, 'global::own-portal'],
      },
    },
  ],
};
