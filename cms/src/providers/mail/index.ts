import type { MailSettings } from './types';
export type { MailMessage, MailProvider, MailSettings } from './types';

const DEFAULT_FROM = 'Investor Portal <no-reply@localhost>';

/** The sender of every mail, from EMAIL_FROM. */
export function mailSettings(environment: NodeJS.ProcessEnv = process.env): MailSettings {
  const from = environment.EMAIL_FROM?.trim() || DEFAULT_FROM;
  return { defaultFrom: from, defaultReplyTo: from };
}

export { smtpProviderOptions } from './smtp';
export { createOutboxProvider } from './outbox';
