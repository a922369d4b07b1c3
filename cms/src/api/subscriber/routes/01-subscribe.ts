/** Newsletter sign-up (docs/api-public.md), counted per client address like the sign-in family. */
export default {
  routes: [
    {
      method: 'POST',
      path: '/email/mailchimpsubscribe',
      handler: 'api::subscriber.subscriber.subscribe',
      config: { auth: false, middlewares: [{ name: 'global::rate-limit', config: { scope: 'subscribe' } }] },
    },
  ],
};
