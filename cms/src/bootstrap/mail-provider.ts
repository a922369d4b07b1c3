import type { Core } from '@strapi/strapi';
import { createOutboxProvider, type MailSettings } from '../providers/mail';
import { unavailable } from '../utils/http-errors';
import { portalConfig } from '../utils/portal-config';

export const MAIL_UNAVAILABLE = 'Mail could not be sent right now, try again later';

/**
 * Without SMTP_HOST, swaps the email plugin's nodemailer provider (configured in config/plugins.ts, loaded by the
 * plugin's own bootstrap, which runs before ours) for the outbox, so mail works on a machine with no mail server.
 */
export function useOutboxWithoutSmtp(strapi: Core.Strapi): void {
  if (strapi.config.get('plugin::email.providerOptions.host')) return answerMailOutages(strapi);
  const dir = portalConfig(strapi).outboxDir;
  strapi.plugin('email').provider = createOutboxProvider({
    dir,
    settings: strapi.config.get('plugin::email.settings') as MailSettings,
    log: (line) => strapi.log.info(line),
  });
  strapi.log.info(`Mail goes to the outbox folder ${dir} (set SMTP_HOST to send it)`);
}

/**
 * With SMTP: a mail server that cannot be reached or refuses the message makes the request answer 503
 * MAIL_UNAVAILABLE (the callers record nothing as sent then), not a bare 500; the cause is logged.
 */
function answerMailOutages(strapi: Core.Strapi): void {
  const provider = strapi.plugin('email').provider as { send(options: unknown): Promise<unknown> };
  const send = provider.send.bind(provider);
  provider.send = async (options) => {
    try {
      return await send(options);
    } catch (error) {
      strapi.log.error(`Mail not sent: ${error instanceof Error ? error.message : String(error)}`);
      throw unavailable(MAIL_UNAVAILABLE);
    }
  };
}
