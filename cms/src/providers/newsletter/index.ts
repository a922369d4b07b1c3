import type { Core } from '@strapi/strapi';
import { portalConfig } from '../../utils/portal-config';
import { localNewsletter } from './local';
import { mailchimpNewsletter } from './mailchimp';

export { NewsletterError } from './error';

/** The portal an address subscribes to. */
export interface NewsletterPortal {
  id: number;
  documentId: string;
}

/** A newsletter list, picked by configuration. */
export interface NewsletterProvider {
  /** Puts a (trimmed, lower-cased) address on the portal's list; an address already there is a success. Throws NewsletterError when the list refuses. */
  subscribe(email: string, portal: NewsletterPortal): Promise<void>;
}

/**
 * Mailchimp while MAILCHIMP_API_KEY and MAILCHIMP_LIST_ID are both set, else the embedded default: the portal's
 * Subscriber list in the CMS. Read on each call, so a change of configuration applies at once.
 */
export function newsletterProvider(strapi: Core.Strapi): NewsletterProvider {
  const { mailchimp } = portalConfig(strapi);
  return mailchimp.apiKey && mailchimp.listId ? mailchimpNewsletter(mailchimp) : localNewsletter(strapi);
}
