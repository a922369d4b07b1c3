import { factories, type Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { displayName, isLevel, type Level } from '@portal/rules';
import { escapeHtml } from '../../../utils/html';
import { serviceAccessor } from '../../../utils/service';
import { notificationSubject } from '../subject';
import { pageOf, portals } from '../../portal/services/portal';
import { NOTIFICATION, NOTIFICATION_TEMPLATE, USER } from '../../../utils/uids';
import type { Row } from '../../../utils/rows';

/** Who gets a notification. */
export type Recipient = Pick<Row<typeof USER>, 'id' | 'documentId' | 'email'> &
  Partial<Pick<Row<typeof USER>, 'firstName' | 'lastName'>> & {
    // Also built from plain SQL rows (tax-schedule's partners), which type it as possibly null.
    username?: string | null;
  };

/** A template as the service sends it (found once for many sends: template()). */
export type TemplateRow = Pick<
  Row<typeof NOTIFICATION_TEMPLATE>,
  'documentId' | 'name' | 'subject' | 'message' | 'canSendAsEmail' | 'defaultTargetLevel'
>;

/**
 * What a send may add: the template already found (one read for many sends), and `link`, the page of the recipient's
 * portal site where the notification acts (a SITE_PATHS path: the investment, the transactions, the countersigning
 * queue), kept on the notification and given in its mail.
 */
export interface SendOptions {
  template?: TemplateRow;
  link?: string;
}

/** The template's target level: staff templates name admin or superadmin; anything else is the user's own. */
const targetOf = (template: TemplateRow): Level =>
  isLevel(template.defaultTargetLevel) ? template.defaultTargetLevel : 'user';

const notificationService = ({ strapi }: { strapi: Core.Strapi }) => {
  /**
   * The template `name` as portal `portalId` words it: the portal's own row when its staff made one, else the shared
   * row (no portal) that super admins keep. Without a portal, the shared row.
   */
  async function template(name: string, portalId?: number | null): Promise<TemplateRow> {
    const rows = (await strapi.db.query(NOTIFICATION_TEMPLATE).findMany({
      where: { name, $or: [{ portal: { id: { $null: true } } }, ...(portalId ? [{ portal: { id: portalId } }] : [])] },
      populate: { portal: { select: ['id'] } },
    })) as (TemplateRow & { portal: { id: number } | null })[];
    const found = rows.find((row) => row.portal) ?? rows[0];
    if (!found) throw new errors.ValidationError(`There is no notification template ${name}`);
    return found;
  }

  /**
   * The bell: a notification of template `used` for `recipient`, its %tag% placeholders filled from `tags`, with the
   * page it links to (a site path), not mailed yet.
   */
  async function record(
    used: TemplateRow,
    recipient: Recipient,
    tags: Record<string, string>,
    link?: string,
  ): Promise<{ documentId: string }> {
    const subject = notificationSubject(used.subject, tags, used.name) ?? used.name;
    const body = notificationSubject(used.message, tags, '') ?? '';
    return strapi.documents(NOTIFICATION).create({
      data: {
        user: recipient.documentId,
        template: used.documentId,
        tags,
        messageSubject: subject,
        messageBody: body,
        email: recipient.email,
        level: targetOf(used),
        sent: false,
        link: link ?? null,
      } as never,
    });
  }

  /**
   * Mails a recorded notification to its recipient when its template says so and it was not mailed yet; `sent` is set
   * once the mail server took it, so a failed mail is visible in the panel. A notification with a link gives it as
   * an address on the recipient's own portal site (portals.siteOf). Throws when the mail cannot be sent.
   */
  async function mail(used: TemplateRow, recipient: Recipient, noticeDocumentId: string): Promise<void> {
    if (!used.canSendAsEmail) return;
    const notice = (await strapi.db.query(NOTIFICATION).findOne({
      where: { documentId: noticeDocumentId },
      select: ['messageSubject', 'messageBody', 'sent', 'link'],
      populate: { user: { select: ['id'], populate: { portal: { select: ['id'] } } } },
    })) as
      | (Pick<Row<typeof NOTIFICATION>, 'messageSubject' | 'messageBody' | 'sent' | 'link'> & {
          user: { portal: { id: number } | null } | null;
        })
      | null;
    if (!notice || notice.sent) return;
    const subject = notice.messageSubject ?? used.name;
    const body = notice.messageBody ?? '';
    const url = notice.link ? pageOf(await portals(strapi).siteOf(notice.user?.portal?.id), notice.link) : null;
    const text = `Hello ${displayName(recipient)},\n\n${body || subject}\n${url ? `\nOpen it here: ${url}\n` : ''}`;
    const html =
      `<p>Hello ${escapeHtml(displayName(recipient))},</p><p>${escapeHtml(body || subject)}</p>` +
      (url ? `<p><a href="${escapeHtml(url)}">Open it here</a></p>` : '');
    await strapi.plugin('email').service('email').send({ to: recipient.email, subject, text, html });
    await strapi.db.query(NOTIFICATION).update({ where: { documentId: noticeDocumentId }, data: { sent: true } });
  }

  /**
   * Records a notification of template `templateName` for each recipient, its %tag% placeholders filled from `tags`,
   * and mails it to them when the template says so. A mail that cannot be sent is logged, never undoes the action
   * being notified; sendTelling answers the recipients whose mail failed (a reminder is then not counted as given).
   */
  async function sendTelling(
    templateName: string,
    recipients: Recipient[],
    tags: Record<string, string>,
    options: SendOptions = {},
  ): Promise<Recipient[]> {
    const failed: Recipient[] = [];
    const used = options.template ?? (await template(templateName));
    for (const recipient of recipients) {
      const notice = await record(used, recipient, tags, options.link);
      try {
        await mail(used, recipient, notice.documentId);
      } catch (error) {
        strapi.log.error(`Notification mail ${templateName} to ${recipient.email} failed: ${String(error)}`);
        failed.push(recipient);
      }
    }
    return failed;
  }

  async function send(
    templateName: string,
    recipients: Recipient[],
    tags: Record<string, string>,
    options: SendOptions = {},
  ): Promise<void> {
    await sendTelling(templateName, recipients, tags, options);
  }

  return {
    template,
    record,
    mail,
    send,
    sendTelling,

    /**
     * Notifies the portal's staff the template targets: its admins and superadmins for an admin template, only its
     * superadmins for a superadmin one (a level holds every less powerful one); `link` as for send.
     */
    async toPortalStaff(
      portalId: number,
      templateName: string,
      tags: Record<string, string>,
      link?: string,
    ): Promise<void> {
      const found = await template(templateName);
      const staff: Recipient[] = await strapi.db.query(USER).findMany({
        where: {
          portal: { id: portalId },
          level: { $in: targetOf(found) === 'superadmin' ? ['superadmin'] : ['superadmin', 'admin'] },
          blocked: { $ne: true },
        },
        select: ['id', 'documentId', 'email', 'username', 'firstName', 'lastName'],
      });
      await send(templateName, staff, tags, { template: found, link });
    },
  };
};

export type NotificationService = ReturnType<typeof notificationService>;

/** The notification service, typed. */
export const notifications = serviceAccessor<NotificationService>(NOTIFICATION);

export default factories.createCoreService(NOTIFICATION, notificationService);
