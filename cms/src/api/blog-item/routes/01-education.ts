/**
 * Education items for the site (docs/api-public.md). APIs register their routes in folder order, so these come
 * before api/content's GET /contents/:id, which would otherwise take /contents/education.
 */
export default {
  routes: [
    {
      method: 'GET',
      path: '/contents/education',
      handler: 'api::blog-item.blog-item.education',
      config: { auth: false },
    },
    {
      method: 'POST',
      path: '/contents/educationbyslug',
      handler: 'api::blog-item.blog-item.educationBySlug',
      config: { auth: false, guestMayCall: true },
    },
  ],
};
