export default {
  routes: [
    {
      method: 'POST',
      path: '/settings/load',
      handler: 'api::setting.setting.load',
      // Open to visitors (they read the guest-level settings); a signed-in caller reads more.
      config: { auth: false, middlewares: ['global::session'], guestMayCall: true },
    },
    {
      method: 'POST',
      path: '/settings/persist',
      handler: 'api::setting.setting.persist',
      config: { auth: { strategies: ['authcode'] } },
    },
  ],
};
