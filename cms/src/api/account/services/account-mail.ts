import type { Core } from '@strapi/strapi';
import { displayName } from '@portal/rules';
import { escapeHtml } from '../../../utils/html';
import { portalConfig } from '../../../utils/portal-config';
import type { MailMessage } from '../../../providers/mail';
import { domainsOf, portals } from '../../portal/services/portal';
import { serviceAccessor } from '../../../utils/service';
import type { AccountUser } from '../users';

/** How long a password reset link works. */
export const RESET_CODE_TTL_MS = 60 * 60 * 1000;

const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\]|.+\.localhost)$/i;

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

const accountMailService = ({ strapi }: { strapi: Core.Strapi }) => {
  /** Hands a message to Strapi's email plugin (SMTP, or the outbox without SMTP_HOST). */
  async function send(message: MailMessage): Promise<void> {
    await strapi.plugin('email').service('email').send(message);
  }

  /** A mail with one call-to-action link, as plain text and as HTML with everything user-given escaped. */
  function linkMail(user: AccountUser, subject: string, lead: string, link: string, tail: string): MailMessage {
    const name = displayName(user);
    return {
      to: user.email,
      subject,
      text: `Hello ${name},\n\n${lead}\n${link}\n\n${tail}\n`,
      html:
        `<p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(lead)}</p>` +
        `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(tail)}</p>`,
    };
  }

  return {
    /**
     * The site origin mail links point at: the request's Origin when it is a local address, one of the portals'
     * domains or SITE_URL's host; else SITE_URL (so a forged Origin cannot send people to another site).
     */
    async siteFor(origin: string | undefined): Promise<string> {
      const siteUrl = portalConfig(strapi).siteUrl.replace(/\/+$/, '');
      const host = origin && /^https?:\/\//i.test(origin) ? hostOf(origin) : null;
      if (!host || !origin) return siteUrl;
      if (LOCAL_HOST.test(host) || host === hostOf(siteUrl)) return new URL(origin).origin;
      const known = (await portals(strapi).findAll()).some((portal) => domainsOf(portal).includes(host));
      return known ? new URL(origin).origin : siteUrl;
    },

    /** Sends the link that confirms a new account's email. */
    async sendConfirmation(user: AccountUser, code: string, site: string): Promise<void> {
      await send(
        linkMail(
          user,
          'Confirm your email',
          'Please confirm your email address by opening this link:',
          `${site}/confirm_email/${code}`,
          'If you did not create an account, you can ignore this email.',
        ),
      );
    },

    /** Sends the link that sets a new password (valid for one hour, once). */
    async sendReset(user: AccountUser, code: string, site: string): Promise<void> {
      await send(
        linkMail(
          user,
          'Reset your password',
          'To choose a new password, open this link within 1 hour:',
          `${site}/reset_password/${code}`,
          'If you did not ask for this, you can ignore this email; your password stays as it is.',
        ),
      );
    },
  };
};

export type AccountMailService = ReturnType<typeof accountMailService>;

/** The account mail service, typed. */
export const accountMail = serviceAccessor<AccountMailService>('api::account.account-mail');

export default accountMailService;
