import type { Core } from '@strapi/strapi';
import { createOutboxProvider, type MailSettings } from '../providers/mail';
import { portalConfig } from '../utils/portal-config';

/**
 * Without SMTP_HOST, swaps the email plugin's nodemailer provider (configured in config/plugins.ts, loaded by the
 * plugin's own bootstrap, which runs before ours) for the outbox, so mail works on a machine with no mail server.
 */
export function useOutboxWithoutSmtp(strapi: Core.Strapi): void {
  if (strapi.config.get('plugin::email.providerOptions.host')) return;
  const dir = portalConfig(strapi).outboxDir;
  strapi.plugin('email').provider = createOutboxProvider({ dir, settings: strapi.config.get('plugin::email.settings') as MailSettings, log: (line) => strapi.log.info(line) });
  strapi.log.info(`Mail goes to the outbox folder ${dir} (set SMTP_HOST to send it)`);
}
