import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { REMINDABLE_STATES, reminderOf, type RaiseReminder, type RaiseState } from '@portal/rules';
import { serviceAccessor } from '../../../utils/service';
import { columnOf, linkTableOf, tableOf } from '../../../utils/tables';
import { ledger } from '../../ledger-entry/services/ledger-entry';
import { notifications, type Recipient } from '../../notification/services/notification';
import { signing } from '../../signing/services/signing';
import { board, commitmentQuery } from '../../synd-user/services/board';
import {
  investmentPageOf,
  notificationTags,
  SYND_USER_POPULATE,
  type SyndUserRow,
} from '../../synd-user/services/synd-user';
import { FUND, PORTAL, REMINDER, SYND_USER } from '../../../utils/uids';
import type { Row } from '../../../utils/rows';
/** The notification template of a reminder; content staff reword it in the admin panel. */
export const REMINDER_TEMPLATE = 'syndication_reminder';
/** Investors reminded per round: one page of rows read, their reminders claimed and sent, then the next. */
const BATCH = 50;
/** How long a claimed reminder may wait for its mail before the upkeep sends it, and how many one round sends. */
const RESUME_AFTER_MS = 10 * 60_000;
const RESUME_MAX = 200;

/**
 * The day a reminder counts for: the UTC date. Portals name no time zone of their own, so 'once a day' is the UTC day
 * for every portal; the answer names that day and the panel says it is UTC.
 */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
/** One reminder per investor a day, whichever fund it is about: the key the database keeps unique. */
const reminderKey = (userId: number, day: string) => `user:${userId}:${day}`;

type ReminderRow = SyndUserRow & Partial<Pick<Row<typeof SYND_USER>, 'lastRemindedAt'>>;
type Wording = Awaited<ReturnType<ReturnType<typeof notifications>['template']>>;

/** A claimed reminder waiting for its mail: its row, the commitment, who it goes to and what it asks. */
interface Queued extends RaiseReminder {
  reminderId: number;
  row: ReminderRow;
}

const reminderService = ({ strapi }: { strapi: Core.Strapi }) => {
  /**
   * Records the reminder under its unique key, not sent yet (sentAt empty), with the address it goes to (the spouse's
   * for a spouse's reminder, set to the address their link is actually mailed to once it is: see deliver): its id, or
   * null when the investor was reminded today already.
   */
  async function claim(
    row: ReminderRow,
    key: string,
    what: { state: RaiseState; asked: RaiseReminder; day: string; sentBy: string },
  ): Promise<number | null> {
    try {
      const email = what.asked.to === 'spouse' ? row.cosub_email : row.user?.email;
      const created = (await strapi.db.query(REMINDER).create({
        data: {
          syndUser: row.id,
          fund: row.fund?.id,
          state: what.state,
          step: what.asked.step,
          email,
          sentBy: what.sentBy,
          sentAt: null,
          day: what.day,
          reminderKey: key,
        },
      })) as Pick<Row<typeof REMINDER>, 'id'>;
      return created.id;
    } catch (error) {
      if (await strapi.db.query(REMINDER).findOne({ where: { reminderKey: key }, select: ['id'] })) return null;
      throw error;
    }
  }

  /**
   * The fund's reminders of the day claimed but not sent, but for `except`: found by the index of unsent reminders
   * by day (a few rows), each checked against the fund's link. A CROSS JOIN keeps SQLite's loop in that order; joined
   * the other way (Strapi's `fund: { id }` filter) it lists every reminder the fund ever had first.
   */
  async function unsentOf(fundId: number, day: string, except: number[]): Promise<number[]> {
    const knex = strapi.db.connection;
    const links = linkTableOf(strapi, REMINDER, 'fund');
    const rows = (await knex(`${tableOf(strapi, REMINDER)} as r`)
      .crossJoin(knex.raw('?? as rf', [links.name]))
      .where(`rf.${links.owner}`, knex.ref('r.id'))
      .where(`rf.${links.target}`, fundId)
      .where(`r.${columnOf(strapi, REMINDER, 'day')}`, day)
      .whereNull(`r.${columnOf(strapi, REMINDER, 'sentAt')}`)
      .select('r.id')) as { id: number | string }[];
    // Left out here rather than in SQL: a large fund's call claims thousands, more than a query may bind.
    const skip = new Set(except);
    return rows.map((row) => Number(row.id)).filter((id) => !skip.has(id));
  }

  /**
   * Sends the claimed reminders one after the other, after the call answered: to the investor the
   * syndication_reminder notification (bell and mail); to a spouse who must sign, the signing's own mail of their
   * link (they have no account, so no bell). Each is taken (its sentAt set where still empty) before its mail, so two
   * deliveries of one reminder (a call resuming another's) send it once. A reminder whose mail fails is marked failed.
   */
  async function deliver(queue: Queued[]): Promise<void> {
    const wordings = new Map<number | null, Promise<Wording>>();
    for (const { reminderId, row, step, to } of queue) {
      const { count } = await strapi.db
        .query(REMINDER)
        .updateMany({ where: { id: reminderId, sentAt: { $null: true } }, data: { sentAt: new Date() } });
      if (!count) continue;
      try {
        if (to === 'spouse') {
          const mailed = await signing(strapi).remindSpouse(row.id);
          if (!mailed)
            throw new Error(
              'the spouse has no signing link to mail (signed, suspended, asked for paper, or no link waiting)',
            );
          // The signer row's address, which staff may have changed since the commitment's spouse email was claimed.
          await strapi.db.query(REMINDER).update({ where: { id: reminderId }, data: { email: mailed } });
          continue;
        }
        const portalId = row.fund?.company?.portal?.id ?? null;
        if (!wordings.has(portalId)) wordings.set(portalId, wordingFor(portalId));
        const failed = await notifications(strapi).sendTelling(
          REMINDER_TEMPLATE,
          [row.user as Recipient],
          { ...notificationTags(row), step },
          { template: await wordings.get(portalId)!, link: investmentPageOf(row) },
        );
        if (failed.length) throw new Error('the mail was not sent');
      } catch (error) {
        strapi.log.error(
          `Reminder ${reminderId} (${to}) of commitment ${row.id} not given (${String(error)}): marked failed; it may be sent again today`,
        );
        await markFailed(reminderId, row.id);
      }
    }
  }

  /** The reminder as a portal words it: its own syndication_reminder template, else the shared one. */
  const wordingFor = (portalId: number | null) => notifications(strapi).template(REMINDER_TEMPLATE, portalId);

  /** Sets the commitment's last reminder back to the last one given (sent, not failed). */
  async function lastGiven(syndUserId: number | null): Promise<void> {
    if (syndUserId === null) return;
    const last = (await strapi.db.query(REMINDER).findOne({
      where: { syndUser: { id: syndUserId }, sentAt: { $notNull: true }, failedAt: { $null: true } },
      orderBy: { sentAt: 'desc' },
      select: ['sentAt'],
    })) as Pick<Row<typeof REMINDER>, 'sentAt'> | null;
    await strapi.db
      .query(SYND_USER)
      .update({ where: { id: syndUserId }, data: { lastRemindedAt: last?.sentAt ?? null } });
  }

  /** Removes a reminder its commitment no longer needs, never given. */
  async function withdraw(reminderId: number, syndUserId: number | null): Promise<void> {
    await strapi.db.query(REMINDER).delete({ where: { id: reminderId } });
    await lastGiven(syndUserId);
  }

  /**
   * Keeps a reminder whose mail failed, marked failed (failedAt), for staff to see (the Reminder row, and 'Failed' in
   * the table's Reminded column); its key is freed (failed:<id>), so the investor may be reminded again the same day.
   */
  async function markFailed(reminderId: number, syndUserId: number): Promise<void> {
    await strapi.db
      .query(REMINDER)
      .update({ where: { id: reminderId }, data: { failedAt: new Date(), reminderKey: `failed:${reminderId}` } });
    await lastGiven(syndUserId);
  }

  /**
   * Claimed reminders not sent yet, to deliver now, each as it was claimed, while its commitment still asks the same
   * of the same person today; removed when it no longer does (signed, countersigned or funded meanwhile, the
   * account deleted): what it recorded (its step, its address) would no longer be what goes out.
   */
  async function resumable(ids: number[]): Promise<Queued[]> {
    const left = (
      ids.length
        ? await strapi.db.query(REMINDER).findMany({
            where: { id: { $in: ids } },
            select: ['id', 'step'],
            populate: { syndUser: { populate: SYND_USER_POPULATE } },
            orderBy: { id: 'asc' },
          })
        : []
    ) as (Pick<Row<typeof REMINDER>, 'id' | 'step'> & { syndUser: ReminderRow | null })[];
    const queue: Queued[] = [];
    for (const reminder of left) {
      const row = reminder.syndUser;
      const asked = row?.user ? reminderOf(row) : null;
      if (row && asked && asked.step === reminder.step) queue.push({ reminderId: reminder.id, row, ...asked });
      else await withdraw(reminder.id, row?.id ?? null);
    }
    return queue;
  }

  return {
    /**
     * Reminders claimed more than ten minutes ago whose mail never went (their instance stopped between the claim and
     * the mail, and no later call about the fund that day sent them): the upkeep's round sends them, at most 200 a
     * round, found by the index of unsent reminders. One the commitment no longer needs (signed or funded meanwhile)
     * is removed instead, and its last reminder set back to the last one given. Answers how many were sent.
     */
    async resumeUnsent(now = Date.now()): Promise<number> {
      const knex = strapi.db.connection;
      const table = tableOf(strapi, REMINDER);
      const ids = (
        (await knex(table)
          .whereNull(columnOf(strapi, REMINDER, 'sentAt'))
          .where(columnOf(strapi, REMINDER, 'day'), '<=', dayOf(new Date(now)))
          .where(columnOf(strapi, REMINDER, 'createdAt'), '<', new Date(now - RESUME_AFTER_MS))
          // Oldest day first, in the partial index's own order (by id it would walk the whole table).
          .orderBy(columnOf(strapi, REMINDER, 'day'))
          .limit(RESUME_MAX)
          .select('id')) as { id: number | string }[]
      ).map((row) => Number(row.id));
      if (!ids.length) return 0;
      const queue = await resumable(ids);
      if (queue.length) await deliver(queue);
      return queue.length;
    },

    /**
     * POST /sponsor-desk/reminders {fund, state, q}: reminds each investor of the fund in `state` (and, with `q`, the
     * commitments table's search: exactly the rows the table lists) who must still sign or fund
     * (docs/sponsor-desk.md): the investor by the syndication_reminder template (bell and mail), a spouse who must
     * sign by the mail of their signing link; at most once per investor a day, each reminder recorded with who sent it.
     * The call claims each investor's reminder of the day and answers how many it claimed to send (`sent`), how many
     * it skipped as reminded today, how many in the state need nothing of them (signed alone, waiting for management)
     * and how many have no account to remind (`noAccount`: the account was deleted); the mails go out after the
     * answer (`delivered` resolves then), and one that fails is marked failed on its Reminder. The fund's portal's own
     * wording of the template is used when its staff made one.
     */
    async send(input: Record<string, unknown>, staffName: string, now = new Date()) {
      const state = input.state as RaiseState;
      if (!REMINDABLE_STATES.includes(state))
        throw new errors.ValidationError(
          `state must be one of ${REMINDABLE_STATES.join(', ')}: investors who must still sign or fund`,
        );
      // The search as the table reads it, so that the same text keeps the same rows.
      const { q } = commitmentQuery({ q: input.q });
      const fund = await ledger(strapi).fundNamed(input.fund);
      const fundRow = (await strapi.db.query(FUND).findOne({
        where: { id: fund.id },
        select: ['id'],
        populate: { company: { select: ['id'], populate: { portal: { select: ['id'] } } } },
      })) as { company: { portal: Pick<Row<typeof PORTAL>, 'id'> | null } | null } | null;
      // Refused before anything is claimed when the template is missing.
      await wordingFor(fundRow?.company?.portal?.id ?? null);
      const day = dayOf(now);
      const tally = { sent: 0, skipped: 0, notNeeded: 0, noAccount: 0 };
      const queue: Queued[] = [];
      for (let after = 0; ; ) {
        const ids = (
          (await board(strapi)
            .filtered(fund.id, { state, q })
            .where('s.id', '>', after)
            .orderBy('s.id')
            .limit(BATCH)
            .select('s.id')) as { id: number | string }[]
        ).map((row) => Number(row.id));
        if (!ids.length) break;
        after = ids[ids.length - 1];
        const rows = (await strapi.db.query(SYND_USER).findMany({
          where: { id: { $in: ids } },
          populate: SYND_USER_POPULATE,
          orderBy: { id: 'asc' },
        })) as ReminderRow[];
        const due = rows.flatMap((row) => {
          const asked = row.user ? reminderOf(row) : null;
          return asked ? [{ row, asked }] : [];
        });
        const noAccount = rows.filter((row) => !row.user).length;
        tally.noAccount += noAccount;
        tally.notNeeded += rows.length - due.length - noAccount;
        const taken = new Set(
          (
            (await strapi.db.query(REMINDER).findMany({
              where: { reminderKey: { $in: due.map(({ row }) => reminderKey(row.user!.id, day)) } },
              select: ['reminderKey'],
            })) as Pick<Row<typeof REMINDER>, 'reminderKey'>[]
          ).map((row) => row.reminderKey),
        );
        const claimed: number[] = [];
        for (const { row, asked } of due) {
          const key = reminderKey(row.user!.id, day);
          // The unique key claims the day: a second click, or another staff member at the same moment, is skipped.
          const reminderId = taken.has(key) ? null : await claim(row, key, { state, asked, day, sentBy: staffName });
          if (reminderId === null) {
            tally.skipped += 1;
            continue;
          }
          taken.add(key);
          queue.push({ reminderId, row, ...asked });
          claimed.push(row.id);
          tally.sent += 1;
        }
        // The table shows the reminder at once; a mail that fails puts the previous date back, and shows it failed.
        if (claimed.length)
          await strapi.db
            .query(SYND_USER)
            .updateMany({ where: { id: { $in: claimed } }, data: { lastRemindedAt: now } });
      }
      // Today's reminders of the fund claimed by a call whose instance stopped before their mails go with this one.
      queue.push(
        ...(await resumable(
          await unsentOf(
            fund.id,
            day,
            queue.map((each) => each.reminderId),
          ),
        )),
      );
      const delivered = deliver(queue).catch((error: unknown) =>
        strapi.log.error(`Reminders of ${fund.name} stopped: ${String(error)}`),
      );
      return { answer: { fund: { documentId: fund.documentId, name: fund.name }, state, day, ...tally }, delivered };
    },
  };
};

export type ReminderService = ReturnType<typeof reminderService>;
export const reminders = serviceAccessor<ReminderService>('api::reminder.reminder');
export default reminderService;
