import { factories } from '@strapi/strapi';
import { yup } from '@strapi/utils';
import { queryInteger, validateQuery } from '../../../utils/validation';
import type { NotificationService } from '../services/notification';

/** The bell shows at most 10 unread notifications. */
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;

const mineQuery = yup.object({ limit: queryInteger('limit', 1, MAX_LIMIT) });

export default factories.createCoreController('api::notification.notification', ({ strapi }) => ({
  /** GET /api/notifications/mine: the signed-in user's notifications, newest first (no query can widen it). */
  async mine(ctx) {
    const { limit } = await validateQuery(mineQuery, ctx.query);
    const user = ctx.state.user as { id: number };
    ctx.body = await (strapi.service('api::notification.notification') as unknown as NotificationService).mine(user.id, Number(limit ?? DEFAULT_LIMIT));
  },
}));
