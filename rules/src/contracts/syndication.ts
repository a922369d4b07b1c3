import type { SyndUserView } from '../contracts';

/**
 * The investor's decisions on an investment (CMS server -> site): POST /api/syndication/set_investing and
 * set_not_investing (cms/src/api/syndication/services/syndication.ts; docs/api-investor.md describes them in words).
 */

/** What the commit calls answer: the caller's syndication user of the investment as the decision left it. */
export interface CommitAnswer {
  success: true;
  syndUser: SyndUserView;
}
