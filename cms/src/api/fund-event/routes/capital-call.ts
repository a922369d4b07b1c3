import { SESSION } from '../../../utils/routes';

/** An investor's capital call, to pay (docs/capital-accounts.md, The capital call page): a read, a guest session may. */
export default {
  routes: [
    {
      method: 'GET',
      path: '/profile/capital_calls/:fundEvent',
      handler: 'api::fund-event.capital-call.show',
      config: { auth: SESSION },
    },
  ],
};
