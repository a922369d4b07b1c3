export default {
  routes: [
    {
      method: 'POST',
      path: '/contents/byslug',
      handler: 'api::content.content.bySlug',
      config: { auth: false },
    },
  ],
};
