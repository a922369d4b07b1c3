import type SMTPTransport from 'nodemailer/lib/smtp-transport';

/**
 * Options for Strapi's nodemailer provider (the real-service mail provider) from SMTP_HOST, SMTP_PORT, SMTP_USER,
 * SMTP_PASSWORD and SMTP_SECURE. With no SMTP_HOST the CMS sends through the outbox instead (see bootstrap).
 */
export function smtpProviderOptions(environment: NodeJS.ProcessEnv = process.env): SMTPTransport.Options {
  const secure = environment.SMTP_SECURE === 'true';
  const user = environment.SMTP_USER?.trim();
  return {
    host: environment.SMTP_HOST?.trim() || undefined,
    port: Number(environment.SMTP_PORT) || (secure ? 465 : 587),
    secure,
    auth: user ? { user, pass: environment.SMTP_PASSWORD ?? '' } : undefined,
  };
}
