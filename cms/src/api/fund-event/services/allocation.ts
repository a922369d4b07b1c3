import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { allocateEvent, INVEST_STATUS, type AllocationLine, type Holding } from '@portal/rules';
import { serviceAccessor } from '../../../utils/service';
import { cents, dollarsToCents, ledger, usd } from '../../ledger-entry/services/ledger-entry';
import { investorName } from '../../synd-user/services/synd-user';
import type { FundEventRow } from './fund-event';
import { CALL_ITEM, LEDGER_ENTRY, SYND_USER, USER } from '../../../utils/uids';
import type { Row } from '../../../utils/rows';

/** One investor's line of an event's allocation table (the sponsor desk's contract). */
export type { AllocationLine };

/** A syndication user that takes part in a fund's calls and distributions: accepted, with its agreement complete. */
interface Position extends Holding {
  id: number;
  documentId: string;
  name: string;
  email: string | null;
}

/** The fingerprint of an allocation table: who takes what, on what base. */
export const allocationHash = (lines: AllocationLine[]) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify(lines.map((line) => [line.syndUser.documentId, line.base_cents, line.amount_cents])))
    .digest('hex');

/** Who takes what of a fund event: the fund's positions loaded, shared by the rules' policy; a posted event's table as written. */
const allocationService = ({ strapi }: { strapi: Core.Strapi }) => {
  /**
   * The fund's investors who take part in calls and distributions (accepted, agreement complete), with their
   * commitment and what they have funded so far (contributions and the adjustments correcting them), summed by the
   * database: three queries, however many investors. A commitment funded before the ledger (its funds transfer
   * completed, no contribution recorded) counts as funded in full: posting writes that contribution
   * (recordFundedBeforeLedger), so the preview and the post share alike.
   */
  async function positions(fundId: number): Promise<Position[]> {
    const rows = (await strapi.db.query(SYND_USER).findMany({
      where: { fund: { id: fundId }, invest_status: INVEST_STATUS.accepted, sa_complete_date: { $notNull: true } },
      select: ['id', 'documentId', 'invest_amount', 'ft_complete_date', 'userFirstName', 'userLastName'],
      populate: { user: { select: ['email', 'firstName', 'lastName'] } },
      orderBy: { id: 'asc' },
    })) as (Pick<
      Row<typeof SYND_USER>,
      'id' | 'documentId' | 'invest_amount' | 'ft_complete_date' | 'userFirstName' | 'userLastName'
    > & { user: Pick<Row<typeof USER>, 'email' | 'firstName' | 'lastName'> | null })[];
    const funded = await ledger(strapi).fundedBySyndUser(fundId);
    const called = await ledger(strapi).openCalledBySyndUser(fundId);
    return rows.map((row) => ({
      id: row.id,
      documentId: row.documentId,
      name: investorName(row),
      email: row.user?.email ?? null,
      commitmentCents: dollarsToCents(row.invest_amount),
      fundedCents: funded.get(row.id) ?? (row.ft_complete_date ? dollarsToCents(row.invest_amount) : 0),
      calledCents: called.get(row.id) ?? 0,
    }));
  }

  /**
   * An event's allocation table: its total shared to the cent among the fund's investors by the rules' allocation
   * policy (allocateEvent: basis, a percent call's total, refusing a call beyond what is left of a commitment).
   */
  async function allocate(
    event: Pick<FundEventRow, 'type' | 'total_cents' | 'percent' | 'basis'>,
    fundId: number,
  ): Promise<AllocationLine[]> {
    const taking = await positions(fundId);
    const byPercent = event.total_cents === null || event.total_cents === undefined;
    const allocation = allocateEvent(
      {
        type: event.type,
        totalCents: byPercent ? null : cents(event.total_cents),
        percent: byPercent ? Number(event.percent) : null,
        basis: event.basis,
      },
      taking.map((position) => ({ ...position, key: position.documentId })),
    );
    if (allocation.refusal === 'nobody-funded' || allocation.refusal === 'nobody-committed') {
      throw new errors.ApplicationError(
        allocation.refusal === 'nobody-funded'
          ? 'Nobody has funded this fund yet: share by commitment instead'
          : 'This fund has no completed commitments to share among',
      );
    }
    if (allocation.refusal === 'beyond-commitment') {
      const over = taking[allocation.index];
      throw new errors.ValidationError(
        `This call asks ${over.name || over.email || over.documentId} for ${usd(allocation.askedCents)}, more than is left of their commitment: ${usd(over.commitmentCents)} committed, ${usd(over.fundedCents)} funded, ${usd(over.calledCents)} called and unpaid`,
      );
    }
    return taking.map((position, index) => ({
      syndUser: { id: position.id, documentId: position.documentId },
      investor: { name: position.name, email: position.email },
      base_cents: allocation.shares[index].baseCents,
      share: allocation.shares[index].share,
      amount_cents: allocation.shares[index].cents,
    }));
  }

  /**
   * A posted event's allocation table as written (not what would be written today): a distribution's entries, a
   * capital call's items with the day each was paid.
   */
  async function postedLines(event: FundEventRow): Promise<AllocationLine[]> {
    const call = event.type === 'capital_call';
    const rows = (await strapi.db.query(call ? CALL_ITEM : LEDGER_ENTRY).findMany({
      where: { fundEvent: { id: event.id } },
      select: call ? ['amount_cents', 'paymentKey'] : ['amount_cents'],
      populate: {
        syndUser: {
          select: ['id', 'documentId', 'userFirstName', 'userLastName'],
          populate: { user: { select: ['email', 'firstName', 'lastName'] } },
        },
      },
      orderBy: { id: 'asc' },
    })) as (Pick<Row<typeof LEDGER_ENTRY>, 'amount_cents'> &
      // A capital call's items carry a payment key; a distribution's entries have none.
      Partial<Pick<Row<typeof CALL_ITEM>, 'paymentKey'>> & {
        syndUser:
          | (Pick<Row<typeof SYND_USER>, 'id' | 'documentId' | 'userFirstName' | 'userLastName'> & {
              user: Pick<Row<typeof USER>, 'email' | 'firstName' | 'lastName'> | null;
            })
          | null;
      })[];
    const paid = call
      ? await ledger(strapi).paymentsOf(rows.map((row) => row.paymentKey ?? ''))
      : new Map<string, string>();
    const lines = rows.map((row) => ({
      syndUser: { id: row.syndUser?.id ?? 0, documentId: row.syndUser?.documentId ?? '' },
      investor: {
        name: row.syndUser ? investorName(row.syndUser) : '',
        email: row.syndUser?.user?.email ?? null,
      },
      base_cents: 0,
      share: 0,
      amount_cents: cents(row.amount_cents),
      ...(call ? { paid_date: paid.get(row.paymentKey ?? '') ?? null } : {}),
    }));
    // A posted event's share is what each took of what was written.
    const total = lines.reduce((sum, line) => sum + line.amount_cents, 0);
    return lines.map((line) => ({ ...line, share: total ? Math.round((line.amount_cents / total) * 1e6) / 1e6 : 0 }));
  }

  return { positions, allocate, postedLines };
};

export type AllocationService = ReturnType<typeof allocationService>;

/** The allocation of fund events, typed. */
export const allocations = serviceAccessor<AllocationService>('api::fund-event.allocation');

export default allocationService;
