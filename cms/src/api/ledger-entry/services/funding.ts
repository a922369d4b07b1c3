import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { exceedsCommitment, INVEST_STATUS } from '@portal/rules';
import { serviceAccessor } from '../../../utils/service';
import { isIsoDate, isRowId } from '../../../utils/validation';
import { fundEvents } from '../../fund-event/services/fund-event';
import { byId } from '../../synd-user/services/synd-user';
import { cents, dollarsToCents, isWholeCents, ledger, usd } from './ledger-entry';
import { transferDates } from './transfer-dates';
import { CALL_ITEM, FUND, LEDGER_ENTRY, PORTAL, SYND_USER } from '../../../utils/uids';
import type { Row } from '../../../utils/rows';

/** A commitment the desk records money for: accepted, its agreement countersigned (complete). */
type Commitment = Pick<Row<typeof SYND_USER>, 'id' | 'documentId' | 'invest_amount'> & {
  fund: Pick<Row<typeof FUND>, 'id'>;
};

/** Money the desk records for a commitment: funding received (for itself or a capital call) and corrections. */
const fundingService = ({ strapi }: { strapi: Core.Strapi }) => {
  /**
   * Money for a commitment is never more than is left of it once the calls still unpaid are paid: 400 naming `what`
   * (and `hint`) otherwise. Run in the writing transaction, in the fund's turn.
   */
  async function refuseBeyondCommitment(
    row: Pick<Commitment, 'id' | 'invest_amount' | 'fund'>,
    amountCents: number,
    what: string,
    hint = '',
  ): Promise<void> {
    const funded = (await ledger(strapi).fundedBySyndUser(row.fund.id, [row.id])).get(row.id) ?? 0;
    const called = (await ledger(strapi).openCalledBySyndUser(row.fund.id, [row.id])).get(row.id) ?? 0;
    const committed = dollarsToCents(row.invest_amount);
    if (exceedsCommitment({ commitmentCents: committed, fundedCents: funded, calledCents: called }, amountCents)) {
      throw new errors.ValidationError(
        `${what} of ${usd(amountCents)} is more than is left of the commitment: ${usd(committed)} committed, ${usd(funded)} funded, ${usd(called)} called and unpaid${hint}`,
      );
    }
  }

  /**
   * The money arrived: a contribution dated the day it arrived, in one transaction with the commitment's
   * funds-transfer dates (extendTransferDates). Written once under its key: a key written before is refused with
   * `twice` (400), a second writer of it at the same moment gets a 409.
   */
  async function receive(
    row: Pick<Commitment, 'id' | 'fund'>,
    data: { amount_cents: number; date: string; note: string; entryKey: string; fundEvent?: number },
    staffName: string,
    twice: string,
    check?: () => Promise<void>,
  ) {
    const entry = await ledger(strapi).inFundTurn(
      row.fund.id,
      async () => {
        // Checked where it is written: a request that waited for its turn finds what the one before it wrote.
        if (await strapi.db.query(LEDGER_ENTRY).findOne({ where: { entryKey: data.entryKey }, select: ['id'] }))
          throw new errors.ApplicationError(twice);
        await check?.();
        await ledger(strapi).recordFundedBeforeLedger(row.fund.id, staffName, new Set([row.id]));
        const created = (await strapi.db.query(LEDGER_ENTRY).create({
          data: {
            syndUser: row.id,
            fund: row.fund.id,
            type: 'contribution',
            amount_cents: data.amount_cents,
            effective_date: data.date,
            note: data.note,
            entryKey: data.entryKey,
            fundEvent: data.fundEvent ?? null,
            recordedBy: staffName,
          },
        })) as { id: number; documentId: string };
        await transferDates(strapi).extendTransferDates([
          { syndUser: row.id, fund: row.fund.id, date: data.date, paysCall: data.fundEvent !== undefined },
        ]);
        return created;
      },
      twice,
    );
    return {
      id: entry.id,
      documentId: entry.documentId,
      type: 'contribution',
      amount_cents: data.amount_cents,
      effective_date: data.date,
    };
  }

  /**
   * The money of a posted capital call arrived: the contribution that pays this investor's item of the call, dated
   * the day it arrived and linked to the call, closes it. The amount must be the share called (a difference is an
   * adjustment staff record).
   */
  async function fundCall(
    row: Commitment,
    input: { fundEvent: string | number; amount_cents: number; date: string },
    staffName: string,
  ) {
    const event = await fundEvents(strapi).readEvent(input.fundEvent);
    if (event.type !== 'capital_call' || event.state !== 'posted' || event.fund?.id !== row.fund.id)
      throw new errors.ApplicationError('fundEvent must be a posted capital call of this commitment’s fund');
    const item = (await strapi.db.query(CALL_ITEM).findOne({
      where: { fundEvent: { id: event.id }, syndUser: { id: row.id } },
      select: ['id', 'amount_cents', 'paymentKey'],
    })) as Pick<Row<typeof CALL_ITEM>, 'id' | 'amount_cents' | 'paymentKey'> | null;
    if (!item) throw new errors.ApplicationError('This capital call has no share for this commitment');
    if (cents(item.amount_cents) !== input.amount_cents)
      throw new errors.ApplicationError(
        `The amount differs from the share called (${cents(item.amount_cents)} cents): record the difference as an adjustment`,
      );
    if (input.date < event.date) throw new errors.ValidationError(`date must not be before the call (${event.date})`);
    const entry = await receive(
      row,
      {
        amount_cents: input.amount_cents,
        date: input.date,
        note: `Capital call of ${event.date}`,
        entryKey: item.paymentKey,
        fundEvent: event.id,
      },
      staffName,
      'This capital call is funded already',
    );
    return { entry, syndUser: { id: row.id, documentId: row.documentId }, fundEvent: event.documentId };
  }

  return {
    /** Confirms that a commitment's money arrived: a contribution entry, and the funds-transfer date set. */
    async confirm(input: Record<string, unknown>, staffName: string) {
      // The commitment: by its id, or (as the admin page asks) by the fund and the investor's email.
      const byEmail =
        input.syndUser === undefined && typeof input.investor_email === 'string' && input.fund !== undefined;
      if (!byEmail && (typeof input.syndUser !== 'string' || !input.syndUser) && typeof input.syndUser !== 'number')
        throw new errors.ValidationError('syndUser is required (or fund and investor_email)');
      if (!isWholeCents(input.amount_cents))
        throw new errors.ValidationError('amount_cents must be a whole number of cents above zero');
      if (!isIsoDate(input.date)) throw new errors.ValidationError('date must be a date (YYYY-MM-DD)');
      if (!byEmail && !isRowId(input.syndUser))
        throw new errors.ValidationError('syndUser must be an id or documentId');
      const where = byEmail
        ? {
            fund: { id: (await ledger(strapi).fundNamed(input.fund)).id },
            user: { email: { $eqi: (input.investor_email as string).trim() } },
            invest_status: INVEST_STATUS.accepted,
          }
        : byId(input.syndUser as string | number);
      const row = (await strapi.db.query(SYND_USER).findOne({
        where,
        select: ['id', 'documentId', 'invest_status', 'invest_amount', 'sa_complete_date'],
        populate: { fund: { select: ['id'] } },
      })) as
        | (Omit<Commitment, 'fund'> &
            Pick<Row<typeof SYND_USER>, 'invest_status' | 'sa_complete_date'> & {
              fund: Commitment['fund'] | null;
            })
        | null;
      if (!row || !row.fund) throw new errors.NotFoundError('Commitment not found');
      if (row.invest_status !== INVEST_STATUS.accepted)
        throw new errors.ApplicationError('This investor has not committed to the fund');
      if (!row.sa_complete_date)
        throw new errors.ApplicationError(
          'This commitment’s subscription agreement is not countersigned yet: countersign it before recording its money',
        );
      const commitment = { ...row, fund: row.fund };
      if (input.fundEvent !== undefined && input.fundEvent !== null)
        return fundCall(
          commitment,
          input as { fundEvent: string | number; amount_cents: number; date: string },
          staffName,
        );
      // Money for the commitment itself: never more than is left of it once the calls still unpaid are paid (checked
      // in the writing transaction, in the fund's turn).
      const withinCommitment = () =>
        refuseBeyondCommitment(
          commitment,
          input.amount_cents as number,
          'This funding',
          " (confirm a call's money with its fundEvent)",
        );
      const entryKey = `funding:${row.documentId}:${input.date}:${input.amount_cents}`;
      const entry = await receive(
        commitment,
        { amount_cents: input.amount_cents as number, date: input.date as string, note: 'Funding received', entryKey },
        staffName,
        'This funding is recorded already (same commitment, date and amount)',
        withinCommitment,
      );
      return { entry, syndUser: { id: row.id, documentId: row.documentId } };
    },

    /**
     * A correction: an adjustment entry naming the entry it corrects (a contribution, distribution or fee), on that
     * entry's investor and fund, with a signed amount (negative takes away). Where the desk names the portal (slug) or
     * fund it works in, the entry must be of them. Written as funding is: in one transaction in the fund's turn, the
     * checks made there (no entry below zero, no commitment funded beyond what is left of it) and a contribution's
     * funds-transfer dates following (transferDatesAfter). Written once: the same correction twice (same entry, date
     * and amount) is refused.
     */
    async recordAdjustment(input: Record<string, unknown>, staffName: string) {
      if ((typeof input.corrects !== 'string' || !input.corrects) && typeof input.corrects !== 'number')
        throw new errors.ValidationError('corrects is required: the entry this adjustment corrects (documentId or id)');
      if (!isRowId(input.corrects)) throw new errors.ValidationError('corrects must be an id or documentId');
      if (
        typeof input.amount_cents !== 'number' ||
        !Number.isSafeInteger(input.amount_cents) ||
        input.amount_cents === 0
      )
        throw new errors.ValidationError(
          'amount_cents must be a whole number of cents, not zero (negative takes away)',
        );
      if (!isIsoDate(input.date)) throw new errors.ValidationError('date must be a date (YYYY-MM-DD)');
      if (
        input.note !== undefined &&
        input.note !== null &&
        (typeof input.note !== 'string' || input.note.length > 2000)
      )
        throw new errors.ValidationError('note must be text of at most 2000 characters');
      const amount = input.amount_cents;
      const date = input.date;
      const corrected = (await strapi.db.query(LEDGER_ENTRY).findOne({
        where: byId(input.corrects as string | number),
        select: ['id', 'documentId', 'type', 'kind', 'amount_cents', 'entryKey'],
        populate: {
          syndUser: { select: ['id', 'documentId', 'invest_amount'] },
          fund: {
            select: ['id', 'documentId'],
            populate: { company: { select: ['id'], populate: { portal: { select: ['slug'] } } } },
          },
        },
      })) as
        | (Pick<Row<typeof LEDGER_ENTRY>, 'id' | 'documentId' | 'type' | 'kind' | 'amount_cents' | 'entryKey'> & {
            syndUser: Omit<Commitment, 'fund'> | null;
            fund:
              | (Pick<Row<typeof FUND>, 'id' | 'documentId'> & {
                  company?: { portal: Pick<Row<typeof PORTAL>, 'slug'> | null } | null;
                })
              | null;
          })
        | null;
      if (!corrected?.syndUser || !corrected.fund) throw new errors.NotFoundError('Ledger entry not found');
      if (input.portal !== undefined && input.portal !== corrected.fund.company?.portal?.slug)
        throw new errors.ValidationError('corrects names an entry of another portal');
      if (input.fund !== undefined && (await ledger(strapi).fundNamed(input.fund)).id !== corrected.fund.id)
        throw new errors.ValidationError('corrects names an entry of another fund');
      if (corrected.type === 'adjustment')
        throw new errors.ValidationError(
          'An adjustment corrects a contribution, distribution or fee, not another adjustment: name the entry it corrects',
        );
      const commitment: Commitment = { ...corrected.syndUser, fund: { id: corrected.fund.id } };
      const entryKey = `adjustment:${corrected.documentId}:${date}:${amount}`;
      const twice = 'This adjustment is recorded already (same entry, date and amount)';
      const entry = await ledger(strapi).inFundTurn(
        commitment.fund.id,
        async () => {
          // Checked where it is written: a request that waited for its turn finds what the one before it wrote.
          if (await strapi.db.query(LEDGER_ENTRY).findOne({ where: { entryKey }, select: ['id'] }))
            throw new errors.ApplicationError(twice);
          const corrections = (await strapi.db
            .query(LEDGER_ENTRY)
            .findMany({ where: { corrects: { id: corrected.id } }, select: ['amount_cents'] })) as Pick<
            Row<typeof LEDGER_ENTRY>,
            'amount_cents'
          >[];
          const held = corrections.reduce((sum, each) => sum + cents(each.amount_cents), cents(corrected.amount_cents));
          if (held + amount < 0)
            throw new errors.ValidationError(
              `This adjustment takes away ${usd(-amount)} from an entry of ${usd(held)} (with its corrections): an entry does not go below zero`,
            );
          if (corrected.type === 'contribution' && amount > 0)
            await refuseBeyondCommitment(commitment, amount, 'This adjustment');
          const created = (await strapi.db.query(LEDGER_ENTRY).create({
            data: {
              syndUser: commitment.id,
              fund: commitment.fund.id,
              type: 'adjustment',
              kind: corrected.kind,
              amount_cents: amount,
              effective_date: date,
              note: (input.note as string | undefined) ?? null,
              corrects: corrected.id,
              entryKey,
              recordedBy: staffName,
            },
          })) as { id: number; documentId: string };
          if (corrected.type === 'contribution')
            await transferDates(strapi).transferDatesAfter(
              commitment.id,
              commitment.fund.id,
              { entryKey: corrected.entryKey, heldCents: held + amount },
              date,
            );
          return created;
        },
        twice,
      );
      return {
        id: entry.id,
        documentId: entry.documentId,
        type: 'adjustment',
        kind: corrected.kind,
        amount_cents: amount,
        effective_date: date,
        note: (input.note as string | undefined) ?? null,
        corrects: {
          id: corrected.id,
          documentId: corrected.documentId,
          type: corrected.type,
          amount_cents: cents(corrected.amount_cents),
        },
        syndUser: { id: commitment.id, documentId: commitment.documentId },
        fund: { id: corrected.fund.id, documentId: corrected.fund.documentId },
      };
    },
  };
};

export type FundingService = ReturnType<typeof fundingService>;

/** The funding service, typed. */
export const funding = serviceAccessor<FundingService>('api::ledger-entry.funding');

export default fundingService;
