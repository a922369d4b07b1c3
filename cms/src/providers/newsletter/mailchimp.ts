import crypto from 'node:crypto';
import type { PortalConfig } from '../../utils/portal-config';
import type { NewsletterProvider } from './types';
import { NewsletterError } from './error';

const TIMEOUT_MS = 10_000;
/** The data-centre suffix of a Mailchimp API key (…-us21); checked so a key cannot point the call at another host. */
const DATA_CENTRE = /-([a-z]+\d+)$/;

interface MailchimpAnswer {
  title?: string;
  detail?: string;
}

/** MAILCHIMP_API_URL, else the Marketing API of the key's data centre. */
function apiUrl({ apiKey, apiUrl: configured }: PortalConfig['mailchimp']): string {
  if (configured) return configured.replace(/\/+$/, '');
  const dataCentre = DATA_CENTRE.exec(apiKey)?.[1];
  if (!dataCentre)
    throw new NewsletterError('MAILCHIMP_API_KEY ends in no data centre (like -us21); set MAILCHIMP_API_URL');
  return `https://${dataCentre}.api.mailchimp.com/3.0`;
}

/**
 * Mailchimp's Marketing API v3: add-or-update of the list member whose id is the MD5 of the lower-cased address,
 * so an address already on the list (subscribed, or one who left and stays unsubscribed) is a success.
 */
export function mailchimpNewsletter(config: PortalConfig['mailchimp']): NewsletterProvider {
  return {
    async subscribe(email) {
      const member = crypto.createHash('md5').update(email.toLowerCase()).digest('hex');
      const url = `${apiUrl(config)}/lists/${encodeURIComponent(config.listId)}/members/${member}`;
      const response = await fetch(url, {
        method: 'PUT',
        headers: {
          authorization: `Basic ${Buffer.from(`anystring:${config.apiKey}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ email_address: email, status_if_new: 'subscribed' }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      }).catch((error: unknown) => {
        throw new NewsletterError(
          `Mailchimp could not be reached: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
      if (response.ok) return;
      const answer = (await response.json().catch(() => ({}))) as MailchimpAnswer;
      // The PUT answers 200 for a known address; a 'Member Exists' refusal (the add-only call's answer) means the same.
      if (answer.title === 'Member Exists') return;
      throw new NewsletterError(
        `Mailchimp answered HTTP ${response.status}: ${[answer.title, answer.detail].filter(Boolean).join(' - ')}`,
      );
    },
  };
}
