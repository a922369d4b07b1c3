import { factories, type Core } from '@strapi/strapi';
import { newsletterProvider } from '../../../providers/newsletter';
import { portals } from '../../portal/services/portal';

const subscriberService = ({ strapi }: { strapi: Core.Strapi }) => ({
  /** Puts a (trimmed, lower-cased) address on the portal's newsletter list; 404 for an unknown portal. */
  async subscribe(email: string, portalSlug: string): Promise<void> {
    const portal = await portals(strapi).requireBySlug(portalSlug);
    await newsletterProvider(strapi).subscribe(email, portal);
  },
});

/** The custom methods, typed for the controller. */
export type SubscriberService = ReturnType<typeof subscriberService>;

export default factories.createCoreService('api::subscriber.subscriber', subscriberService);
