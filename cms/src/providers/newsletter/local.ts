import type { Core } from '@strapi/strapi';
import { listKey, normalizeEmail } from '../../api/subscriber/list-key';
import type { NewsletterProvider } from './types';
import { SUBSCRIBER } from '../../utils/uids';

/** The embedded default: the portal's Subscriber list, which content staff read in the admin panel. */
export function localNewsletter(strapi: Core.Strapi): NewsletterProvider {
  return {
    async subscribe(email, portal) {
      const listed = async () =>
        (await strapi.db.query(SUBSCRIBER).count({ where: { listKey: listKey(portal.id, email) } })) > 0;
      if (await listed()) return;
      try {
        await strapi
          .documents(SUBSCRIBER)
          .create({ data: { email: normalizeEmail(email), portal: portal.documentId } });
      } catch (error) {
        // A request for the same address got there first and the unique listKey refused this one: still subscribed.
        if (!(await listed())) throw error;
      }
    },
  };
}
