/** A message as the auth code hands it to Strapi's email service. */
export interface MailMessage {
  to: string;
  from?: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
}

/** An email provider in the shape of Strapi's email plugin (what `strapi.plugin('email').provider` holds). */
export interface MailProvider {
  send(message: MailMessage): Promise<unknown>;
}

/** Sender fields every message gets unless it names its own. */
export interface MailSettings {
  defaultFrom: string;
  defaultReplyTo: string;
}
