import { factories, type Core } from '@strapi/strapi';
import { newsletterProvider } from '../../../providers/newsletter';
import { serviceAccessor } from '../../../utils/service';
import type { PortalRow } from '../../portal/services/portal';
import { SUBSCRIBER } from '../../../utils/uids';

const subscriberService = ({ strapi }: { strapi: Core.Strapi }) => ({
  /** Puts a (trimmed, lower-cased) address on the portal's newsletter list. */
  async subscribe(email: string, portal: PortalRow): Promise<void> {
    await newsletterProvider(strapi).subscribe(email, portal);
  },
});

export type SubscriberService = ReturnType<typeof subscriberService>;

/** The newsletter service, typed. */
export const subscribers = serviceAccessor<SubscriberService>(SUBSCRIBER);

export default factories.createCoreService(SUBSCRIBER, subscriberService);
