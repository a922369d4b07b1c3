export default {
  routes: [
    {
      method: 'GET',
      path: '/auth/portals',
      handler: 'api::portal.portal.listPublic',
      config: { auth: false },
    },
  ],
};
