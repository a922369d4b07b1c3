import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { parse } from 'csv-parse/sync';
import { errors } from '@strapi/utils';
import {
  capitalAccountFor, DISTRIBUTION_KINDS, formatUsd, ledgerTotals, INVEST_STATUS, shareByLargestRemainder,
  type DistributionKind, type LedgerLine, type LedgerType, type ValuationPoint,
} from '@portal/rules';
import { conflict, isUniqueViolation } from '../../../utils/http-errors';
import { inTurn, TURNS } from '../../../utils/in-turn';
import { serviceAccessor } from '../../../utils/service';
import { isIsoDate, isRowId } from '../../../utils/validation';
import { columnOf, linkTableOf, tableOf } from '../../../utils/tables';
import { fundWhere, targetInScope, type PortalScope } from '../../portal/staff-scope';
import { byId, investorName } from '../../synd-user/services/synd-user';
import { deliverNotices, resumeNotices } from '../notices';

export const LEDGER_ENTRY = 'api::ledger-entry.ledger-entry';
export const FUND_EVENT = 'api::fund-event.fund-event';
export const VALUATION = 'api::valuation.valuation';
/** What one investor owes for one posted capital call (docs/capital-accounts.md). */
export const CALL_ITEM = 'api::fund-event.call-item';
const SYND_USER = 'api::synd-user.synd-user';
const FUND = 'api::fund.fund';

/** An accountant's CSV: these columns (any order, any case; kind and note may be left out); adjustments are recorded on the desk, not imported. */
const IMPORT_COLUMNS = ['fund', 'investor_email', 'type', 'amount', 'effective_date'] as const;
const IMPORT_TYPES: LedgerType[] = ['contribution', 'distribution', 'fee'];
/** The note of the contribution that brings a commitment funded before the ledger into it. */
const FUNDED_BEFORE_LEDGER = 'Funded before the ledger';
/**
 * An accountant's capital accounts instead (a `period_start` column says so): one line per investor and period, the
 * period's money and its closing balance in dollars; distribution_kind and note may be added.
 */
const CAPITAL_ACCOUNT_COLUMNS = ['fund', 'investor_email', 'period_start', 'period_end', 'contributions', 'distributions', 'fees', 'closing_balance'] as const;
/** One import is one transaction: a fund's year of entries fits many times over. */
const IMPORT_MAX_LINES = 10_000;

export type FundEventType = 'capital_call' | 'distribution';
export type Basis = 'funded' | 'commitment';

/** A fund event as stored. */
export interface FundEventRow {
  id: number;
  documentId: string;
  type: FundEventType;
  date: string;
  due_date: string | null;
  total_cents: string | number | null;
  percent: string | number | null;
  basis: Basis | null;
  kind: DistributionKind | null;
  state: 'draft' | 'posted';
  note: string | null;
  createdByName: string | null;
  postedByName: string | null;
  posted_at: string | null;
  allocationHash: string | null;
  fund: { id: number; documentId: string; name: string | null } | null;
}

/** One investor's line of an event's allocation table. */
export interface AllocationLine {
  syndUser: { id: number; documentId: string };
  investor: { name: string; email: string | null };
  base_cents: number;
  /** The investor's part of the total: base / all bases (0 to 1, six decimals). */
  share: number;
  amount_cents: number;
  /** For a posted capital call: the day its money arrived, null while it is open. */
  paid_date?: string | null;
}

/** A syndication user that takes part in a fund's calls and distributions: accepted, with its agreement complete. */
interface Position {
  id: number;
  documentId: string;
  name: string;
  email: string | null;
  commitmentCents: number;
  fundedCents: number;
  /** Called by posted capital calls and not paid yet. */
  calledCents: number;
}

interface EntryRow {
  id: number;
  type: LedgerType;
  kind: DistributionKind | null;
  amount_cents: string | number;
  effective_date: string;
  syndUser?: { id: number } | null;
  corrects?: { type: LedgerType; kind: DistributionKind | null } | null;
}

const isWholeCents = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
/**
 * At most two decimals: what PostgreSQL keeps of a Strapi decimal (numeric(10,2)); a third would be rounded away on
 * the way in, and a call previewed at 33.333% posted at 33.33%.
 */
const hasTwoDecimalsAtMost = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
/** The fingerprint of an allocation table: who takes what, on what base. */
const allocationHash = (lines: AllocationLine[]) =>
  crypto.createHash('sha256').update(JSON.stringify(lines.map((line) => [line.syndUser.documentId, line.base_cents, line.amount_cents]))).digest('hex');
const ALLOCATION_CHANGED = 'The allocation changed since you previewed it: review it again';
/** The ledger key of the contribution that pays one investor's share of a capital call. */
const callPaymentKey = (eventDocumentId: string, syndUserDocumentId: string) => `event:${eventDocumentId}:${syndUserDocumentId}`;
const usd = (centsValue: number) => formatUsd(centsValue / 100);
const cents = (value: string | number | null | undefined) => (value === null || value === undefined ? 0 : Number(value));
/** A stored decimal amount in dollars as whole cents. */
const dollarsToCents = (value: string | number | null | undefined) => Math.round(cents(value) * 100);

/** A line as the rules read it. */
export const lineOf = (row: EntryRow): LedgerLine => ({
  type: row.type,
  kind: row.kind,
  amountCents: cents(row.amount_cents),
  date: String(row.effective_date).slice(0, 10),
  corrects: row.corrects ? { type: row.corrects.type, kind: row.corrects.kind } : null,
});

const ledgerEntryService = ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = () => strapi.db.connection;

  /** The fund `id` names (numeric id, documentId or url_slug, read as the desk's portal check reads it); 404 'Fund not found' otherwise. */
  async function fundNamed(id: unknown): Promise<{ id: number; documentId: string; name: string | null }> {
    const fund = await strapi.db.query(FUND).findOne({ where: fundWhere(id), select: ['id', 'documentId', 'name'] });
    if (!fund) throw new errors.NotFoundError('Fund not found');
    return fund;
  }

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
    })) as { id: number; documentId: string; invest_amount: string | number | null; ft_complete_date: string | null; userFirstName: string | null; userLastName: string | null; user: { email: string; firstName: string | null; lastName: string | null } | null }[];
    const funded = await fundedBySyndUser(fundId);
    const called = await openCalledBySyndUser(fundId);
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
   * The ledger takes over a fund's figures from its first entry on (fundsWithLedger): so that no investor's money is
   * lost then, each commitment funded before the ledger (funds transfer completed, no contribution recorded) gets a
   * contribution 'Funded before the ledger' of its whole commitment, dated the day its transfer completed. Written in
   * the caller's transaction by every writer of a fund's money (posting, funding, imports), once per commitment (its
   * key); `except` is the commitment whose money the caller is recording itself.
   */
  async function recordFundedBeforeLedger(fundId: number, staffName: string, except?: Set<number>): Promise<void> {
    const rows = (await strapi.db.query(SYND_USER).findMany({
      where: { fund: { id: fundId }, invest_status: INVEST_STATUS.accepted, sa_complete_date: { $notNull: true }, ft_complete_date: { $notNull: true } },
      select: ['id', 'documentId', 'invest_amount', 'ft_complete_date'],
      orderBy: { id: 'asc' },
    })) as { id: number; documentId: string; invest_amount: string | number | null; ft_complete_date: string }[];
    const candidates = rows.filter((row) => !except?.has(row.id) && dollarsToCents(row.invest_amount) > 0);
    if (!candidates.length) return;
    const funded = await fundedBySyndUser(fundId);
    for (const row of candidates.filter((each) => !funded.has(each.id))) {
      await strapi.db.query(LEDGER_ENTRY).create({
        data: {
          syndUser: row.id, fund: fundId, type: 'contribution', amount_cents: dollarsToCents(row.invest_amount), effective_date: new Date(row.ft_complete_date).toISOString().slice(0, 10),
          note: FUNDED_BEFORE_LEDGER, entryKey: `before-ledger:${row.documentId}`, recordedBy: staffName,
        },
      });
    }
  }

  /**
   * A raw read in the caller's transaction when one is open (posting reads the funded capital inside its turn, and a
   * read there must see what the turn wrote); outside one it runs alone, with no BEGIN and COMMIT of its own.
   */
  async function read<T>(query: Knex.QueryBuilder): Promise<T> {
    if (strapi.db.inTransaction()) query.transacting((await strapi.db.transaction()).get());
    return (await query) as T;
  }

  /**
   * What posted capital calls ask of each syndication user of a fund (of these only, when given) and is not paid yet:
   * their call items whose payment key no ledger entry carries. One query.
   */
  async function openCalledBySyndUser(fundId: number, syndUserIds?: number[]): Promise<Map<number, number>> {
    const items = tableOf(strapi, CALL_ITEM);
    const owners = linkTableOf(strapi, CALL_ITEM, 'syndUser');
    const funds = linkTableOf(strapi, CALL_ITEM, 'fund');
    const rows = await read<{ syndUser: number | string; total: number | string | null }[]>(knex()(`${items} as i`)
      .join(`${funds.name} as f`, `f.${funds.owner}`, 'i.id')
      .join(`${owners.name} as o`, `o.${owners.owner}`, 'i.id')
      .leftJoin(`${tableOf(strapi, LEDGER_ENTRY)} as paid`, `paid.${columnOf(strapi, LEDGER_ENTRY, 'entryKey')}`, `i.${columnOf(strapi, CALL_ITEM, 'paymentKey')}`)
      .where(`f.${funds.target}`, fundId)
      .whereNull('paid.id')
      .modify((query) => {
        if (syndUserIds) query.whereIn(`o.${owners.target}`, syndUserIds);
      })
      .groupBy(`o.${owners.target}`)
      .select({ syndUser: `o.${owners.target}` })
      .sum({ total: 'i.amount_cents' }));
    return new Map(rows.map((row) => [Number(row.syndUser), cents(row.total)]));
  }

  /** A fund's contributions and the adjustments correcting them (of these syndication users only, when given), summed by `groupBy`. */
  function contributions(fundId: number, syndUserIds: number[] | undefined, until: string | undefined, groupBy: 'syndUser' | 'day'): Knex.QueryBuilder {
    const entries = tableOf(strapi, LEDGER_ENTRY);
    const owners = linkTableOf(strapi, LEDGER_ENTRY, 'syndUser');
    const funds = linkTableOf(strapi, LEDGER_ENTRY, 'fund');
    const corrects = linkTableOf(strapi, LEDGER_ENTRY, 'corrects');
    const day = `e.${columnOf(strapi, LEDGER_ENTRY, 'effective_date')}`;
    return knex()(`${entries} as e`)
      .join(`${funds.name} as f`, `f.${funds.owner}`, 'e.id')
      .join(`${owners.name} as o`, `o.${owners.owner}`, 'e.id')
      .leftJoin(`${corrects.name} as c`, `c.${corrects.owner}`, 'e.id')
      .leftJoin(`${entries} as corrected`, 'corrected.id', `c.${corrects.target}`)
      .where(`f.${funds.target}`, fundId)
      .modify((query) => {
        if (syndUserIds) query.whereIn(`o.${owners.target}`, syndUserIds);
        if (until) query.where(day, '<=', until);
        if (groupBy === 'day') query.groupBy(day).select({ day });
      })
      .where((query) => query.where('e.type', 'contribution').orWhere((adjustment) => adjustment.where('e.type', 'adjustment').where('corrected.type', 'contribution')))
      .groupBy(`o.${owners.target}`)
      .select({ syndUser: `o.${owners.target}` })
      .sum({ total: 'e.amount_cents' });
  }

  /** Contributions (and their corrections) per syndication user of a fund (of these only, when given), by `until` when given. One query. */
  async function fundedBySyndUser(fundId: number, syndUserIds?: number[], until?: string): Promise<Map<number, number>> {
    const rows = await read<{ syndUser: number | string; total: number | string | null }[]>(contributions(fundId, syndUserIds, until, 'syndUser'));
    return new Map(rows.map((row) => [Number(row.syndUser), cents(row.total)]));
  }

  /**
   * What each syndication user of a fund had contributed by each of these days (with corrections), from one query
   * of the fund's contributions per user and day, however many days.
   */
  async function fundedByDays(fundId: number, days: string[]): Promise<Map<string, Map<number, number>>> {
    const rows = await read<{ syndUser: number | string; day: string; total: number | string | null }[]>(contributions(fundId, undefined, undefined, 'day'));
    const dated = rows.map((row) => ({ syndUser: Number(row.syndUser), day: String(row.day).slice(0, 10), cents: cents(row.total) }));
    return new Map(days.map((day) => {
      const funded = new Map<number, number>();
      for (const row of dated.filter((each) => each.day <= day)) funded.set(row.syndUser, (funded.get(row.syndUser) ?? 0) + row.cents);
      return [day, funded];
    }));
  }

  /**
   * An event's allocation table: its total shared to the cent among the fund's investors by its basis (a percent call:
   * that percent of the commitments, shared by commitment). A capital call that would ask anyone for more than is
   * left of their commitment (committed - funded - called and unpaid) is refused.
   */
  async function allocate(event: Pick<FundEventRow, 'type' | 'total_cents' | 'percent' | 'basis'>, fundId: number): Promise<AllocationLine[]> {
    const taking = await positions(fundId);
    const byPercent = event.total_cents === null || event.total_cents === undefined;
    const basis: Basis = byPercent ? 'commitment' : event.basis ?? 'commitment';
    const baseOf = (position: Position) => (basis === 'funded' ? position.fundedCents : position.commitmentCents);
    const bases = taking.map((position) => ({ key: position.documentId, baseCents: Math.max(0, baseOf(position)) }));
    const sum = bases.reduce((acc, base) => acc + base.baseCents, 0);
    if (sum === 0) throw new errors.ApplicationError(basis === 'funded' ? 'Nobody has funded this fund yet: share by commitment instead' : 'This fund has no completed commitments to share among');
    // The percent in hundredths, exactly (two decimals at most): the total rounded to the cent once, in whole numbers.
    const total = byPercent ? Number((BigInt(sum) * BigInt(Math.round(Number(event.percent) * 100)) + 5_000n) / 10_000n) : cents(event.total_cents);
    const shares = shareByLargestRemainder(total, bases);
    const lines = taking.map((position, index) => ({
      syndUser: { id: position.id, documentId: position.documentId },
      investor: { name: position.name, email: position.email },
      base_cents: shares[index].baseCents,
      share: Math.round((shares[index].baseCents / sum) * 1e6) / 1e6,
      amount_cents: shares[index].cents,
    }));
    if (event.type === 'capital_call') {
      const over = taking.find((position, index) => lines[index].amount_cents > 0 && position.fundedCents + position.calledCents + lines[index].amount_cents > position.commitmentCents);
      if (over) {
        const asked = lines[taking.indexOf(over)].amount_cents;
        throw new errors.ValidationError(
          `This call asks ${over.name || over.email || over.documentId} for ${usd(asked)}, more than is left of their commitment: ${usd(over.commitmentCents)} committed, ${usd(over.fundedCents)} funded, ${usd(over.calledCents)} called and unpaid`,
        );
      }
    }
    return lines;
  }

  async function readEvent(id: string | number): Promise<FundEventRow> {
    if (!isRowId(id)) throw new errors.NotFoundError('Fund event not found');
    const event = (await strapi.db.query(FUND_EVENT).findOne({ where: byId(id), populate: { fund: { select: ['id', 'documentId', 'name'] } } })) as FundEventRow | null;
    if (!event) throw new errors.NotFoundError('Fund event not found');
    return event;
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
      populate: { syndUser: { select: ['id', 'documentId', 'userFirstName', 'userLastName'], populate: { user: { select: ['email', 'firstName', 'lastName'] } } } },
      orderBy: { id: 'asc' },
    })) as { amount_cents: string | number; paymentKey?: string | null; syndUser: { id: number; documentId: string; userFirstName: string | null; userLastName: string | null; user: { email: string; firstName: string | null; lastName: string | null } | null } | null }[];
    const paid = call ? await paymentsOf(rows.map((row) => row.paymentKey ?? '')) : new Map<string, string>();
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

  /** The day each of these payment keys was paid (the effective date of the ledger entry carrying it), 500 at a time. */
  async function paymentsOf(keys: string[]): Promise<Map<string, string>> {
    const paid = new Map<string, string>();
    for (let start = 0; start < keys.length; start += 500) {
      const rows = (await strapi.db.query(LEDGER_ENTRY).findMany({ where: { entryKey: { $in: keys.slice(start, start + 500) } }, select: ['entryKey', 'effective_date'] })) as { entryKey: string; effective_date: string }[];
      for (const row of rows) paid.set(row.entryKey, String(row.effective_date).slice(0, 10));
    }
    return paid;
  }

  /**
   * Money written for funds depends on their totals (what is left of each commitment): one transaction that every
   * writer of these funds' money (posting, funding, adjustments, valuations, imports) takes in turn (TURNS.fundMoney,
   * its own purpose: investors' decisions change commitments not countersigned yet, which hold no money, so they do
   * not wait for a long import). An entry is written once under its unique key: a second writer of the same key at the
   * same moment gets a 409 saying `twice`.
   */
  async function inFundTurn<T>(fundIds: number | number[], work: () => Promise<T>, twice?: string): Promise<T> {
    try {
      return await inTurn(strapi, [TURNS.fundMoney, fundIds], work);
    } catch (error) {
      if (twice && isUniqueViolation(error)) throw conflict(twice);
      throw error;
    }
  }

  /** A valuation with, when given as a total value, each syndication user's part of it in cents. */
  type SharedValuation = { date: string; valuePercent: number; shares: Map<number, number> | null };

  /**
   * Each fund's valuations, oldest first: one given as a total value is shared among all the fund's investors by the
   * capital each had contributed by its date, to the cent (largest remainder, ties by id), so the investors' parts add
   * up to the total exactly. One query, and one per fund with a total valuation.
   */
  async function valuationShares(fundIds: number[]): Promise<Map<number, SharedValuation[]>> {
    const byFund = new Map<number, SharedValuation[]>();
    if (!fundIds.length) return byFund;
    const rows = (await strapi.db.query(VALUATION).findMany({
      where: { fund: { id: { $in: fundIds } } },
      select: ['date', 'value_percent', 'total_value_cents'],
      populate: { fund: { select: ['id'] } },
      orderBy: [{ date: 'asc' }, { id: 'asc' }],
    })) as { date: string; value_percent: string | number | null; total_value_cents: string | number | null; fund: { id: number } | null }[];
    const totalOf = (row: (typeof rows)[number]) => {
      const total = cents(row.total_value_cents);
      return row.total_value_cents !== null && row.total_value_cents !== undefined && Number.isSafeInteger(total) && total >= 0 ? total : null;
    };
    const funded = new Map<number, Map<string, Map<number, number>>>();
    for (const fund of new Set(rows.filter((row) => row.fund && totalOf(row) !== null).map((row) => row.fund!.id))) {
      funded.set(fund, await fundedByDays(fund, rows.filter((row) => row.fund?.id === fund && totalOf(row) !== null).map((row) => String(row.date).slice(0, 10))));
    }
    for (const row of rows) {
      if (!row.fund || row.value_percent === null) continue;
      const date = String(row.date).slice(0, 10);
      const total = totalOf(row);
      let shares: Map<number, number> | null = null;
      const contributed = total === null ? [] : [...(funded.get(row.fund.id)?.get(date) ?? new Map<number, number>()).entries()].sort(([a], [b]) => a - b);
      const bases = contributed.map(([id, base]) => ({ key: String(id).padStart(12, '0'), baseCents: Math.max(0, base) }));
      // Nobody had contributed by its date (a total the desk took before it refused one): nothing to share, so its
      // stored percent stands, and every reader (dashboard, statement, import) still answers.
      if (total !== null && bases.some((base) => base.baseCents > 0)) {
        const parts = shareByLargestRemainder(total, bases);
        shares = new Map(contributed.map(([id], index) => [id, parts[index].cents]));
      }
      byFund.set(row.fund.id, [...(byFund.get(row.fund.id) ?? []), { date, valuePercent: Number(row.value_percent), shares }]);
    }
    return byFund;
  }

  /** A valuation as these syndication users hold it: a total value's part theirs (`valueCents`). */
  const heldBy = ({ date, valuePercent, shares }: SharedValuation, owners: number[]): ValuationPoint => (shares
    ? { date, valuePercent, valueCents: owners.reduce((sum, id) => sum + (shares.get(id) ?? 0), 0) }
    : { date, valuePercent });

  /** One line of an import, checked and resolved. */
  interface ImportedEntry {
    fund: { id: number; documentId: string; name: string | null };
    syndUser: { id: number; documentId: string; email: string };
    type: LedgerType;
    kind: DistributionKind | null;
    amount_cents: number;
    effective_date: string;
    note: string | null;
    entryKey: string;
    /** The posted capital call this contribution pays (its item's share, to the cent), when it pays one. */
    fundEvent: { id: number; documentId: string } | null;
  }

  /**
   * The unpaid items of a fund's posted capital calls for these syndication users, oldest call first: what an imported
   * contribution of the same amount pays. One query per 500 users.
   */
  async function openItemsOf(fundId: number, syndUserIds: number[]): Promise<Map<number, { paymentKey: string; amount_cents: number; event: { id: number; documentId: string; date: string } }[]>> {
    const open = new Map<number, { paymentKey: string; amount_cents: number; event: { id: number; documentId: string; date: string } }[]>();
    for (let start = 0; start < syndUserIds.length; start += 500) {
      const rows = (await strapi.db.query(CALL_ITEM).findMany({
        where: { fund: { id: fundId }, syndUser: { id: { $in: syndUserIds.slice(start, start + 500) } } },
        select: ['amount_cents', 'paymentKey'],
        populate: { syndUser: { select: ['id'] }, fundEvent: { select: ['id', 'documentId', 'date', 'state'] } },
      })) as { amount_cents: string | number; paymentKey: string; syndUser: { id: number } | null; fundEvent: { id: number; documentId: string; date: string; state: string } | null }[];
      const paid = await paymentsOf(rows.map((row) => row.paymentKey));
      for (const row of rows) {
        if (!row.syndUser || row.fundEvent?.state !== 'posted' || paid.has(row.paymentKey)) continue;
        const item = { paymentKey: row.paymentKey, amount_cents: cents(row.amount_cents), event: { id: row.fundEvent.id, documentId: row.fundEvent.documentId, date: String(row.fundEvent.date).slice(0, 10) } };
        open.set(row.syndUser.id, [...(open.get(row.syndUser.id) ?? []), item].sort((a, b) => a.event.date.localeCompare(b.event.date) || a.event.id - b.event.id));
      }
    }
    return open;
  }

  /** A CSV's lines under its header, each with the file's line it ends on and how many fields it has. */
  type CsvRecord = Record<string, string> & { line: number; fields: number };
  /** An import's CSV read, its columns checked: the accountant's entries or (capitalAccounts) capital accounts. */
  type ImportFile = { header: string[]; records: CsvRecord[]; capitalAccounts: boolean };
  /** A fund an import names; null where the file names no fund staff run. */
  type NamedFund = { id: number; documentId: string; name: string | null } | null;
  /** A fund an import names, with its investors by email (lower case); null where the file names no fund staff run. */
  type ImportFund = (NonNullable<NamedFund> & { investors: Map<string, { id: number; documentId: string; committedCents: number; countersigned: boolean }> }) | null;

  /**
   * Rows as arrays, each with the file's line it ends on: a line with too few or too many fields is that line's
   * problem, not the whole file's (only text no CSV reader can split, such as an unclosed quote, is).
   */
  function readCsv(text: string): ImportFile {
    let parsed: { record: string[]; info: { lines: number } }[];
    try {
      parsed = parse(text, { skip_empty_lines: true, trim: true, bom: true, relax_column_count: true, info: true }) as unknown as { record: string[]; info: { lines: number } }[];
    } catch (error) {
      throw new errors.ValidationError(`The CSV cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    }
    const [head, ...rows] = parsed;
    const header = (head?.record ?? []).map((name) => name.trim().toLowerCase());
    if (!rows.length) throw new errors.ValidationError('The CSV has no lines under its header');
    if (rows.length > IMPORT_MAX_LINES) throw new errors.ValidationError(`The CSV has more than ${IMPORT_MAX_LINES} lines: split it`);
    // Capital accounts (a period_start column says so) or the accountant's entries, each with all its columns.
    const capitalAccounts = header.includes('period_start');
    const missing = (capitalAccounts ? CAPITAL_ACCOUNT_COLUMNS : IMPORT_COLUMNS).filter((column) => !header.includes(column));
    if (missing.length) {
      throw new errors.ValidationError(capitalAccounts
        ? `A capital account CSV needs the columns ${CAPITAL_ACCOUNT_COLUMNS.join(', ')} (missing: ${missing.join(', ')}); distribution_kind and note may be added`
        : `The CSV needs the columns ${IMPORT_COLUMNS.join(', ')} (missing: ${missing.join(', ')}); kind and note may be added`);
    }
    const records = rows.map(({ record, info }) => ({ line: info.lines, fields: record.length, ...Object.fromEntries(header.map((name, index) => [name, record[index] ?? ''])) }) as CsvRecord);
    return { header, records, capitalAccounts };
  }

  /** The funds the file names, as staff in `scope` may name them: one query per fund, however many lines. */
  async function fundsNamed(records: CsvRecord[], scope: PortalScope): Promise<Map<string, NamedFund>> {
    const funds = new Map<string, NamedFund>();
    for (const name of new Set(records.map((record) => record.fund))) {
      // A number no row can have (99999999999999999999) names no fund: that line's problem, not the whole file's.
      const nameable = name && (!/^\d+$/.test(name) || isRowId(name));
      const found = nameable ? ((await strapi.db.query(FUND).findOne({ where: fundWhere(name), select: ['id', 'documentId', 'name'] })) as NamedFund) : null;
      // Another portal's fund is as unknown to staff who do not run it as one that does not exist.
      funds.set(name, found && (await targetInScope(strapi, scope, 'fund', found.id)) ? found : null);
    }
    return funds;
  }

  /** The named funds with their investors: one query per fund. */
  async function fundsOf(named: Map<string, NamedFund>): Promise<Map<string, ImportFund>> {
    const funds = new Map<string, ImportFund>();
    for (const [name, fund] of named) {
      if (!fund) {
        funds.set(name, null);
        continue;
      }
      const rows = (await strapi.db.query(SYND_USER).findMany({
        where: { fund: { id: fund.id }, invest_status: INVEST_STATUS.accepted },
        select: ['id', 'documentId', 'invest_amount', 'sa_complete_date'],
        populate: { user: { select: ['email'] } },
        orderBy: { id: 'asc' },
      })) as { id: number; documentId: string; invest_amount: string | number | null; sa_complete_date: string | null; user: { email: string } | null }[];
      const investors = new Map<string, { id: number; documentId: string; committedCents: number; countersigned: boolean }>();
      for (const row of rows) {
        if (row.user && !investors.has(row.user.email.toLowerCase())) investors.set(row.user.email.toLowerCase(), { id: row.id, documentId: row.documentId, committedCents: dollarsToCents(row.invest_amount), countersigned: Boolean(row.sa_complete_date) });
      }
      funds.set(name, { ...fund, investors });
    }
    return funds;
  }

  /**
   * What every line of either format must be: as many fields as the header, a fund staff run, an investor committed
   * to it whose agreement is countersigned. Pushes the line's problems; answers the fund and investor when it is.
   */
  function lineOwner(record: CsvRecord, header: string[], funds: Map<string, ImportFund>, problem: (message: string) => void) {
    if (record.fields !== header.length) {
      problem(`${record.fields} field${record.fields === 1 ? '' : 's'} where the header has ${header.length}: a comma too many or too few`);
      return null;
    }
    const fund = funds.get(record.fund);
    const email = (record.investor_email ?? '').toLowerCase();
    const investor = fund?.investors.get(email);
    if (!record.fund) problem('fund is required');
    else if (!fund) problem(`unknown fund ${record.fund}`);
    else if (!investor) problem(`unknown investor: ${record.investor_email || '(no email)'} has no commitment to ${fund.name ?? record.fund}`);
    else if (!investor.countersigned) problem(`the subscription agreement of ${record.investor_email} to ${fund.name ?? record.fund} is not countersigned yet: countersign it before recording its money`);
    return fund && investor && investor.countersigned ? { fund, investor, email } : null;
  }

  /**
   * An accountant's capital accounts (docs/capital-accounts.md, Imports): per investor and period, the contributions,
   * distributions and fees of the period and the closing balance, reconciled with the ledger. What the ledger holds
   * already is not written again; what the file has more of becomes an entry dated the period's end (a distribution
   * of `distribution_kind`); less than the ledger, or a closing balance other than the ledger's roll-forward with those
   * entries (opening + contributions - distributions + change in value), is that line's problem.
   */
  async function checkCapitalAccounts({ header, records }: ImportFile, funds: Map<string, ImportFund>): Promise<{ lines: { line: number; entry: ImportedEntry }[]; problems: { line: number; message: string }[] }> {
    const problems: { line: number; message: string }[] = [];
    const checked: { record: CsvRecord; fund: NonNullable<ImportFund>; investor: { id: number; documentId: string; committedCents: number }; email: string; figures: Record<'contributions' | 'distributions' | 'fees' | 'closing_balance', number> }[] = [];
    const seen = new Map<string, number>();
    for (const record of records) {
      const problem = (message: string) => problems.push({ line: record.line, message });
      const before = problems.length;
      const owner = lineOwner(record, header, funds, problem);
      if (record.fields !== header.length) continue;
      if (!isIsoDate(record.period_start)) problem(`bad period_start ${record.period_start || '(empty)'}: a date like 2026-01-01`);
      if (!isIsoDate(record.period_end)) problem(`bad period_end ${record.period_end || '(empty)'}: a date like 2026-03-31`);
      else if (isIsoDate(record.period_start) && record.period_end < record.period_start) problem('period_end is before period_start');
      const figures = {} as Record<'contributions' | 'distributions' | 'fees' | 'closing_balance', number>;
      for (const column of ['contributions', 'distributions', 'fees', 'closing_balance'] as const) {
        if (!/^\d{1,12}(\.\d{1,2})?$/.test(record[column] ?? '')) problem(`bad ${column} ${record[column] || '(empty)'}: dollars and cents, zero or more, like 1250.00`);
        else figures[column] = Math.round(Number(record[column]) * 100);
      }
      if (record.distribution_kind && !DISTRIBUTION_KINDS.includes(record.distribution_kind as DistributionKind)) problem(`distribution_kind must be one of ${DISTRIBUTION_KINDS.join(', ')}`);
      if ((record.note ?? '').length > 2000) problem('note is longer than 2000 characters');
      if (problems.length > before || !owner) continue;
      const key = JSON.stringify([owner.fund.id, owner.investor.id, record.period_start, record.period_end]);
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        problem(`duplicate of line ${earlier}`);
        continue;
      }
      seen.set(key, record.line);
      checked.push({ record, ...owner, figures });
    }
    const ledgers = await ledger(strapi).linesBySyndUser([...new Set(checked.map((each) => each.investor.id))]);
    // Read once per fund, not per line: the valuations' shares and what calls ask and is not paid (the file's lines pay none).
    const fundIds = [...new Set(checked.map((each) => each.fund.id))];
    const valuations = await valuationShares(fundIds);
    const calledOf = new Map<number, Map<number, number>>();
    for (const fund of fundIds) calledOf.set(fund, await openCalledBySyndUser(fund));
    const lines: { line: number; entry: ImportedEntry }[] = [];
    // A file's periods of one investor in date order: each period's entries count in the next one's balances.
    checked.sort((a, b) => a.record.period_start.localeCompare(b.record.period_start) || a.record.line - b.record.line);
    for (const { record, fund, investor, email, figures } of checked) {
      const problem = (message: string) => problems.push({ line: record.line, message });
      const held = ledgers.get(investor.id) ?? [];
      const inPeriod = ledgerTotals(held.filter((each) => each.date >= record.period_start && each.date <= record.period_end));
      const differences = [
        { type: 'contribution' as const, column: 'contributions', file: figures.contributions, ledger: inPeriod.contributedCents },
        { type: 'distribution' as const, column: 'distributions', file: figures.distributions, ledger: inPeriod.distributedCents },
        { type: 'fee' as const, column: 'fees', file: figures.fees, ledger: inPeriod.feesCents },
      ];
      const before = problems.length;
      for (const each of differences.filter((difference) => difference.file < difference.ledger)) {
        problem(`${each.column} ${usd(each.file)} is less than the ledger's ${usd(each.ledger)} for the period: correct the ledger on the desk with an adjustment`);
      }
      const kind = (record.distribution_kind || null) as DistributionKind | null;
      const distributionMissing = figures.distributions - inPeriod.distributedCents;
      if (distributionMissing > 0 && !kind) problem(`distribution_kind is required to record the ${usd(distributionMissing)} of distributions the ledger does not have`);
      if (problems.length > before) continue;
      const entries = differences.filter((each) => each.file > each.ledger).map((each) => ({
        fund: { id: fund.id, documentId: fund.documentId, name: fund.name },
        syndUser: { id: investor.id, documentId: investor.documentId, email },
        type: each.type as LedgerType, kind: each.type === 'distribution' ? kind : null, amount_cents: each.file - each.ledger, effective_date: record.period_end,
        note: record.note || `Capital account ${record.period_start} to ${record.period_end}`,
        entryKey: `capital-account:${investor.documentId}:${record.period_start}:${record.period_end}:${each.type}`, fundEvent: null,
      }));
      const after = [...held, ...entries.map((entry) => ({ type: entry.type, kind: entry.kind, amountCents: entry.amount_cents, date: entry.effective_date }))];
      const account = capitalAccountFor(after, (valuations.get(fund.id) ?? []).map((valuation) => heldBy(valuation, [investor.id])), record.period_start, record.period_end);
      if (account.closing !== figures.closing_balance) {
        problem(`closing_balance ${usd(figures.closing_balance)} does not match the roll-forward: opening ${usd(account.opening)} + contributions ${usd(account.contributions)} - distributions ${usd(account.distributions)} + change in value ${usd(account.valueChange)} = ${usd(account.closing)}`);
        continue;
      }
      const added = entries.find((entry) => entry.type === 'contribution');
      if (added) {
        const funded = ledgerTotals(held).contributedCents;
        const called = calledOf.get(fund.id)?.get(investor.id) ?? 0;
        if (funded + called + added.amount_cents > investor.committedCents) {
          problem(`more than is left of the commitment of ${email}: ${usd(investor.committedCents)} committed, ${usd(funded + called)} funded or called before this line`);
          continue;
        }
      }
      ledgers.set(investor.id, after);
      for (const entry of entries) lines.push({ line: record.line, entry });
    }
    problems.sort((a, b) => a.line - b.line);
    return { lines, problems };
  }

  /** Every line of an import checked against the ledger of the funds it names (`named`, read once per import). */
  async function checkImport(file: ImportFile, named: Map<string, NamedFund>): Promise<{ lines: { line: number; entry: ImportedEntry }[]; problems: { line: number; message: string }[] }> {
    const funds = await fundsOf(named);
    if (file.capitalAccounts) return checkCapitalAccounts(file, funds);
    const { header, records } = file;

    const problems: { line: number; message: string }[] = [];
    const lines: { line: number; entry: ImportedEntry }[] = [];
    const seen = new Map<string, number>();
    records.forEach((record) => {
      const { line } = record;
      const problem = (message: string) => problems.push({ line, message });
      if (record.fields !== header.length) return lineOwner(record, header, funds, problem);
      const type = record.type as LedgerType;
      const kind = (record.kind || null) as DistributionKind | null;
      const before = problems.length;
      const owner = lineOwner(record, header, funds, problem);
      if (!IMPORT_TYPES.includes(type)) problem(`type must be one of ${IMPORT_TYPES.join(', ')}`);
      if (type === 'distribution' && !DISTRIBUTION_KINDS.includes(kind as DistributionKind)) problem(`kind must be one of ${DISTRIBUTION_KINDS.join(', ')} for a distribution`);
      if (type !== 'distribution' && kind) problem('only a distribution has a kind');
      if (!/^\d{1,12}(\.\d{1,2})?$/.test(record.amount ?? '') || Number(record.amount) === 0) problem(`bad amount ${record.amount || '(empty)'}: dollars and cents above zero, like 1250.00`);
      if (!isIsoDate(record.effective_date)) problem(`bad effective_date ${record.effective_date || '(empty)'}: a date like 2026-03-31`);
      if ((record.note ?? '').length > 2000) problem('note is longer than 2000 characters');
      if (problems.length > before || !owner) return;
      const { fund, investor, email } = owner;
      const entry = {
        fund: { id: fund.id, documentId: fund.documentId, name: fund.name },
        syndUser: { id: investor.id, documentId: investor.documentId, email },
        type, kind, amount_cents: Math.round(Number(record.amount) * 100), effective_date: record.effective_date, note: record.note || null,
      };
      // The same money twice is a duplicate whatever its note says.
      const fingerprint = crypto.createHash('sha256').update(JSON.stringify([entry.fund.id, entry.syndUser.id, type, kind, entry.amount_cents, entry.effective_date])).digest('hex').slice(0, 40);
      const earlier = seen.get(fingerprint);
      if (earlier !== undefined) return problem(`duplicate of line ${earlier}`);
      seen.set(fingerprint, line);
      lines.push({ line, entry: { ...entry, entryKey: `import:${fingerprint}`, fundEvent: null } });
    });
    // A contribution of exactly an unpaid call's share pays that call (the oldest such), as the desk's funding of the
    // call does: under the call's payment key, so the same money is never counted twice, however it comes in.
    for (const fund of new Set(lines.filter(({ entry }) => entry.type === 'contribution').map(({ entry }) => entry.fund.id))) {
      const ofFund = lines.filter(({ entry }) => entry.type === 'contribution' && entry.fund.id === fund);
      const open = await openItemsOf(fund, [...new Set(ofFund.map(({ entry }) => entry.syndUser.id))]);
      for (const { entry } of ofFund) {
        const items = open.get(entry.syndUser.id) ?? [];
        const item = items.find((each) => each.amount_cents === entry.amount_cents && each.event.date <= entry.effective_date);
        if (!item) continue;
        items.splice(items.indexOf(item), 1);
        Object.assign(entry, { entryKey: item.paymentKey, fundEvent: { id: item.event.id, documentId: item.event.documentId }, note: entry.note ?? `Capital call of ${item.event.date}` });
      }
      // Money for the commitment itself is never more than is left of it once the calls still unpaid are paid, as on
      // the desk: the ledger's contributions, the calls not paid, and the file's lines before this one.
      const ids = [...new Set(ofFund.map(({ entry }) => entry.syndUser.id))];
      const [funded, called] = await Promise.all([fundedBySyndUser(fund, ids), openCalledBySyndUser(fund, ids)]);
      const committed = new Map([...(funds.values())].flatMap((each) => (each?.id === fund ? [...each.investors.values()] : [])).map((each) => [each.id, each.committedCents]));
      for (const { line, entry } of ofFund) {
        if (entry.fundEvent) continue;
        const id = entry.syndUser.id;
        const total = (funded.get(id) ?? 0) + (called.get(id) ?? 0) + entry.amount_cents;
        funded.set(id, (funded.get(id) ?? 0) + entry.amount_cents);
        if (total > (committed.get(id) ?? 0)) {
          problems.push({ line, message: `more than is left of the commitment of ${entry.syndUser.email}: ${usd(committed.get(id) ?? 0)} committed, ${usd(total - entry.amount_cents)} funded or called before this line` });
        }
      }
    }
    // Money the ledger holds already: a line imported before (its key), a call paid already, or the same entry recorded
    // on the desk (same investor, type, kind, date and amount).
    for (let start = 0; start < lines.length; start += 500) {
      const batch = lines.slice(start, start + 500);
      const known = (await strapi.db.query(LEDGER_ENTRY).findMany({ where: { entryKey: { $in: batch.map(({ entry }) => entry.entryKey) } }, select: ['entryKey'] })) as { entryKey: string }[];
      const keys = new Set(known.map((row) => row.entryKey));
      const recorded = (await strapi.db.query(LEDGER_ENTRY).findMany({
        where: { syndUser: { id: { $in: [...new Set(batch.map(({ entry }) => entry.syndUser.id))] } }, effective_date: { $in: [...new Set(batch.map(({ entry }) => entry.effective_date))] } },
        select: ['type', 'kind', 'amount_cents', 'effective_date'],
        populate: { syndUser: { select: ['id'] } },
      })) as { type: string; kind: string | null; amount_cents: string | number; effective_date: string; syndUser: { id: number } | null }[];
      const same = new Set(recorded.map((row) => JSON.stringify([row.syndUser?.id, row.type, row.kind ?? null, cents(row.amount_cents), String(row.effective_date).slice(0, 10)])));
      for (const { line, entry } of batch) {
        if (keys.has(entry.entryKey)) problems.push({ line, message: 'duplicate: already in the ledger (imported before)' });
        else if (same.has(JSON.stringify([entry.syndUser.id, entry.type, entry.kind, entry.amount_cents, entry.effective_date]))) problems.push({ line, message: 'duplicate: the ledger has this entry already (same investor, type, date and amount)' });
      }
    }
    problems.sort((a, b) => a.line - b.line);
    const bad = new Set(problems.map((each) => each.line));
    return { lines: lines.filter(({ line }) => !bad.has(line)), problems };
  }

  /** The distribution an imported line belongs to: its fund, day and kind. */
  const distributionKey = (entry: Pick<ImportedEntry, 'fund' | 'effective_date' | 'kind'>) => `${entry.fund.id}:${entry.effective_date}:${entry.kind}`;

  /**
   * An accountant's distributions as the desk's: one posted distribution event per fund, day and kind of the file's
   * lines (its total their sum, 'Imported' its note), which the lines' entries name, so their investors get the notices
   * a posted distribution sends and the desk lists it with its allocation. In the caller's transaction; answers each
   * event's id by distributionKey.
   */
  async function importedDistributions(entries: ImportedEntry[], staffName: string): Promise<Map<string, number>> {
    const groups = new Map<string, ImportedEntry[]>();
    for (const entry of entries.filter((each) => each.type === 'distribution')) groups.set(distributionKey(entry), [...(groups.get(distributionKey(entry)) ?? []), entry]);
    const events = new Map<string, number>();
    for (const [key, group] of groups) {
      const [{ fund, effective_date: date, kind }] = group;
      const event = (await strapi.db.query(FUND_EVENT).create({
        data: {
          fund: fund.id, type: 'distribution', date, total_cents: group.reduce((sum, each) => sum + each.amount_cents, 0), basis: null, kind, state: 'posted',
          note: 'Imported from the accountant’s CSV', createdByName: staffName, postedByName: staffName, posted_at: new Date(),
        },
      })) as { id: number };
      events.set(key, event.id);
    }
    return events;
  }

  /**
   * Funds transfer completed (the spec's `ft_complete_date`, what makes a commitment Funded on the board): the day the
   * money asked of it had all arrived: its whole commitment, or a capital call's share (each call paid completes what
   * was asked so far). Part of a commitment paid directly leaves it empty (the desk still offers the rest and reminds
   * to fund it). Read in the writing transaction, after the money is written.
   */
  async function completes(syndUser: number, fund: number, committedCents: number, paysCall: boolean): Promise<boolean> {
    return paysCall || ((await fundedBySyndUser(fund, [syndUser])).get(syndUser) ?? 0) >= committedCents;
  }

  /**
   * Imported contributions move their commitments' funds-transfer dates as a confirmed funding does: `ft_start_date`
   * to the first money in, `ft_complete_date` to the latest once the money asked has all arrived. One read per 500
   * commitments, one write per commitment whose dates change; in the caller's transaction.
   */
  async function extendTransferDates(contributions: { syndUser: number; fund: number; date: string; paysCall: boolean }[]): Promise<void> {
    const span = new Map<number, { fund: number; first: string; last: string; paysCall: boolean }>();
    for (const { syndUser, fund, date, paysCall } of contributions) {
      const known = span.get(syndUser);
      span.set(syndUser, { fund, first: known && known.first < date ? known.first : date, last: known && known.last > date ? known.last : date, paysCall: paysCall || (known?.paysCall ?? false) });
    }
    const ids = [...span.keys()];
    for (let start = 0; start < ids.length; start += 500) {
      const rows = (await strapi.db.query(SYND_USER).findMany({ where: { id: { $in: ids.slice(start, start + 500) } }, select: ['id', 'invest_amount', 'ft_start_date', 'ft_complete_date'] })) as { id: number; invest_amount: string | number | null; ft_start_date: string | null; ft_complete_date: string | null }[];
      for (const row of rows) {
        const { fund, first, last, paysCall } = span.get(row.id)!;
        const day = (value: string | null) => (value ? String(value).slice(0, 10) : null);
        const complete = (day(row.ft_complete_date) === null || day(row.ft_complete_date)! < last) && (await completes(row.id, fund, dollarsToCents(row.invest_amount), paysCall));
        const data = {
          ...(day(row.ft_start_date) === null || day(row.ft_start_date)! > first ? { ft_start_date: new Date(`${first}T00:00:00Z`) } : {}),
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
  async function transferDatesAfter(syndUser: number, fund: number, corrected: { entryKey: string | null; heldCents: number }, date: string): Promise<void> {
    // Read in the fund's turn: a funding or correction written just before moved these dates.
    const row = (await strapi.db.query(SYND_USER).findOne({ where: { id: syndUser }, select: ['invest_amount', 'ft_start_date', 'ft_complete_date'] })) as { invest_amount: string | number | null; ft_start_date: string | null; ft_complete_date: string | null };
    const funded = (await fundedBySyndUser(fund, [syndUser])).get(syndUser) ?? 0;
    if (funded <= 0) {
      await strapi.db.query(SYND_USER).update({ where: { id: syndUser }, data: { ft_start_date: null, ft_complete_date: null } });
      return;
    }
    const item = corrected.entryKey ? ((await strapi.db.query(CALL_ITEM).findOne({ where: { paymentKey: corrected.entryKey }, select: ['amount_cents'] })) as { amount_cents: string | number } | null) : null;
    const byCalls = item ? corrected.heldCents >= cents(item.amount_cents) : Boolean(row.ft_complete_date) && (await strapi.db.query(CALL_ITEM).count({ where: { syndUser: { id: syndUser } } })) > 0;
    const complete = funded >= dollarsToCents(row.invest_amount) || byCalls;
    const day = new Date(`${date}T00:00:00Z`);
    // Money in again after a correction took it all away: its transfer started again that day.
    const data = {
      ...(row.ft_start_date ? {} : { ft_start_date: day }),
      ...(complete === Boolean(row.ft_complete_date) ? {} : { ft_complete_date: complete ? day : null }),
    };
    if (Object.keys(data).length) await strapi.db.query(SYND_USER).update({ where: { id: syndUser }, data });
  }

  /**
   * Money for a commitment is never more than is left of it once the calls still unpaid are paid: 400 naming `what`
   * (and `hint`) otherwise. Run in the writing transaction, in the fund's turn.
   */
  async function refuseBeyondCommitment(row: Pick<Commitment, 'id' | 'invest_amount' | 'fund'>, amountCents: number, what: string, hint = ''): Promise<void> {
    const funded = (await fundedBySyndUser(row.fund.id, [row.id])).get(row.id) ?? 0;
    const called = (await openCalledBySyndUser(row.fund.id, [row.id])).get(row.id) ?? 0;
    const committed = dollarsToCents(row.invest_amount);
    if (funded + called + amountCents > committed) {
      throw new errors.ValidationError(`${what} of ${usd(amountCents)} is more than is left of the commitment: ${usd(committed)} committed, ${usd(funded)} funded, ${usd(called)} called and unpaid${hint}`);
    }
  }

  /** A commitment the desk records money for: accepted, its agreement countersigned (complete). */
  interface Commitment {
    id: number;
    documentId: string;
    invest_amount: string | number | null;
    fund: { id: number };
  }

  /**
   * The money arrived: a contribution dated the day it arrived, in one transaction with the commitment's
   * funds-transfer dates (extendTransferDates). Written once under its key: a key written before is refused with
   * `twice` (400), a second writer of it at the same moment gets a 409.
   */
  async function receive(row: Pick<Commitment, 'id' | 'fund'>, data: { amount_cents: number; date: string; note: string; entryKey: string; fundEvent?: number }, staffName: string, twice: string, check?: () => Promise<void>) {
    const entry = await inFundTurn(row.fund.id, async () => {
      // Checked where it is written: a request that waited for its turn finds what the one before it wrote.
      if (await strapi.db.query(LEDGER_ENTRY).findOne({ where: { entryKey: data.entryKey }, select: ['id'] })) throw new errors.ApplicationError(twice);
      await check?.();
      await recordFundedBeforeLedger(row.fund.id, staffName, new Set([row.id]));
      const created = (await strapi.db.query(LEDGER_ENTRY).create({
        data: { syndUser: row.id, fund: row.fund.id, type: 'contribution', amount_cents: data.amount_cents, effective_date: data.date, note: data.note, entryKey: data.entryKey, fundEvent: data.fundEvent ?? null, recordedBy: staffName },
      })) as { id: number; documentId: string };
      await extendTransferDates([{ syndUser: row.id, fund: row.fund.id, date: data.date, paysCall: data.fundEvent !== undefined }]);
      return created;
    }, twice);
    return { id: entry.id, documentId: entry.documentId, type: 'contribution', amount_cents: data.amount_cents, effective_date: data.date };
  }

  /**
   * The money of a posted capital call arrived: the contribution that pays this investor's item of the call, dated
   * the day it arrived and linked to the call, closes it. The amount must be the share called (a difference is an
   * adjustment staff record).
   */
  async function fundCall(row: Commitment, input: { fundEvent: string | number; amount_cents: number; date: string }, staffName: string) {
    const event = await readEvent(input.fundEvent);
    if (event.type !== 'capital_call' || event.state !== 'posted' || event.fund?.id !== row.fund.id) throw new errors.ApplicationError('fundEvent must be a posted capital call of this commitment’s fund');
    const item = (await strapi.db.query(CALL_ITEM).findOne({ where: { fundEvent: { id: event.id }, syndUser: { id: row.id } }, select: ['id', 'amount_cents', 'paymentKey'] })) as
      | { id: number; amount_cents: string | number; paymentKey: string }
      | null;
    if (!item) throw new errors.ApplicationError('This capital call has no share for this commitment');
    if (cents(item.amount_cents) !== input.amount_cents) throw new errors.ApplicationError(`The amount differs from the share called (${cents(item.amount_cents)} cents): record the difference as an adjustment`);
    if (input.date < event.date) throw new errors.ValidationError(`date must not be before the call (${event.date})`);
    const entry = await receive(row, { amount_cents: input.amount_cents, date: input.date, note: `Capital call of ${event.date}`, entryKey: item.paymentKey, fundEvent: event.id }, staffName, 'This capital call is funded already');
    return { entry, syndUser: { id: row.id, documentId: row.documentId }, fundEvent: event.documentId };
  }

  const eventView = (event: FundEventRow, allocation: AllocationLine[]) => ({
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
    fundNamed,
    fundedBySyndUser,
    /** For another writer of a fund's money in its turn (the desk's transfer of a position): see recordFundedBeforeLedger. */
    recordFundedBeforeLedger,

    /**
     * A capital call or distribution as a draft, with its allocation table: checked as staff type it (a 400 names the
     * field), written only when the table can be made.
     */
    async draftEvent(input: Record<string, unknown>, staffName: string) {
      const fund = await fundNamed(input.fund);
      const type = input.type;
      if (type !== 'capital_call' && type !== 'distribution') throw new errors.ValidationError("type must be 'capital_call' or 'distribution'");
      if (!isIsoDate(input.date)) throw new errors.ValidationError('date must be a date (YYYY-MM-DD)');
      let dueDate: string | null = null;
      if (type === 'capital_call') {
        if (!isIsoDate(input.due_date)) throw new errors.ValidationError('due_date must be a date (YYYY-MM-DD) for a capital call');
        if (input.due_date < input.date) throw new errors.ValidationError('due_date must not be before date');
        dueDate = input.due_date;
      } else if (input.due_date !== undefined && input.due_date !== null) {
        throw new errors.ValidationError('A distribution has no due_date');
      }
      const hasTotal = input.total_cents !== undefined && input.total_cents !== null;
      const hasPercent = input.percent !== undefined && input.percent !== null;
      if (hasTotal === hasPercent) throw new errors.ValidationError('Give either total_cents or percent');
      if (hasTotal && !isWholeCents(input.total_cents)) throw new errors.ValidationError('total_cents must be a whole number of cents above zero');
      if (hasPercent) {
        if (type !== 'capital_call') throw new errors.ValidationError('A distribution is a total (total_cents), not a percent');
        if (typeof input.percent !== 'number' || !(input.percent > 0 && input.percent <= 100)) throw new errors.ValidationError('percent must be a number above 0 and at most 100');
        if (!hasTwoDecimalsAtMost(input.percent)) throw new errors.ValidationError('percent must have at most 2 decimals (like 33.33)');
      }
      const basis: unknown = input.basis ?? (type === 'capital_call' ? 'commitment' : 'funded');
      if (basis !== 'funded' && basis !== 'commitment') throw new errors.ValidationError("basis must be 'funded' or 'commitment'");
      if (hasPercent && basis !== 'commitment') throw new errors.ValidationError('A percent call is a percent of each commitment: its basis is commitment (give total_cents to share by funded capital)');
      let kind: DistributionKind | null = null;
      if (type === 'distribution') {
        if (!DISTRIBUTION_KINDS.includes(input.kind as DistributionKind)) throw new errors.ValidationError(`kind must be one of ${DISTRIBUTION_KINDS.join(', ')}`);
        kind = input.kind as DistributionKind;
      } else if (input.kind !== undefined && input.kind !== null) {
        throw new errors.ValidationError('A capital call has no kind');
      }
      if (input.note !== undefined && input.note !== null && (typeof input.note !== 'string' || input.note.length > 2000)) throw new errors.ValidationError('note must be text of at most 2000 characters');
      const terms = { total_cents: hasTotal ? (input.total_cents as number) : null, percent: hasPercent ? (input.percent as number) : null, basis: basis as Basis };
      const allocation = await allocate({ type, ...terms }, fund.id);
      const event = (await strapi.db.query(FUND_EVENT).create({
        data: {
          fund: fund.id, type, date: input.date, due_date: dueDate, ...terms, kind, state: 'draft', note: (input.note as string | undefined) ?? null, createdByName: staffName,
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
    async eventWithAllocation(id: string | number) {
      const event = await readEvent(id);
      if (!event.fund) throw new errors.NotFoundError('Fund event not found');
      if (event.state === 'posted') return eventView(event, await postedLines(event));
      let allocation: AllocationLine[];
      try {
        allocation = await allocate(event, event.fund.id);
      } catch (error) {
        if (!(error instanceof errors.ApplicationError)) throw error;
        return { ...eventView(event, []), total_cents: event.total_cents === null ? null : cents(event.total_cents), problem: error.message };
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
    async postEvent(id: string | number, staffName: string, previewed?: unknown) {
      if (previewed !== undefined && previewed !== null && (typeof previewed !== 'string' || !/^[0-9a-f]{64}$/.test(previewed))) {
        throw new errors.ValidationError('allocationHash must be the allocationHash of the preview (64 hexadecimal characters)');
      }
      const draft = await readEvent(id);
      if (!draft.fund) throw new errors.NotFoundError('Fund event not found');
      // A draft is made on the desk with a total or a percent; one without either (no longer possible) is not posted as nothing.
      if (draft.state === 'draft' && (draft.total_cents === null || draft.total_cents === undefined) && (draft.percent === null || draft.percent === undefined)) {
        throw new errors.ValidationError('This draft has neither a total nor a percent: draft it again on the sponsor desk');
      }
      const expected = (previewed as string | undefined) ?? draft.allocationHash;
      const fund = draft.fund;
      const posted = await inFundTurn(fund.id, async () => {
        const claimed = await read<number>(knex()(tableOf(strapi, FUND_EVENT))
          .where({ id: draft.id, state: 'draft' })
          .update({ state: 'posted', [columnOf(strapi, FUND_EVENT, 'posted_at')]: new Date(), [columnOf(strapi, FUND_EVENT, 'postedByName')]: staffName }));
        if (!claimed) return false;
        const allocation = await allocate(draft, fund.id);
        await recordFundedBeforeLedger(fund.id, staffName);
        // What staff saw is what is posted: funding, commitments or investors that changed since make them look again.
        if (expected && allocationHash(allocation) !== expected) throw conflict(ALLOCATION_CHANGED);
        for (const line of allocation.filter((each) => each.amount_cents > 0)) {
          // A call records what each investor owes; their contribution is written when their money arrives.
          if (draft.type === 'capital_call') {
            await strapi.db.query(CALL_ITEM).create({
              data: {
                fundEvent: draft.id, syndUser: line.syndUser.id, fund: fund.id, amount_cents: line.amount_cents, due_date: draft.due_date,
                itemKey: `call:${draft.documentId}:${line.syndUser.documentId}`, paymentKey: callPaymentKey(draft.documentId, line.syndUser.documentId),
              },
            });
            continue;
          }
          await strapi.db.query(LEDGER_ENTRY).create({
            data: {
              syndUser: line.syndUser.id, fund: fund.id, type: 'distribution', kind: draft.kind, amount_cents: line.amount_cents, effective_date: draft.date,
              note: draft.note, fundEvent: draft.id, entryKey: `event:${draft.documentId}:${line.syndUser.documentId}`, recordedBy: staffName,
            },
          });
        }
        return true;
      });
      const event = await this.eventWithAllocation(draft.id);
      // The notices go after the answer, a batch at a time (a fund may have thousands of investors); the entries
      // stand whatever becomes of them, and an instance that stops half-way leaves the rest to the upkeep.
      const notices = posted
        ? deliverNotices(strapi, draft.id).then(({ delivered }) => delivered, (error: unknown) => {
          strapi.log.error(`The notices of ${draft.documentId} stopped: ${String(error)}`);
          return 0;
        })
        : Promise.resolve(0);
      return { event, postedNow: posted, notices };
    },

    /** Confirms that a commitment's money arrived: a contribution entry, and the funds-transfer date set. */
    async confirmFunding(input: Record<string, unknown>, staffName: string) {
      // The commitment: by its id, or (as the admin page asks) by the fund and the investor's email.
      const byEmail = input.syndUser === undefined && typeof input.investor_email === 'string' && input.fund !== undefined;
      if (!byEmail && (typeof input.syndUser !== 'string' || !input.syndUser) && typeof input.syndUser !== 'number') throw new errors.ValidationError('syndUser is required (or fund and investor_email)');
      if (!isWholeCents(input.amount_cents)) throw new errors.ValidationError('amount_cents must be a whole number of cents above zero');
      if (!isIsoDate(input.date)) throw new errors.ValidationError('date must be a date (YYYY-MM-DD)');
      if (!byEmail && !isRowId(input.syndUser)) throw new errors.ValidationError('syndUser must be an id or documentId');
      const where = byEmail
        ? { fund: { id: (await fundNamed(input.fund)).id }, user: { email: { $eqi: (input.investor_email as string).trim() } }, invest_status: INVEST_STATUS.accepted }
        : byId(input.syndUser as string | number);
      const row = (await strapi.db.query(SYND_USER).findOne({
        where,
        select: ['id', 'documentId', 'invest_status', 'invest_amount', 'sa_complete_date'],
        populate: { fund: { select: ['id'] } },
      })) as (Omit<Commitment, 'fund'> & { invest_status: string | null; sa_complete_date: string | null; fund: { id: number } | null }) | null;
      if (!row || !row.fund) throw new errors.NotFoundError('Commitment not found');
      if (row.invest_status !== INVEST_STATUS.accepted) throw new errors.ApplicationError('This investor has not committed to the fund');
      if (!row.sa_complete_date) throw new errors.ApplicationError('This commitment’s subscription agreement is not countersigned yet: countersign it before recording its money');
      const commitment = { ...row, fund: row.fund };
      if (input.fundEvent !== undefined && input.fundEvent !== null) return fundCall(commitment, input as { fundEvent: string | number; amount_cents: number; date: string }, staffName);
      // Money for the commitment itself: never more than is left of it once the calls still unpaid are paid (checked
      // in the writing transaction, in the fund's turn).
      const withinCommitment = () => refuseBeyondCommitment(commitment, input.amount_cents as number, 'This funding', " (confirm a call's money with its fundEvent)");
      const entryKey = `funding:${row.documentId}:${input.date}:${input.amount_cents}`;
      const entry = await receive(commitment, { amount_cents: input.amount_cents as number, date: input.date as string, note: 'Funding received', entryKey }, staffName, 'This funding is recorded already (same commitment, date and amount)', withinCommitment);
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
      if ((typeof input.corrects !== 'string' || !input.corrects) && typeof input.corrects !== 'number') throw new errors.ValidationError('corrects is required: the entry this adjustment corrects (documentId or id)');
      if (!isRowId(input.corrects)) throw new errors.ValidationError('corrects must be an id or documentId');
      if (typeof input.amount_cents !== 'number' || !Number.isSafeInteger(input.amount_cents) || input.amount_cents === 0) throw new errors.ValidationError('amount_cents must be a whole number of cents, not zero (negative takes away)');
      if (!isIsoDate(input.date)) throw new errors.ValidationError('date must be a date (YYYY-MM-DD)');
      if (input.note !== undefined && input.note !== null && (typeof input.note !== 'string' || input.note.length > 2000)) throw new errors.ValidationError('note must be text of at most 2000 characters');
      const amount = input.amount_cents;
      const date = input.date;
      const corrected = (await strapi.db.query(LEDGER_ENTRY).findOne({
        where: byId(input.corrects as string | number),
        select: ['id', 'documentId', 'type', 'kind', 'amount_cents', 'entryKey'],
        populate: {
          syndUser: { select: ['id', 'documentId', 'invest_amount'] },
          fund: { select: ['id', 'documentId'], populate: { company: { select: ['id'], populate: { portal: { select: ['slug'] } } } } },
        },
      })) as {
        id: number; documentId: string; type: LedgerType; kind: DistributionKind | null; amount_cents: string | number; entryKey: string | null;
        syndUser: Omit<Commitment, 'fund'> | null; fund: { id: number; documentId: string; company?: { portal: { slug: string } | null } | null } | null;
      } | null;
      if (!corrected?.syndUser || !corrected.fund) throw new errors.NotFoundError('Ledger entry not found');
      if (input.portal !== undefined && input.portal !== corrected.fund.company?.portal?.slug) throw new errors.ValidationError('corrects names an entry of another portal');
      if (input.fund !== undefined && (await fundNamed(input.fund)).id !== corrected.fund.id) throw new errors.ValidationError('corrects names an entry of another fund');
      if (corrected.type === 'adjustment') throw new errors.ValidationError('An adjustment corrects a contribution, distribution or fee, not another adjustment: name the entry it corrects');
      const commitment: Commitment = { ...corrected.syndUser, fund: { id: corrected.fund.id } };
      const entryKey = `adjustment:${corrected.documentId}:${date}:${amount}`;
      const twice = 'This adjustment is recorded already (same entry, date and amount)';
      const entry = await inFundTurn(commitment.fund.id, async () => {
        // Checked where it is written: a request that waited for its turn finds what the one before it wrote.
        if (await strapi.db.query(LEDGER_ENTRY).findOne({ where: { entryKey }, select: ['id'] })) throw new errors.ApplicationError(twice);
        const corrections = (await strapi.db.query(LEDGER_ENTRY).findMany({ where: { corrects: { id: corrected.id } }, select: ['amount_cents'] })) as { amount_cents: string | number }[];
        const held = corrections.reduce((sum, each) => sum + cents(each.amount_cents), cents(corrected.amount_cents));
        if (held + amount < 0) throw new errors.ValidationError(`This adjustment takes away ${usd(-amount)} from an entry of ${usd(held)} (with its corrections): an entry does not go below zero`);
        if (corrected.type === 'contribution' && amount > 0) await refuseBeyondCommitment(commitment, amount, 'This adjustment');
        const created = (await strapi.db.query(LEDGER_ENTRY).create({
          data: {
            syndUser: commitment.id, fund: commitment.fund.id, type: 'adjustment', kind: corrected.kind, amount_cents: amount, effective_date: date,
            note: (input.note as string | undefined) ?? null, corrects: corrected.id, entryKey, recordedBy: staffName,
          },
        })) as { id: number; documentId: string };
        if (corrected.type === 'contribution') await transferDatesAfter(commitment.id, commitment.fund.id, { entryKey: corrected.entryKey, heldCents: held + amount }, date);
        return created;
      }, twice);
      return {
        id: entry.id, documentId: entry.documentId, type: 'adjustment', kind: corrected.kind, amount_cents: amount, effective_date: date, note: (input.note as string | undefined) ?? null,
        corrects: { id: corrected.id, documentId: corrected.documentId, type: corrected.type, amount_cents: cents(corrected.amount_cents) },
        syndUser: { id: commitment.id, documentId: commitment.documentId }, fund: { id: corrected.fund.id, documentId: corrected.fund.documentId },
      };
    },

    /**
     * A fund's value at a date, not after today; the newest becomes the fund's currentFundValuePercentage (what the
     * spec shows). A total value is read as a percent of the capital contributed by its date (none then: 400). Written
     * in the fund's turn (inFundTurn), so of two valuations at once the newest is the fund's.
     */
    async recordValuation(input: Record<string, unknown>, staffName: string) {
      const fund = await fundNamed(input.fund);
      if (!isIsoDate(input.date)) throw new errors.ValidationError('date must be a date (YYYY-MM-DD)');
      const date = input.date;
      const today = new Date().toISOString().slice(0, 10);
      if (date > today) throw new errors.ValidationError(`date must not be after today (${today}): a valuation is what the fund was worth on a day that has come`);
      const byTotal = input.value_percent === undefined && input.total_value_cents !== undefined;
      if (byTotal && (!Number.isSafeInteger(input.total_value_cents) || (input.total_value_cents as number) < 0)) throw new errors.ValidationError('total_value_cents must be a whole number of cents');
      const totalValueCents = byTotal ? (input.total_value_cents as number) : null;
      const percent = (value: unknown): number => {
        if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 100_000) {
          throw new errors.ValidationError('value_percent must be a number from 0 to 100000 (or give total_value_cents)');
        }
        if (!hasTwoDecimalsAtMost(value)) throw new errors.ValidationError('value_percent must have at most 2 decimals (like 112.5)');
        return value;
      };
      /** The accountant's total value of the fund as a percent of the capital contributed to it by the valuation's date. */
      const percentOfContributed = async (total: number) => {
        const contributed = [...(await fundedBySyndUser(fund.id, undefined, date)).values()].reduce((sum, each) => sum + each, 0);
        if (contributed <= 0) throw new errors.ValidationError(`Nothing was contributed to this fund by ${date}: a total value is shared by the capital contributed by its date, so date it on or after the first contribution (or give value_percent)`);
        return percent(Math.round((total / contributed) * 100 * 100) / 100);
      };
      // A percent is checked before the fund's turn; only a total needs its contributions, read in the turn.
      const value = totalValueCents === null ? { percent: percent(input.value_percent) } : { total: totalValueCents };
      return inFundTurn(fund.id, async () => {
        const valuePercent = 'percent' in value ? value.percent : await percentOfContributed(value.total);
        const valuation = await strapi.db.query(VALUATION).create({ data: { fund: fund.id, date, value_percent: valuePercent, total_value_cents: totalValueCents, recordedBy: staffName } });
        const newest = (await strapi.db.query(VALUATION).findOne({ where: { fund: { id: fund.id } }, orderBy: [{ date: 'desc' }, { id: 'desc' }], select: ['id'] })) as { id: number } | null;
        if (newest?.id === valuation.id) {
          await strapi.db.query(FUND).update({ where: { id: fund.id }, data: { currentFundValuePercentage: valuePercent, currentPercentagesUpdatedAt: new Date() } });
        }
        return { id: valuation.id, documentId: valuation.documentId, fund, date, value_percent: valuePercent, total_value_cents: totalValueCents };
      });
    },

    /**
     * A CSV from the fund's accountant (docs/capital-accounts.md, Imports): every line checked (unknown fund or
     * investor, bad amount, date, type or kind, a line twice, a line imported before), all problems listed; written
     * only when asked and clean, in one transaction, each line once (its entry key is the line's fingerprint). A
     * write checks the file once, in the turn of the funds it names (inFundTurn), as funding and posting check where
     * they write; a dry run checks it without waiting for their turn.
     */
    async importCsv(text: string, { dryRun }: { dryRun: boolean }, staffName: string, scope: PortalScope = { every: true }) {
      const file = readCsv(text);
      const named = await fundsNamed(file.records, scope);
      if (dryRun) {
        const { lines, problems } = await checkImport(file, named);
        return { dryRun, lines: lines.length, problems, written: 0, entries: lines.map(({ entry, line }) => ({ line, ...entry })) };
      }
      const funds = [...new Set([...named.values()].flatMap((fund) => (fund ? [fund.id] : [])))];
      const { written, distributed } = await inFundTurn(funds, async () => {
        const checked = await checkImport(file, named);
        if (checked.problems.length) throw new errors.ValidationError(`The file has ${checked.problems.length} problem${checked.problems.length === 1 ? '' : 's'}: nothing was written`, { problems: checked.problems });
        for (const fund of funds) {
          const paying = checked.lines.filter(({ entry }) => entry.fund.id === fund && entry.type === 'contribution').map(({ entry }) => entry.syndUser.id);
          await recordFundedBeforeLedger(fund, staffName, new Set(paying));
        }
        const events = await importedDistributions(checked.lines.map(({ entry }) => entry), staffName);
        for (const { entry } of checked.lines) {
          const event = entry.type === 'distribution' ? events.get(distributionKey(entry)) : entry.fundEvent?.id;
          await strapi.db.query(LEDGER_ENTRY).create({
            data: {
              syndUser: entry.syndUser.id, fund: entry.fund.id, type: entry.type, kind: entry.kind, amount_cents: entry.amount_cents,
              effective_date: entry.effective_date, note: entry.note, entryKey: entry.entryKey, fundEvent: event ?? null, recordedBy: staffName,
            },
          });
        }
        await extendTransferDates(checked.lines.filter(({ entry }) => entry.type === 'contribution').map(({ entry }) => ({ syndUser: entry.syndUser.id, fund: entry.fund.id, date: entry.effective_date, paysCall: entry.fundEvent !== null })));
        return { written: checked.lines, distributed: [...events.values()] };
      }, 'Lines of this file were imported by another request at the same moment: nothing was written; check the file again');
      // Each investor paid gets the notice a posted distribution sends (bell, mail, PDF), after the answer.
      for (const id of distributed) {
        void deliverNotices(strapi, id).catch((error: unknown) => strapi.log.error(`The notices of imported distribution ${id} stopped: ${String(error)}`));
      }
      return { dryRun, lines: written.length, problems: [], written: written.length, entries: written.map(({ entry, line }) => ({ line, ...entry })) };
    },

    /**
     * The capital calls these syndication users still owe: their items of posted calls that no contribution has paid
     * yet (docs/capital-accounts.md), soonest due first. Two queries.
     */
    async openCalls(syndUserIds: number[]) {
      if (!syndUserIds.length) return [];
      const rows = (await strapi.db.query(CALL_ITEM).findMany({
        where: { syndUser: { id: { $in: syndUserIds } } },
        select: ['amount_cents', 'due_date', 'paymentKey'],
        populate: { fundEvent: { select: ['documentId'] }, fund: { select: ['name', 'url_slug'] } },
        orderBy: { id: 'asc' },
      })) as { amount_cents: string | number; due_date: string | null; paymentKey: string; fundEvent: { documentId: string } | null; fund: { name: string | null; url_slug: string | null } | null }[];
      const paid = await paymentsOf(rows.map((row) => row.paymentKey));
      return rows
        .filter((row) => row.fundEvent && !paid.has(row.paymentKey))
        .map((row) => ({ fund_name: row.fund?.name ?? 'Unknown Fund', fund_slug: row.fund?.url_slug ?? null, amount: cents(row.amount_cents) / 100, due_date: row.due_date ? String(row.due_date).slice(0, 10) : null, fundEvent: row.fundEvent!.documentId }))
        .sort((a, b) => String(a.due_date).localeCompare(String(b.due_date)));
    },

    /** Delivers the notices of posted events an instance left half-sent (the upkeep's round calls it). */
    resumeNotices(now = Date.now()): Promise<number> {
      return resumeNotices(strapi, now);
    },

    /** Each syndication user's ledger lines, in date order: one query. */
    async linesBySyndUser(syndUserIds: number[]): Promise<Map<number, LedgerLine[]>> {
      const byOwner = new Map<number, LedgerLine[]>();
      if (!syndUserIds.length) return byOwner;
      const rows = (await strapi.db.query(LEDGER_ENTRY).findMany({
        where: { syndUser: { id: { $in: syndUserIds } } },
        select: ['id', 'type', 'kind', 'amount_cents', 'effective_date'],
        populate: { syndUser: { select: ['id'] }, corrects: { select: ['type', 'kind'] } },
        orderBy: [{ effective_date: 'asc' }, { id: 'asc' }],
      })) as EntryRow[];
      for (const row of rows) {
        if (!row.syndUser) continue;
        byOwner.set(row.syndUser.id, [...(byOwner.get(row.syndUser.id) ?? []), lineOf(row)]);
      }
      return byOwner;
    },

    /**
     * Which of these funds keep a ledger (have any entry): their investors' figures come from it. A fund whose only
     * record is a capital call not paid yet keeps the spec's figures until money is recorded; the first entry brings
     * every commitment funded before the ledger into it (recordFundedBeforeLedger).
     */
    async fundsWithLedger(fundIds: number[]): Promise<Set<number>> {
      if (!fundIds.length) return new Set();
      // Whether each fund has one row (EXISTS stops at the first, through the link table's index on the fund), not
      // which funds its rows name: a grown fund has hundreds of thousands, and a DISTINCT would read them all on every
      // investor's summary. One query for all the funds asked about.
      const hasRow = (uid: string) => {
        const links = linkTableOf(strapi, uid, 'fund');
        return knex()(links.name).select(knex().raw('1')).where(links.target, knex().ref('f.id'));
      };
      const rows = (await knex()(`${tableOf(strapi, FUND)} as f`).select('f.id').whereIn('f.id', fundIds)
        .whereExists(hasRow(LEDGER_ENTRY))) as { id: number }[];
      return new Set(rows.map((row) => Number(row.id)));
    },

    /**
     * Each fund's valuations, oldest first, as these syndication users (one investor's positions) hold them: a
     * valuation given as a total value carries their part of it (`valueCents`; valuationShares).
     */
    async valuationsByFund(fundIds: number[], owners: number[]): Promise<Map<number, ValuationPoint[]>> {
      const byFund = new Map<number, ValuationPoint[]>();
      for (const [fund, valuations] of await valuationShares(fundIds)) byFund.set(fund, valuations.map((valuation) => heldBy(valuation, owners)));
      return byFund;
    },
  };
};

export type LedgerEntryService = ReturnType<typeof ledgerEntryService>;

/** The ledger service, typed. */
export const ledger = serviceAccessor<LedgerEntryService>('api::ledger-entry.ledger-entry');

export default ledgerEntryService;
