import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  defaultBasis,
  DISTRIBUTION_KINDS,
  type Basis,
  type DistributionKind,
  type FundEventState,
  type FundEventView,
} from '@portal/rules';
import { conflict } from '../../../utils/http-errors';
import { serviceAccessor } from '../../../utils/service';
import { columnOf, tableOf } from '../../../utils/tables';
import { isIsoDate, isRowId } from '../../../utils/validation';
import { cents, hasTwoDecimalsAtMost, isWholeCents, ledger } from '../../ledger-entry/services/ledger-entry';
import { byId } from '../../synd-user/services/synd-user';
import { deliverNotices, resumeNotices } from '../notices';
import { allocationHash, allocations, type AllocationLine } from './allocation';
import { CALL_ITEM, FUND, FUND_EVENT, LEDGER_ENTRY } from '../../../utils/uids';
import type { Row } from '../../../utils/rows';

/** A fund event as stored. */
export type FundEventRow = Pick<
  Row<typeof FUND_EVENT>,
  | 'id'
  | 'documentId'
  | 'type'
  | 'date'
  | 'due_date'
  | 'percent'
  | 'basis'
  | 'kind'
  | 'note'
  | 'createdByName'
  | 'postedByName'
  | 'posted_at'
  | 'allocationHash'
> & {
  // Every event is written with its state (a draft first).
  state: FundEventState;
  // A draft's terms are given as a number; the column, a big integer, is read back as a string.
  total_cents: string | number | null;
  fund: (Pick<Row<typeof FUND>, 'id' | 'documentId'> & { name: string | null }) | null;
};

const ALLOCATION_CHANGED = 'The allocation changed since you previewed it: review it again';
/** The ledger key of the contribution that pays one investor's share of a capital call. */
const callPaymentKey = (eventDocumentId: string, syndUserDocumentId: string) =>
  `event:${eventDocumentId}:${syndUserDocumentId}`;

/** A fund event's life: drafted with its allocation table, read back, posted once (its entries, its notices). */
const fundEventService = ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = () => strapi.db.connection;

  /** The fund event `id` names (id or documentId), with its fund; 404 'Fund event not found' otherwise. */
  async function readEvent(id: string | number): Promise<FundEventRow> {
    if (!isRowId(id)) throw new errors.NotFoundError('Fund event not found');
    const event = (await strapi.db.query(FUND_EVENT).findOne({
      where: byId(id),
      populate: { fund: { select: ['id', 'documentId', 'name'] } },
    })) as FundEventRow | null;
    if (!event) throw new errors.NotFoundError('Fund event not found');
    return event;
  }

  const eventView = (event: FundEventRow, allocation: AllocationLine[]): FundEventView => ({
    id: event.id,
    documentId: event.documentId,
    fund: event.fund,
    type: event.type,
    date: event.date,
    due_date: event.due_date,
    total_cents: allocation.reduce((sum, line) => sum + line.amount_cents, 0),
    percent: event.percent === null ? null : Number(event.percent),
    basis: event.basis,
    kind: event.kind,
    state: event.state,
    note: event.note,
    createdByName: event.createdByName,
    postedByName: event.postedByName,
    posted_at: event.posted_at,
    allocation,
  });

  return {
    readEvent,

    /**
     * A capital call or distribution as a draft, with its allocation table: checked as staff type it (a 400 names the
     * field), written only when the table can be made.
     */
    async draft(input: Record<string, unknown>, staffName: string): Promise<FundEventView> {
      const fund = await ledger(strapi).fundNamed(input.fund);
      const type = input.type;
      if (type !== 'capital_call' && type !== 'distribution')
        throw new errors.ValidationError("type must be 'capital_call' or 'distribution'");
      if (!isIsoDate(input.date)) throw new errors.ValidationError('date must be a date (YYYY-MM-DD)');
      let dueDate: string | null = null;
      if (type === 'capital_call') {
        if (!isIsoDate(input.due_date))
          throw new errors.ValidationError('due_date must be a date (YYYY-MM-DD) for a capital call');
        if (input.due_date < input.date) throw new errors.ValidationError('due_date must not be before date');
        dueDate = input.due_date;
      } else if (input.due_date !== undefined && input.due_date !== null) {
        throw new errors.ValidationError('A distribution has no due_date');
      }
      const hasTotal = input.total_cents !== undefined && input.total_cents !== null;
      const hasPercent = input.percent !== undefined && input.percent !== null;
      if (hasTotal === hasPercent) throw new errors.ValidationError('Give either total_cents or percent');
      if (hasTotal && !isWholeCents(input.total_cents))
        throw new errors.ValidationError('total_cents must be a whole number of cents above zero');
      if (hasPercent) {
        if (type !== 'capital_call')
          throw new errors.ValidationError('A distribution is a total (total_cents), not a percent');
        if (typeof input.percent !== 'number' || !(input.percent > 0 && input.percent <= 100))
          throw new errors.ValidationError('percent must be a number above 0 and at most 100');
        if (!hasTwoDecimalsAtMost(input.percent))
          throw new errors.ValidationError('percent must have at most 2 decimals (like 33.33)');
      }
      const basis: unknown = input.basis ?? defaultBasis(type);
      if (basis !== 'funded' && basis !== 'commitment')
        throw new errors.ValidationError("basis must be 'funded' or 'commitment'");
      if (hasPercent && basis !== 'commitment')
        throw new errors.ValidationError(
          'A percent call is a percent of each commitment: its basis is commitment (give total_cents to share by funded capital)',
        );
      let kind: DistributionKind | null = null;
      if (type === 'distribution') {
        if (!DISTRIBUTION_KINDS.includes(input.kind as DistributionKind))
          throw new errors.ValidationError(`kind must be one of ${DISTRIBUTION_KINDS.join(', ')}`);
        kind = input.kind as DistributionKind;
      } else if (input.kind !== undefined && input.kind !== null) {
        throw new errors.ValidationError('A capital call has no kind');
      }
      if (
        input.note !== undefined &&
        input.note !== null &&
        (typeof input.note !== 'string' || input.note.length > 2000)
      )
        throw new errors.ValidationError('note must be text of at most 2000 characters');
      const terms = {
        total_cents: hasTotal ? (input.total_cents as number) : null,
        percent: hasPercent ? (input.percent as number) : null,
        basis: basis as Basis,
      };
      const allocation = await allocations(strapi).allocate({ type, ...terms }, fund.id);
      const event = (await strapi.db.query(FUND_EVENT).create({
        data: {
          fund: fund.id,
          type,
          date: input.date,
          due_date: dueDate,
          ...terms,
          kind,
          state: 'draft',
          note: (input.note as string | undefined) ?? null,
          createdByName: staffName,
          allocationHash: allocationHash(allocation),
        },
      })) as FundEventRow;
      return { ...eventView({ ...event, fund }, allocation), allocationHash: event.allocationHash };
    },

    /**
     * An event with its allocation table: a posted one's as it was written; a draft's as it would be posted now, with
     * its fingerprint (`allocationHash`), which a post may name to say what it previewed. A draft the fund has moved
     * past (a call now asking more than is left of a commitment, nobody left to share among) still opens: its stored
     * terms, no allocation, and the `problem`, so staff change or delete it. Reading writes nothing.
     */
    async withAllocation(id: string | number): Promise<FundEventView> {
      const event = await readEvent(id);
      if (!event.fund) throw new errors.NotFoundError('Fund event not found');
      if (event.state === 'posted') return eventView(event, await allocations(strapi).postedLines(event));
      let allocation: AllocationLine[];
      try {
        allocation = await allocations(strapi).allocate(event, event.fund.id);
      } catch (error) {
        if (!(error instanceof errors.ApplicationError)) throw error;
        return {
          ...eventView(event, []),
          total_cents: event.total_cents === null ? null : cents(event.total_cents),
          problem: error.message,
        };
      }
      return { ...eventView(event, allocation), allocationHash: allocationHash(allocation) };
    },

    /**
     * Posts a draft: one transaction marks it posted (only if it is still a draft: of two posts at once, one wins)
     * and writes every investor's entry, or nothing. Posting a posted event again changes nothing. Returns the event,
     * whether this call posted it, and the delivery of its notices under way (how many were sent, once done).
     * What is posted is what was previewed: `previewed` (the allocationHash the preview showed) or, without it, the
     * allocation of the draft as drafted; a table that changed since is refused (409), nothing written.
     */
    async post(id: string | number, staffName: string, previewed?: unknown) {
      if (
        previewed !== undefined &&
        previewed !== null &&
        (typeof previewed !== 'string' || !/^[0-9a-f]{64}$/.test(previewed))
      ) {
        throw new errors.ValidationError(
          'allocationHash must be the allocationHash of the preview (64 hexadecimal characters)',
        );
      }
      const draft = await readEvent(id);
      if (!draft.fund) throw new errors.NotFoundError('Fund event not found');
      // A draft is made on the desk with a total or a percent; one without either (no longer possible) is not posted as nothing.
      if (
        draft.state === 'draft' &&
        (draft.total_cents === null || draft.total_cents === undefined) &&
        (draft.percent === null || draft.percent === undefined)
      ) {
        throw new errors.ValidationError(
          'This draft has neither a total nor a percent: draft it again on the sponsor desk',
        );
      }
      const expected = (previewed as string | undefined) ?? draft.allocationHash;
      const fund = draft.fund;
      const posted = await ledger(strapi).inFundTurn(fund.id, async () => {
        const claimed = await ledger(strapi).read<number>(
          knex()(tableOf(strapi, FUND_EVENT))
            .where({ id: draft.id, state: 'draft' })
            .update({
              state: 'posted',
              [columnOf(strapi, FUND_EVENT, 'posted_at')]: new Date(),
              [columnOf(strapi, FUND_EVENT, 'postedByName')]: staffName,
            }),
        );
        if (!claimed) return false;
        const allocation = await allocations(strapi).allocate(draft, fund.id);
        await ledger(strapi).recordFundedBeforeLedger(fund.id, staffName);
        // What staff saw is what is posted: funding, commitments or investors that changed since make them look again.
        if (expected && allocationHash(allocation) !== expected) throw conflict(ALLOCATION_CHANGED);
        for (const line of allocation.filter((each) => each.amount_cents > 0)) {
          // A call records what each investor owes; their contribution is written when their money arrives.
          if (draft.type === 'capital_call') {
            await strapi.db.query(CALL_ITEM).create({
              data: {
                fundEvent: draft.id,
                syndUser: line.syndUser.id,
                fund: fund.id,
                amount_cents: line.amount_cents,
                due_date: draft.due_date,
                itemKey: `call:${draft.documentId}:${line.syndUser.documentId}`,
                paymentKey: callPaymentKey(draft.documentId, line.syndUser.documentId),
              },
            });
            continue;
          }
          await strapi.db.query(LEDGER_ENTRY).create({
            data: {
              syndUser: line.syndUser.id,
              fund: fund.id,
              type: 'distribution',
              kind: draft.kind,
              amount_cents: line.amount_cents,
              effective_date: draft.date,
              note: draft.note,
              fundEvent: draft.id,
              entryKey: `event:${draft.documentId}:${line.syndUser.documentId}`,
              recordedBy: staffName,
            },
          });
        }
        return true;
      });
      const event = await this.withAllocation(draft.id);
      // The notices go after the answer, a batch at a time (a fund may have thousands of investors); the entries
      // stand whatever becomes of them, and an instance that stops half-way leaves the rest to the upkeep.
      const notices = posted
        ? deliverNotices(strapi, draft.id).then(
            ({ delivered }) => delivered,
            (error: unknown) => {
              strapi.log.error(`The notices of ${draft.documentId} stopped: ${String(error)}`);
              return 0;
            },
          )
        : Promise.resolve(0);
      return { event, postedNow: posted, notices };
    },

    /** Delivers the notices of posted events an instance left half-sent (the upkeep's round calls it). */
    resumeNotices(now = Date.now()): Promise<number> {
      return resumeNotices(strapi, now);
    },
  };
};

export type FundEventService = ReturnType<typeof fundEventService>;

/** The fund events service, typed. */
export const fundEvents = serviceAccessor<FundEventService>(FUND_EVENT);

export default fundEventService;
