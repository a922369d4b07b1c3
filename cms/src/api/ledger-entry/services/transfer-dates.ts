import type { Core } from '@strapi/strapi';
import { serviceAccessor } from '../../../utils/service';
import { cents, dollarsToCents, ledger } from './ledger-entry';
import { CALL_ITEM, SYND_USER } from '../../../utils/uids';
import type { Row } from '../../../utils/rows';

/** When a commitment's funds transfer started and completed, as the money recorded for it moves them. */
const transferDatesService = ({ strapi }: { strapi: Core.Strapi }) => {
  /**
   * Funds transfer completed (the spec's `ft_complete_date`, what makes a commitment Funded on the board): the day the
   * money asked of it had all arrived: its whole commitment, or a capital call's share (each call paid completes what
   * was asked so far). Part of a commitment paid directly leaves it empty (the desk still offers the rest and reminds
   * to fund it). Read in the writing transaction, after the money is written.
   */
  async function completes(
    syndUser: number,
    fund: number,
    committedCents: number,
    paysCall: boolean,
  ): Promise<boolean> {
    return paysCall || ((await ledger(strapi).fundedBySyndUser(fund, [syndUser])).get(syndUser) ?? 0) >= committedCents;
  }

  /**
   * Imported contributions move their commitments' funds-transfer dates as a confirmed funding does: `ft_start_date`
   * to the first money in, `ft_complete_date` to the latest once the money asked has all arrived. One read per 500
   * commitments, one write per commitment whose dates change; in the caller's transaction.
   */
  async function extendTransferDates(
    contributions: { syndUser: number; fund: number; date: string; paysCall: boolean }[],
  ): Promise<void> {
    const span = new Map<number, { fund: number; first: string; last: string; paysCall: boolean }>();
    for (const { syndUser, fund, date, paysCall } of contributions) {
      const known = span.get(syndUser);
      span.set(syndUser, {
        fund,
        first: known && known.first < date ? known.first : date,
        last: known && known.last > date ? known.last : date,
        paysCall: paysCall || (known?.paysCall ?? false),
      });
    }
    const ids = [...span.keys()];
    for (let start = 0; start < ids.length; start += 500) {
      const rows = (await strapi.db.query(SYND_USER).findMany({
        where: { id: { $in: ids.slice(start, start + 500) } },
        select: ['id', 'invest_amount', 'ft_start_date', 'ft_complete_date'],
      })) as Pick<Row<typeof SYND_USER>, 'id' | 'invest_amount' | 'ft_start_date' | 'ft_complete_date'>[];
      for (const row of rows) {
        const { fund, first, last, paysCall } = span.get(row.id)!;
        const day = (value: string | null) => (value ? String(value).slice(0, 10) : null);
        const complete =
          (day(row.ft_complete_date) === null || day(row.ft_complete_date)! < last) &&
          (await completes(row.id, fund, dollarsToCents(row.invest_amount), paysCall));
        const data = {
          ...(day(row.ft_start_date) === null || day(row.ft_start_date)! > first
            ? { ft_start_date: new Date(`${first}T00:00:00Z`) }
            : {}),
          ...(complete ? { ft_complete_date: new Date(`${last}T00:00:00Z`) } : {}),
        };
        if (Object.keys(data).length) await strapi.db.query(SYND_USER).update({ where: { id: row.id }, data });
      }
    }
  }

  /**
   * A contribution corrected by an adjustment moves its commitment's funds-transfer dates, in the writing transaction:
   * no money left in clears both; otherwise the transfer has started (`ft_start_date`: kept when set, else the
   * adjustment's date) and the commitment is Funded (`ft_complete_date`: kept when set, else the adjustment's date) while its money has all arrived (completes): its whole commitment, or, where the entry
   * corrected pays a capital call, that call's share held in full; a contribution of its own corrected in a fund that
   * calls its capital leaves the date to the calls. Funded no longer, the date is cleared.
   */
  async function transferDatesAfter(
    syndUser: number,
    fund: number,
    corrected: { entryKey: string | null; heldCents: number },
    date: string,
  ): Promise<void> {
    // Read in the fund's turn: a funding or correction written just before moved these dates.
    const row = (await strapi.db
      .query(SYND_USER)
      .findOne({ where: { id: syndUser }, select: ['invest_amount', 'ft_start_date', 'ft_complete_date'] })) as Pick<
      Row<typeof SYND_USER>,
      'invest_amount' | 'ft_start_date' | 'ft_complete_date'
    >;
    const funded = (await ledger(strapi).fundedBySyndUser(fund, [syndUser])).get(syndUser) ?? 0;
    if (funded <= 0) {
      await strapi.db
        .query(SYND_USER)
        .update({ where: { id: syndUser }, data: { ft_start_date: null, ft_complete_date: null } });
      return;
    }
    const item = corrected.entryKey
      ? ((await strapi.db
          .query(CALL_ITEM)
          .findOne({ where: { paymentKey: corrected.entryKey }, select: ['amount_cents'] })) as Pick<
          Row<typeof CALL_ITEM>,
          'amount_cents'
        > | null)
      : null;
    const byCalls = item
      ? corrected.heldCents >= cents(item.amount_cents)
      : Boolean(row.ft_complete_date) &&
        (await strapi.db.query(CALL_ITEM).count({ where: { syndUser: { id: syndUser } } })) > 0;
    const complete = funded >= dollarsToCents(row.invest_amount) || byCalls;
    const day = new Date(`${date}T00:00:00Z`);
    // Money in again after a correction took it all away: its transfer started again that day.
    const data = {
      ...(row.ft_start_date ? {} : { ft_start_date: day }),
      ...(complete === Boolean(row.ft_complete_date) ? {} : { ft_complete_date: complete ? day : null }),
    };
    if (Object.keys(data).length) await strapi.db.query(SYND_USER).update({ where: { id: syndUser }, data });
  }

  return { extendTransferDates, transferDatesAfter };
};

export type TransferDatesService = ReturnType<typeof transferDatesService>;

/** The funds-transfer dates, typed. */
export const transferDates = serviceAccessor<TransferDatesService>('api::ledger-entry.transfer-dates');

export default transferDatesService;
