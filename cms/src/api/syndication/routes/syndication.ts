import { SESSION } from '../../../utils/routes';

const route = (method: 'GET' | 'POST', path: string, handler: string) => ({
  method,
  path,
  handler: `api::syndication.syndication.${handler}`,
  config: { auth: SESSION },
});

/** The investor's investments and decisions: the contract in docs/api-investor.md (under the /api prefix). */
export default {
  routes: [
    route('GET', '/syndication/mine', 'mine'),
    route('GET', '/syndication/available', 'available'),
    route('GET', '/syndication/summary', 'summary'),
    route('GET', '/syndication/byslug/:slug', 'bySlug'),
    route('POST', '/syndication/set_investing', 'setInvesting'),
    route('POST', '/syndication/set_not_investing', 'setNotInvesting'),
  ],
};
