/**
 * The portfolio for the site (docs/api-public.md). APIs register their routes in folder order, so this comes
 * before api/content's GET /contents/:id, which would otherwise take /contents/portfolio.
 */
export default {
  routes: [
    {
      method: 'GET',
      path: '/contents/portfolio',
      handler: 'api::assets-item.assets-item.portfolio',
      config: { auth: false },
    },
  ],
};
