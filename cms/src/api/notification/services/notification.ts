import { factories, type Core } from '@strapi/strapi';
import { notificationSubject } from '../subject';

const NOTIFICATION = 'api::notification.notification';

interface NotificationRow {
  id: number;
  createdAt: string;
  messageSubject: string | null;
  tags: unknown;
  template: { name: string; subject: string | null; color: string | null } | null;
}

const notificationService = ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * The newest `limit` notifications of one user that are meant for the site (no template, or one with showInUI
   * not off), as the bell shows them, with how many there are in all.
   */
  async mine(userId: number, limit: number) {
    // showInUI defaults to on, so an unset value counts as on; each case is spelled out because NULL <> false is not true in SQL.
    const where = {
      user: { id: userId },
      $or: [{ template: { id: { $null: true } } }, { template: { showInUI: true } }, { template: { showInUI: { $null: true } } }],
    };
    const [rows, total]: [NotificationRow[], number] = await Promise.all([
      strapi.db.query(NOTIFICATION).findMany({
        where,
        select: ['id', 'createdAt', 'messageSubject', 'tags'],
        populate: { template: { select: ['name', 'subject', 'color'] } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        limit,
      }),
      strapi.db.query(NOTIFICATION).count({ where }),
    ]);
    return {
      items: rows.map(({ id, createdAt, messageSubject, tags, template }) => ({
        id,
        subject: notificationSubject(template?.subject, tags, messageSubject),
        createdAt,
        template: template ? { name: template.name, color: template.color } : null,
      })),
      total: Number(total),
    };
  },
});

/** The custom methods, typed for the controller. */
export type NotificationService = ReturnType<typeof notificationService>;

export default factories.createCoreService(NOTIFICATION, notificationService);
