import type { Core } from '@strapi/strapi';
import { portalConfig } from '../../utils/portal-config';
import { localNewsletter } from './local';
import { mailchimpNewsletter } from './mailchimp';
import type { NewsletterProvider } from './types';
export type { NewsletterPortal, NewsletterProvider } from './types';

export { NewsletterError } from './error';

/**
 * Mailchimp while MAILCHIMP_API_KEY and MAILCHIMP_LIST_ID are both set, else the embedded default: the portal's
 * Subscriber list in the CMS. Read on each call, so a change of configuration applies at once.
 */
export function newsletterProvider(strapi: Core.Strapi): NewsletterProvider {
  const { mailchimp } = portalConfig(strapi);
  return mailchimp.apiKey && mailchimp.listId ? mailchimpNewsletter(mailchimp) : localNewsletter(strapi);
}
