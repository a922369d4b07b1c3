import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { errors } from '@strapi/utils';
import { formatUsd, INVEST_STATUS, type LedgerLine } from '@portal/rules';
import { conflict, isUniqueViolation } from '../../../utils/http-errors';
import { inTurn, TURNS } from '../../../utils/in-turn';
import { readRows } from '../../../utils/read-statement';
import { serviceAccessor } from '../../../utils/service';
import { columnOf, linkTableOf, tableOf } from '../../../utils/tables';
import { fundWhere } from '../../portal/staff-scope';
import { CALL_ITEM, FUND, FUND_EVENT, LEDGER_ENTRY, SYND_USER } from '../../../utils/uids';
import type { Row } from '../../../utils/rows';

/** The note of the contribution that brings a commitment funded before the ledger into it. */
const FUNDED_BEFORE_LEDGER = 'Funded before the ledger';

type EntryRow = Pick<Row<typeof LEDGER_ENTRY>, 'id' | 'type' | 'kind' | 'amount_cents' | 'effective_date'> & {
  syndUser?: Pick<Row<typeof SYND_USER>, 'id'> | null;
  corrects?: Pick<Row<typeof LEDGER_ENTRY>, 'type' | 'kind'> | null;
};

/** A whole number of cents above zero. */
export const isWholeCents = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
/**
 * At most two decimals: what PostgreSQL keeps of a Strapi decimal (numeric(10,2)); a third would be rounded away on
 * the way in, and a call previewed at 33.333% posted at 33.33%.
 */
export const hasTwoDecimalsAtMost = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
/** Cents as US dollars ('$1,250.50'). */
export const usd = (centsValue: number) => formatUsd(centsValue / 100);
/** A stored amount of cents (PostgreSQL answers a bigint as text) as a number; 0 when there is none. */
export const cents = (value: string | number | null | undefined) =>
  value === null || value === undefined ? 0 : Number(value);
/** A stored decimal amount in dollars as whole cents. */
export const dollarsToCents = (value: string | number | null | undefined) => Math.round(cents(value) * 100);

/** A line as the rules read it. */
export const lineOf = (row: EntryRow): LedgerLine => ({
  type: row.type,
  kind: row.kind,
  amountCents: cents(row.amount_cents),
  date: String(row.effective_date).slice(0, 10),
  corrects: row.corrects ? { type: row.corrects.type, kind: row.corrects.kind } : null,
});

/**
 * The ledger's shared queries, read by every noun that keeps money: a fund named, what each commitment has funded and
 * is called for, lines by commitment, open calls, and the fund's turn that every writer of its money takes.
 */
const ledgerEntryService = ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = () => strapi.db.connection;

  /** The fund `id` names (numeric id, documentId or url_slug, read as the desk's portal check reads it); 404 'Fund not found' otherwise. */
  async function fundNamed(id: unknown): Promise<{ id: number; documentId: string; name: string | null }> {
    const fund = await strapi.db.query(FUND).findOne({ where: fundWhere(id), select: ['id', 'documentId', 'name'] });
    if (!fund) throw new errors.NotFoundError('Fund not found');
    return fund;
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
      where: {
        fund: { id: fundId },
        invest_status: INVEST_STATUS.accepted,
        sa_complete_date: { $notNull: true },
        ft_complete_date: { $notNull: true },
      },
      select: ['id', 'documentId', 'invest_amount', 'ft_complete_date'],
      orderBy: { id: 'asc' },
    })) as Pick<Row<typeof SYND_USER>, 'id' | 'documentId' | 'invest_amount' | 'ft_complete_date'>[];
    const candidates = rows.filter((row) => !except?.has(row.id) && dollarsToCents(row.invest_amount) > 0);
    if (!candidates.length) return;
    const funded = await fundedBySyndUser(fundId);
    for (const row of candidates.filter((each) => !funded.has(each.id))) {
      await strapi.db.query(LEDGER_ENTRY).create({
        data: {
          syndUser: row.id,
          fund: fundId,
          type: 'contribution',
          amount_cents: dollarsToCents(row.invest_amount),
          // Only those whose funds transfer completed (the where above).
          effective_date: new Date(row.ft_complete_date!).toISOString().slice(0, 10),
          note: FUNDED_BEFORE_LEDGER,
          entryKey: `before-ledger:${row.documentId}`,
          recordedBy: staffName,
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
    const rows = await read<{ syndUser: number | string; total: number | string | null }[]>(
      knex()(`${items} as i`)
        .join(`${funds.name} as f`, `f.${funds.owner}`, 'i.id')
        .join(`${owners.name} as o`, `o.${owners.owner}`, 'i.id')
        .leftJoin(
          `${tableOf(strapi, LEDGER_ENTRY)} as paid`,
          `paid.${columnOf(strapi, LEDGER_ENTRY, 'entryKey')}`,
          `i.${columnOf(strapi, CALL_ITEM, 'paymentKey')}`,
        )
        .where(`f.${funds.target}`, fundId)
        .whereNull('paid.id')
        .modify((query) => {
          if (syndUserIds) query.whereIn(`o.${owners.target}`, syndUserIds);
        })
        .groupBy(`o.${owners.target}`)
        .select({ syndUser: `o.${owners.target}` })
        .sum({ total: 'i.amount_cents' }),
    );
    return new Map(rows.map((row) => [Number(row.syndUser), cents(row.total)]));
  }

  /** A fund's contributions and the adjustments correcting them (of these syndication users only, when given), summed by `groupBy`. */
  function contributions(
    fundId: number,
    syndUserIds: number[] | undefined,
    until: string | undefined,
    groupBy: 'syndUser' | 'day',
  ): Knex.QueryBuilder {
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
      .where((query) =>
        query
          .where('e.type', 'contribution')
          .orWhere((adjustment) => adjustment.where('e.type', 'adjustment').where('corrected.type', 'contribution')),
      )
      .groupBy(`o.${owners.target}`)
      .select({ syndUser: `o.${owners.target}` })
      .sum({ total: 'e.amount_cents' });
  }

  /** Contributions (and their corrections) per syndication user of a fund (of these only, when given), by `until` when given. One query. */
  async function fundedBySyndUser(
    fundId: number,
    syndUserIds?: number[],
    until?: string,
  ): Promise<Map<number, number>> {
    const rows = await read<{ syndUser: number | string; total: number | string | null }[]>(
      contributions(fundId, syndUserIds, until, 'syndUser'),
    );
    return new Map(rows.map((row) => [Number(row.syndUser), cents(row.total)]));
  }

  /**
   * What each syndication user of a fund had contributed by each of these days (with corrections), from one query
   * of the fund's contributions per user and day, however many days.
   */
  async function fundedByDays(fundId: number, days: string[]): Promise<Map<string, Map<number, number>>> {
    const rows = await read<{ syndUser: number | string; day: string; total: number | string | null }[]>(
      contributions(fundId, undefined, undefined, 'day'),
    );
    const dated = rows.map((row) => ({
      syndUser: Number(row.syndUser),
      day: String(row.day).slice(0, 10),
      cents: cents(row.total),
    }));
    return new Map(
      days.map((day) => {
        const funded = new Map<number, number>();
        for (const row of dated.filter((each) => each.day <= day))
          funded.set(row.syndUser, (funded.get(row.syndUser) ?? 0) + row.cents);
        return [day, funded];
      }),
    );
  }

  /** The day each of these payment keys was paid (the effective date of the ledger entry carrying it), 500 at a time. */
  async function paymentsOf(keys: string[]): Promise<Map<string, string>> {
    const paid = new Map<string, string>();
    for (let start = 0; start < keys.length; start += 500) {
      const rows = (await strapi.db.query(LEDGER_ENTRY).findMany({
        where: { entryKey: { $in: keys.slice(start, start + 500) } },
        select: ['entryKey', 'effective_date'],
      })) as Pick<Row<typeof LEDGER_ENTRY>, 'entryKey' | 'effective_date'>[];
      // Found by their keys: each has one.
      for (const row of rows) paid.set(row.entryKey!, String(row.effective_date).slice(0, 10));
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

  return {
    fundNamed,
    /** For another writer of a fund's money in its turn (the desk's transfer of a position): see recordFundedBeforeLedger. */
    recordFundedBeforeLedger,
    read,
    openCalledBySyndUser,
    fundedBySyndUser,
    fundedByDays,
    paymentsOf,
    inFundTurn,

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
      })) as (Pick<Row<typeof CALL_ITEM>, 'amount_cents' | 'due_date' | 'paymentKey'> & {
        fundEvent: Pick<Row<typeof FUND_EVENT>, 'documentId'> | null;
        fund: Pick<Row<typeof FUND>, 'name' | 'url_slug'> | null;
      })[];
      const paid = await paymentsOf(rows.map((row) => row.paymentKey));
      return rows
        .filter((row) => row.fundEvent && !paid.has(row.paymentKey))
        .map((row) => ({
          fund_name: row.fund?.name ?? 'Unknown Fund',
          fund_slug: row.fund?.url_slug ?? null,
          amount: cents(row.amount_cents) / 100,
          due_date: row.due_date ? String(row.due_date).slice(0, 10) : null,
          fundEvent: row.fundEvent!.documentId,
        }))
        .sort((a, b) => String(a.due_date).localeCompare(String(b.due_date)));
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
      // Run as a read model's statement (one text per number of funds: prepared once on PostgreSQL).
      const { sql, bindings } = knex()(`${tableOf(strapi, FUND)} as f`)
        .select('f.id')
        .whereIn('f.id', fundIds)
        .whereExists(hasRow(LEDGER_ENTRY))
        .toSQL();
      const rows = await readRows(strapi, sql, bindings);
      return new Set(rows.map((row) => Number(row.id)));
    },
  };
};

export type LedgerEntryService = ReturnType<typeof ledgerEntryService>;

/** The ledger's shared queries, typed. */
export const ledger = serviceAccessor<LedgerEntryService>('api::ledger-entry.ledger-entry');

export default ledgerEntryService;
