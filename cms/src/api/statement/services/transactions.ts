import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { stringify } from 'csv-stringify/sync';
import {
  effectOf,
  LEDGER_TYPES,
  netInvestedChange,
  type DistributionKind,
  type LedgerLine,
  type LedgerType,
  type TransactionRow,
  type TransactionsPage,
} from '@portal/rules';
import { inertCell } from '../../../utils/csv';
import { serviceAccessor } from '../../../utils/service';
import { isRowId } from '../../../utils/validation';
import { portals } from '../../portal/services/portal';
import { FUND, LEDGER_ENTRY, SYND_USER } from '../../../utils/uids';
import type { Row } from '../../../utils/rows';
const MAX_PAGE_SIZE = 200;
/** The CSV reads and writes this many rows at a time. */
const CSV_BATCH = 500;

/** Which of the caller's entries the transactions page shows: a fund (id or documentId), a type, a year; all when absent. */
export interface TransactionFilter {
  fund?: string;
  type?: LedgerType;
  year?: string;
}

type SlimEntry = Pick<Row<typeof LEDGER_ENTRY>, 'id' | 'type' | 'kind' | 'amount_cents' | 'effective_date'> & {
  corrects: Pick<Row<typeof LEDGER_ENTRY>, 'type' | 'kind'> | null;
  fund: Pick<Row<typeof FUND>, 'id' | 'documentId' | 'name'> | null;
  syndUser: Pick<Row<typeof SYND_USER>, 'documentId'> | null;
};

type FullEntry = Pick<Row<typeof LEDGER_ENTRY>, 'id' | 'documentId' | 'note'> & {
  fund: Pick<Row<typeof FUND>, 'documentId' | 'name' | 'url_slug'> | null;
  syndUser: Pick<Row<typeof SYND_USER>, 'documentId'> | null;
};

const TYPE_LABELS: Record<LedgerType, string> = {
  contribution: 'Contribution',
  distribution: 'Distribution',
  fee: 'Fee',
  adjustment: 'Adjustment',
};
const KIND_LABELS: Record<DistributionKind, string> = {
  return_of_capital: 'Return of capital',
  income: 'Income',
  gain: 'Gain',
};

const lineOf = (entry: SlimEntry): LedgerLine => ({
  type: entry.type,
  kind: entry.kind,
  amountCents: Number(entry.amount_cents),
  date: String(entry.effective_date),
  corrects: entry.corrects,
});

/** 'Distribution (Income)', 'Adjustment of a contribution'. */
function describe(entry: SlimEntry): string {
  if (entry.type === 'adjustment') return `Adjustment of a ${effectOf(lineOf(entry)).effect}`;
  return entry.kind ? `${TYPE_LABELS[entry.type]} (${KIND_LABELS[entry.kind]})` : TYPE_LABELS[entry.type];
}

const FILTER_PARAMS = ['fund', 'type', 'year'];
const PAGE_PARAMS = ['page', 'pageSize'];

/** Reads the filter (and, for the page, `page` and `pageSize`) from the query string; a 400 names what is wrong. */
export function transactionFilter(query: Record<string, unknown>, { paged }: { paged: boolean }): TransactionFilter {
  const known = paged ? [...FILTER_PARAMS, ...PAGE_PARAMS] : FILTER_PARAMS;
  const unknown = Object.keys(query).find((name) => !known.includes(name));
  if (unknown) throw new errors.ValidationError(`${unknown} is not a parameter here (use ${known.join(', ')})`);
  const text = (name: string): string | undefined => {
    const value = query[name];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') throw new errors.ValidationError(`${name} must be given once, as text`);
    return value;
  };
  const fund = text('fund');
  if (fund !== undefined && !isRowId(fund)) throw new errors.ValidationError('fund must be an id or documentId');
  const type = text('type');
  if (type !== undefined && !(LEDGER_TYPES as readonly string[]).includes(type))
    throw new errors.ValidationError(`type must be one of ${LEDGER_TYPES.join(', ')}`);
  const year = text('year');
  if (year !== undefined && !/^\d{4}$/.test(year)) throw new errors.ValidationError('year must be a year such as 2025');
  return { ...(fund && { fund }), ...(type && { type: type as LedgerType }), ...(year && { year }) };
}

/** Reads `page` (from 1) and `pageSize` (50 by default, at most 200). */
export function transactionPage(query: Record<string, unknown>): { page: number; pageSize: number } {
  const whole = (name: string, fallback: number, max: number) => {
    const given = query[name];
    if (given === undefined || given === '') return fallback;
    const value = typeof given === 'string' && /^\d{1,9}$/.test(given) ? Number(given) : NaN;
    if (!(value >= 1 && value <= max))
      throw new errors.ValidationError(`${name} must be a whole number from 1 to ${max}`);
    return value;
  };
  return { page: whole('page', 1, 1_000_000), pageSize: whole('pageSize', 50, MAX_PAGE_SIZE) };
}

const transactionsService = ({ strapi }: { strapi: Core.Strapi }) => {
  /**
   * The caller's entries of their portal's funds that the filter shows, newest first, each with the capital in after
   * it. The balances need every earlier entry of the fund chosen, so the entries' few numeric columns are read whole
   * (an investor has some entries a quarter per fund: thousands at most) and their notes and names only for the rows
   * answered. Also answers the funds, investments (syndication users) and years of all the caller's entries, for the
   * filters' and the statement's choices.
   */
  async function selected(user: { id: number; portal?: { id: number } | null }, filter: TransactionFilter) {
    const portal = await portals(strapi).ofUser(user);
    const ofPortal = { company: { portal: { id: portal?.id ?? -1 } } };
    const chosen = filter.fund
      ? ((await strapi.db.query(FUND).findOne({
          where: {
            ...(/^\d+$/.test(filter.fund) ? { id: Number(filter.fund) } : { documentId: filter.fund }),
            ...ofPortal,
          },
          select: ['documentId'],
        })) as Pick<Row<typeof FUND>, 'documentId'> | null)
      : null;
    if (filter.fund && !chosen) throw new errors.NotFoundError('Fund not found');
    const entries = (await strapi.db.query(LEDGER_ENTRY).findMany({
      where: { syndUser: { user: { id: user.id } }, fund: ofPortal },
      select: ['id', 'type', 'kind', 'amount_cents', 'effective_date'],
      populate: {
        corrects: { select: ['type', 'kind'] },
        fund: { select: ['id', 'documentId', 'name'] },
        syndUser: { select: ['documentId'] },
      },
      orderBy: [{ effective_date: 'asc' }, { id: 'asc' }],
    })) as SlimEntry[];

    const funds = new Map<string, { documentId: string; name: string | null }>();
    const investments = new Map<string, { syndUser: string; fund: string; name: string | null }>();
    const years = new Set<string>();
    let balance = 0;
    const rows: { entry: SlimEntry; balance: number }[] = [];
    for (const entry of entries) {
      const date = String(entry.effective_date).slice(0, 10);
      entry.effective_date = date;
      if (entry.fund) funds.set(entry.fund.documentId, { documentId: entry.fund.documentId, name: entry.fund.name });
      if (entry.fund && entry.syndUser)
        investments.set(entry.syndUser.documentId, {
          syndUser: entry.syndUser.documentId,
          fund: entry.fund.documentId,
          name: entry.fund.name,
        });
      years.add(date.slice(0, 4));
      if (chosen && entry.fund?.documentId !== chosen.documentId) continue;
      balance += netInvestedChange(lineOf(entry));
      if ((!filter.type || entry.type === filter.type) && (!filter.year || date.startsWith(filter.year)))
        rows.push({ entry, balance });
    }
    const byName = (one: { name: string | null }, other: { name: string | null }) =>
      (one.name ?? '').localeCompare(other.name ?? '');
    return {
      rows: rows.reverse(),
      funds: [...funds.values()].sort(byName),
      investments: [...investments.values()].sort(byName),
      years: [...years].sort().reverse(),
    };
  }

  /** The answered rows of `slice`, with their notes, funds and syndication users read in one query. */
  async function present(slice: { entry: SlimEntry; balance: number }[]): Promise<TransactionRow[]> {
    if (!slice.length) return [];
    const full = (await strapi.db.query(LEDGER_ENTRY).findMany({
      where: { id: { $in: slice.map(({ entry }) => entry.id) } },
      select: ['id', 'documentId', 'note'],
      populate: { fund: { select: ['documentId', 'name', 'url_slug'] }, syndUser: { select: ['documentId'] } },
    })) as FullEntry[];
    const byId = new Map(full.map((row) => [row.id, row]));
    return slice.map(({ entry, balance }) => {
      const row = byId.get(entry.id);
      return {
        id: entry.id,
        documentId: row?.documentId ?? '',
        effective_date: entry.effective_date,
        type: entry.type,
        kind: entry.kind ?? null,
        description: describe(entry),
        amount_cents: Number(entry.amount_cents),
        balance_cents: balance,
        note: row?.note ?? null,
        fund: row?.fund ?? null,
        syndUser: row?.syndUser ? { documentId: row.syndUser.documentId } : null,
      };
    });
  }

  return {
    /** GET /api/profile/transactions: a page of the caller's ledger as the filter shows it, newest first, with the choices. */
    async page(
      user: { id: number; portal?: { id: number } | null },
      filter: TransactionFilter,
      { page, pageSize }: { page: number; pageSize: number },
    ): Promise<TransactionsPage> {
      const { rows, ...choices } = await selected(user, filter);
      const total = rows.length;
      return {
        results: await present(rows.slice((page - 1) * pageSize, page * pageSize)),
        pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total },
        ...choices,
      };
    },

    /**
     * GET /api/profile/transactions.csv: every row the filter shows, in the page's order, as CSV text made a batch at
     * a time while it is sent (the filter is checked before anything is).
     */
    async csv(
      user: { id: number; portal?: { id: number } | null },
      filter: TransactionFilter,
    ): Promise<AsyncGenerator<string>> {
      const { rows } = await selected(user, filter);
      return (async function* batches() {
        yield stringify([['Date', 'Fund', 'Transaction', 'Amount', 'Net invested', 'Note']], {
          record_delimiter: 'windows',
        });
        for (let start = 0; start < rows.length; start += CSV_BATCH) {
          const batch = await present(rows.slice(start, start + CSV_BATCH));
          yield stringify(
            batch.map((row) => [
              row.effective_date,
              inertCell(row.fund?.name ?? ''),
              row.description,
              (row.amount_cents / 100).toFixed(2),
              (row.balance_cents / 100).toFixed(2),
              inertCell(row.note ?? ''),
            ]),
            { record_delimiter: 'windows' },
          );
        }
      })();
    },
  };
};

export type TransactionsService = ReturnType<typeof transactionsService>;

/** The investor's transactions (docs/capital-accounts.md), typed. */
export const transactions = serviceAccessor<TransactionsService>('api::statement.transactions');

export default transactionsService;
