import type { Core } from '@strapi/strapi';
import type { LedgerLine, OpenCall } from '@portal/rules';
import { INVEST_STATUS } from '@portal/rules';
import { joinedRead } from '../../utils/joined-read';
import { columnOf, linkTableOf, tableOf } from '../../utils/tables';
import { cents, lineOf } from '../ledger-entry/services/ledger-entry';
import { FUND_FIELDS, type Amount, type FundRow } from './investment-view';
import { CALL_ITEM, LEDGER_ENTRY, SYND_USER } from '../../utils/uids';

/** One of the caller's signed, accepted commitments in their portal, with its fund. */
export interface SummaryPosition {
  id: number;
  invest_amount: Amount;
  invest_status: string | null;
  sa_complete_date: string | null;
  ft_complete_date: string | null;
  fund: FundRow | null;
}

/**
 * The summary's reads of the caller's own rows (GET /api/syndication/summary) as read models, each one statement built
 * once where the query engine ran one per populated relation: their positions, their ledger lines, their open calls.
 */
function reads(strapi: Core.Strapi) {
  const knex = strapi.db.connection;
  const owners = linkTableOf(strapi, SYND_USER, 'user');
  /** The ids of the caller's (first argument) syndication users, through the link table alone. */
  const callersSyndUsers = (param: unknown) =>
    knex(owners.name)
      .select(owners.owner)
      .where(owners.target, param as number);
  /** The ids of the rows of `uid` whose syndUser is one of the caller's. */
  const ofCallersSyndUsers = (uid: string, param: unknown) => {
    const link = linkTableOf(strapi, uid, 'syndUser');
    return knex(link.name).select(link.owner).whereIn(link.target, callersSyndUsers(param));
  };

  const positions = joinedRead(strapi, {
    tables: [
      {
        as: 's',
        uid: SYND_USER,
        fields: ['id', 'invest_amount', 'invest_status', 'sa_complete_date', 'ft_complete_date'],
      },
      { as: 'u', relation: 'user', of: 's', idOnly: true, required: true },
      { as: 'f', relation: 'fund', of: 's', fields: FUND_FIELDS },
      { as: 'c', relation: 'company', of: 'f', idOnly: true },
      { as: 'p', relation: 'portal', of: 'c', idOnly: true },
    ],
    where: (query, { column, linked }, param) =>
      query
        .where(linked('u'), param(0))
        .where(linked('p'), param(1))
        .where(column('s', 'invest_status'), INVEST_STATUS.accepted)
        .whereNotNull(column('s', 'sa_complete_date')),
    orderBy: ({ column }) => [{ column: column('s', 'id'), order: 'asc' }],
  });

  const lines = joinedRead(strapi, {
    tables: [
      { as: 'e', uid: LEDGER_ENTRY, fields: ['id', 'type', 'kind', 'amount_cents', 'effective_date'] },
      { as: 'su', relation: 'syndUser', of: 'e', idOnly: true },
      { as: 'x', relation: 'corrects', of: 'e', fields: ['type', 'kind'] },
    ],
    where: (query, _names, param) => query.whereIn('e.id', ofCallersSyndUsers(LEDGER_ENTRY, param(0))),
    orderBy: ({ column }) => [
      { column: column('e', 'effective_date'), order: 'asc' },
      { column: column('e', 'id'), order: 'asc' },
    ],
  });

  const entries = tableOf(strapi, LEDGER_ENTRY);
  const calls = joinedRead(strapi, {
    tables: [
      { as: 'ci', uid: CALL_ITEM, fields: ['amount_cents', 'due_date', 'paymentKey'] },
      // Picked by inner joins first (the item's syndication user, theirs by its user): the database starts from the
      // caller's rows before the left joins (PostgreSQL would otherwise check every item against the ledger first).
      { as: 'su', relation: 'syndUser', of: 'ci', idOnly: true, required: true },
      { as: 'o', relation: 'user', of: 'su', idOnly: true, required: true },
      { as: 'fe', relation: 'fundEvent', of: 'ci', fields: ['documentId'] },
      { as: 'f', relation: 'fund', of: 'ci', fields: ['name', 'url_slug'] },
    ],
    // Not paid yet: no ledger entry carries the item's payment key (joined by its index, as the ledger's own open
    // calls are, not searched for once per item).
    where: (query, { column, linked }, param) =>
      query
        .leftJoin(
          `${entries} as paid`,
          `paid.${columnOf(strapi, LEDGER_ENTRY, 'entryKey')}`,
          column('ci', 'paymentKey'),
        )
        .where(linked('o'), param(0))
        .whereNull('paid.id'),
    orderBy: ({ column }) => [{ column: column('ci', 'id'), order: 'asc' }],
  });

  return {
    /** The caller's (first argument) signed, accepted commitments in the portal (second), by id. */
    async positions(userId: number, portalId: number): Promise<SummaryPosition[]> {
      return (await positions(userId, portalId)).map(({ s, f }) => ({ ...s, fund: f }) as unknown as SummaryPosition);
    },

    /** The ledger lines of these syndication users of the caller, each's in date order. */
    async linesBySyndUser(userId: number, syndUserIds: number[]): Promise<Map<number, LedgerLine[]>> {
      const byOwner = new Map<number, LedgerLine[]>();
      if (!syndUserIds.length) return byOwner;
      const wanted = new Set(syndUserIds);
      for (const { e, su, x } of await lines(userId)) {
        if (!su || !wanted.has(su.id as number)) continue;
        const line = lineOf({ ...e, corrects: x } as unknown as Parameters<typeof lineOf>[0]);
        byOwner.set(su.id as number, [...(byOwner.get(su.id as number) ?? []), line]);
      }
      return byOwner;
    },

    /** The capital calls these syndication users of the caller still owe, soonest due first. */
    async openCalls(userId: number, syndUserIds: number[]): Promise<OpenCall[]> {
      if (!syndUserIds.length) return [];
      const wanted = new Set(syndUserIds);
      return (await calls(userId))
        .filter(({ su, fe }) => su && wanted.has(su.id as number) && fe)
        .map(({ ci, fe, f }) => ({
          fund_name: (f?.name as string | null | undefined) ?? 'Unknown Fund',
          fund_slug: (f?.url_slug as string | null | undefined) ?? null,
          amount: cents(ci!.amount_cents as Amount) / 100,
          due_date: ci!.due_date ? String(ci!.due_date).slice(0, 10) : null,
          fundEvent: fe!.documentId as string,
        }))
        .sort((a, b) => String(a.due_date).localeCompare(String(b.due_date)));
    },
  };
}

const built = new WeakMap<Core.Strapi, ReturnType<typeof reads>>();

/** The summary's reads of the caller's own rows, their statements built once per Strapi instance. */
export function summaryReads(strapi: Core.Strapi) {
  let found = built.get(strapi);
  if (!found) built.set(strapi, (found = reads(strapi)));
  return found;
}
