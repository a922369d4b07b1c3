/** The signed-in user's notifications (docs/api-public.md); no other notification route is open. */
export default {
  routes: [{ method: 'GET', path: '/notifications/mine', handler: 'api::notification.notification.mine', config: { auth: { strategies: ['authcode'] } } }],
};
