import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { REMINDABLE_STATES, reminderStep, type RaiseState } from '@portal/rules';
import { serviceAccessor } from '../../../utils/service';
import { ledger } from '../../ledger-entry/services/ledger-entry';
import { notifications, type Recipient } from '../../notification/services/notification';
import { board } from '../../synd-user/services/board';
import { notificationTags, SYND_USER_POPULATE, type SyndUserRow } from '../../synd-user/services/synd-user';

const REMINDER = 'api::reminder.reminder';
const SYND_USER = 'api::synd-user.synd-user';
/** The notification template of a reminder; content staff reword it in the admin panel. */
export const REMINDER_TEMPLATE = 'syndication_reminder';
/** Investors reminded per round: one page of rows read, their reminders claimed and sent, then the next. */
const BATCH = 50;

/** The day a reminder counts for: the UTC date. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
/** One reminder per investor a day, whichever fund it is about: the key the database keeps unique. */
const reminderKey = (userId: number, day: string) => `user:${userId}:${day}`;

type ReminderRow = SyndUserRow & { ft_complete_date: string | null };

const reminderService = ({ strapi }: { strapi: Core.Strapi }) => {
  /** Records the reminder under its unique key; false when the investor was reminded today already. */
  async function claim(row: ReminderRow, key: string, what: { state: RaiseState; step: string; day: string; sentBy: string; at: Date }): Promise<boolean> {
    try {
      await strapi.db.query(REMINDER).create({
        data: { syndUser: row.id, fund: row.fund?.id, state: what.state, step: what.step, email: row.user?.email, sentBy: what.sentBy, sentAt: what.at, day: what.day, reminderKey: key },
      });
      return true;
    } catch (error) {
      if (await strapi.db.query(REMINDER).findOne({ where: { reminderKey: key }, select: ['id'] })) return false;
      throw error;
    }
  }

  return {
    /**
     * POST /sponsor-desk/reminders {fund, state}: reminds each investor of the fund in `state` who must still sign or
     * fund (docs/sponsor-desk.md), by the syndication_reminder template (bell and mail), at most once per investor a
     * day; each reminder is recorded with who sent it. Answers how many were sent, how many skipped as reminded today,
     * and how many in the state need nothing of them (signed alone, waiting for management).
     */
    async send(input: Record<string, unknown>, staffName: string, now = new Date()) {
      const state = input.state as RaiseState;
      if (!REMINDABLE_STATES.includes(state)) throw new errors.ValidationError(`state must be one of ${REMINDABLE_STATES.join(', ')}: investors who must still sign or fund`);
      const fund = await ledger(strapi).fundNamed(input.fund);
      const template = await notifications(strapi).template(REMINDER_TEMPLATE);
      const day = dayOf(now);
      const tally = { sent: 0, skipped: 0, notNeeded: 0 };
      for (let after = 0; ;) {
        const ids = ((await board(strapi).rowsOf([fund.id])
          .whereRaw('(?) = ?', [board(strapi).stateSql(), state])
          .where('s.id', '>', after)
          .orderBy('s.id')
          .limit(BATCH)
          .select('s.id')) as { id: number | string }[]).map((row) => Number(row.id));
        if (!ids.length) break;
        after = ids[ids.length - 1];
        const rows = (await strapi.db.query(SYND_USER).findMany({ where: { id: { $in: ids } }, populate: SYND_USER_POPULATE, orderBy: { id: 'asc' } })) as ReminderRow[];
        const due = rows.filter((row) => row.user && reminderStep(row));
        tally.notNeeded += rows.length - due.length;
        const taken = new Set(((await strapi.db.query(REMINDER).findMany({
          where: { reminderKey: { $in: due.map((row) => reminderKey(row.user!.id, day)) } },
          select: ['reminderKey'],
        })) as { reminderKey: string }[]).map((row) => row.reminderKey));
        for (const row of due) {
          const key = reminderKey(row.user!.id, day);
          const step = reminderStep(row)!;
          // The unique key claims the day: a second click, or another staff member at the same moment, is skipped.
          if (taken.has(key) || !(await claim(row, key, { state, step, day, sentBy: staffName, at: now }))) {
            tally.skipped += 1;
            continue;
          }
          taken.add(key);
          await notifications(strapi).send(REMINDER_TEMPLATE, [row.user as Recipient], { ...notificationTags(row), step }, template);
          await strapi.db.query(SYND_USER).update({ where: { id: row.id }, data: { lastRemindedAt: now } });
          tally.sent += 1;
        }
      }
      return { fund: { documentId: fund.documentId, name: fund.name }, state, day, ...tally };
    },
  };
};

export type ReminderService = ReturnType<typeof reminderService>;
export const reminders = serviceAccessor<ReminderService>('api::reminder.reminder');
export default reminderService;
