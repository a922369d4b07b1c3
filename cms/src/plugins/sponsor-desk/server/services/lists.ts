import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type {
  Basis,
  DistributionKind,
  FundChoicesPage,
  FundEventPage,
  FundEventsPage,
  FundEventState,
  FundEventSummary,
  FundEventType,
  FundEventView,
  FundLedgerPage,
  LedgerType,
} from '@portal/rules';
import { fundEvents } from '../../../../api/fund-event/services/fund-event';
import { ledger } from '../../../../api/ledger-entry/services/ledger-entry';
import { conflict } from '../../../../utils/http-errors';
import { isoOf, listQuery, whereNameOrEmail } from '../../../../utils/list-query';
import { type PortalScope } from '../../../../api/portal/staff-scope';
import { investorName } from '../../../../api/synd-user/services/synd-user';
import { columnOf, linkTableOf, tableOf } from '../../../../utils/tables';
import { isRowId } from '../../../../utils/validation';
import { serviceAccessor } from '../../../../utils/service';
import { FUND, FUND_EVENT, LEDGER_ENTRY, PORTAL, SYND_USER, USER } from '../../../../utils/uids';
import type { Row } from '../../../../utils/rows';

/**
 * The desk's capital-account lists a page at a time (docs/capital-accounts.md): a fund's events (its drafts, so an
 * admin opens and posts one an editor made, its posted events, and its posted calls, for a funding that pays one), an
 * event's allocation table (75,000 lines on a grown fund), a fund's ledger (so staff pick the entry an adjustment
 * corrects), replacing an open draft's terms, so previewing again does not leave one draft behind per click, and the
 * funds a staff member may pick (those of the portals they run).
 */
const STATES = ['draft', 'posted'] as const;
const TYPES = ['capital_call', 'distribution'] as const;
const ENTRY_TYPES = ['contribution', 'distribution', 'fee', 'adjustment'] as const;
const MAX_PAGE_SIZE = 100;

interface EventRow {
  id: number;
  documentId: string;
  type: FundEventType;
  state: FundEventState;
  date: string;
  due_date: string | null;
  total_cents: string | number | null;
  percent: string | number | null;
  basis: Basis | null;
  kind: DistributionKind | null;
  note: string | null;
  createdByName: string | null;
  postedByName: string | null;
  posted_at: string | null;
}

/** `name` when it is one of `allowed`, undefined when absent; a 400 names the choices otherwise. */
function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value))
    throw new errors.ValidationError(`${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}

/** One row of a fund's ledger page, as the query reads it (one row per entry, every join by key). */
interface LedgerRow {
  id: number;
  documentId: string;
  effective_date: unknown;
  type: LedgerType;
  kind: DistributionKind | null;
  amount_cents: string | number;
  note: string | null;
  userFirstName: string | null;
  userLastName: string | null;
  email: string | null;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  eventDocumentId: string | null;
  /** Set whenever eventDocumentId is (a stored event has a type); the same for the corrected entry's below. */
  eventType: FundEventType;
  eventDate: unknown;
  correctsDocumentId: string | null;
  correctsType: LedgerType;
  correctsDate: unknown;
}

/** A date column as YYYY-MM-DD (Strapi keeps dates as that text; a driver that answers a Date is read as UTC). */
const dayOf = (value: unknown): string | null =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)
    ? value.slice(0, 10)
    : (isoOf(value)?.slice(0, 10) ?? null);

const pagination = (page: number, pageSize: number, total: number) => ({
  page,
  pageSize,
  pageCount: Math.ceil(total / pageSize),
  total,
});

/** An event without its allocation table: what a list shows of it. */
const summaryOf = (row: EventRow): FundEventSummary => ({
  documentId: row.documentId,
  type: row.type,
  state: row.state,
  date: row.date,
  due_date: row.due_date,
  total_cents: row.total_cents === null ? null : Number(row.total_cents),
  percent: row.percent === null ? null : Number(row.percent),
  basis: row.basis,
  kind: row.kind,
  note: row.note,
  createdByName: row.createdByName,
  postedByName: row.postedByName,
  posted_at: row.posted_at,
});

/** An event as the ledger service answers it, with one page of its allocation table instead of the whole of it. */
function withAllocationPage(event: FundEventView, page: number, pageSize: number): FundEventPage {
  const { allocation, ...rest } = event;
  return {
    ...rest,
    investors: allocation.length,
    allocation: allocation.slice((page - 1) * pageSize, page * pageSize),
    pagination: pagination(page, pageSize, allocation.length),
  };
}

/** The desk's lists; the plugin's controller reads the request and hands these its parts. */
const listsService = ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * GET /sponsor-desk/fund-choices?q=&page=&pageSize=: the funds of the portals the caller runs, by name, searched by
   * name (what the capital accounts' fund picker offers), with their portal's name.
   */
  async fundChoices(raw: Record<string, unknown>, scope: PortalScope): Promise<FundChoicesPage> {
    const query = listQuery(raw, ['name'] as const, MAX_PAGE_SIZE);
    const where = {
      ...(!scope.every && { company: { portal: { id: { $in: [...scope.ids] } } } }),
      ...(query.q && { name: { $containsi: query.q } }),
    };
    const [rows, total] = await Promise.all([
      strapi.db.query(FUND).findMany({
        where,
        select: ['documentId', 'name'],
        populate: { company: { select: ['id'], populate: { portal: { select: ['name'] } } } },
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      }) as Promise<
        (Pick<Row<typeof FUND>, 'documentId' | 'name'> & {
          company: { portal: Pick<Row<typeof PORTAL>, 'name'> | null } | null;
        })[]
      >,
      strapi.db.query(FUND).count({ where }),
    ]);
    return {
      results: rows.map((row) => ({
        documentId: row.documentId,
        name: row.name,
        portal: row.company?.portal?.name ?? null,
      })),
      pagination: pagination(query.page, query.pageSize, Number(total)),
    };
  },

  /** GET /sponsor-desk/fund-events?fund=&state=draft|posted&type=&page=&pageSize=: a fund's events, newest date first. */
  async events(raw: Record<string, unknown>): Promise<FundEventsPage> {
    const query = listQuery(raw, ['date'] as const, MAX_PAGE_SIZE);
    const fund = await ledger(strapi).fundNamed(query.text('fund'));
    const state = oneOf('state', query.text('state'), STATES);
    const type = oneOf('type', query.text('type'), TYPES);
    const where = { fund: { id: fund.id }, ...(state && { state }), ...(type && { type }) };
    const [rows, total] = await Promise.all([
      strapi.db.query(FUND_EVENT).findMany({
        where,
        select: [
          'id',
          'documentId',
          'type',
          'state',
          'date',
          'due_date',
          'total_cents',
          'percent',
          'basis',
          'kind',
          'note',
          'createdByName',
          'postedByName',
          'posted_at',
        ],
        orderBy: [{ date: 'desc' }, { id: 'desc' }],
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      }) as Promise<EventRow[]>,
      strapi.db.query(FUND_EVENT).count({ where }),
    ]);
    return { fund, results: rows.map(summaryOf), pagination: pagination(query.page, query.pageSize, Number(total)) };
  },

  /**
   * GET /sponsor-desk/funds/:documentId/ledger?type=&q=&page=&pageSize=: the fund's ledger entries, newest first
   * (effective date, then the latest written), each with its investor, the event it came from and, for an adjustment,
   * the entry it corrects; `q` searches the investor's name and email as the commitments table does. One query for the
   * page and one for the count, whatever the page holds: from the fund's link to its entries, each join by key.
   */
  async ledger(fundDocumentId: string, raw: Record<string, unknown>): Promise<FundLedgerPage> {
    const query = listQuery(raw, ['effective_date'] as const, MAX_PAGE_SIZE);
    const fund = await ledger(strapi).fundNamed(fundDocumentId);
    const type = oneOf('type', query.text('type'), ENTRY_TYPES);
    const knex = strapi.db.connection;
    const entries = tableOf(strapi, LEDGER_ENTRY);
    const funds = linkTableOf(strapi, LEDGER_ENTRY, 'fund');
    const owners = linkTableOf(strapi, LEDGER_ENTRY, 'syndUser');
    const users = linkTableOf(strapi, SYND_USER, 'user');
    const events = linkTableOf(strapi, LEDGER_ENTRY, 'fundEvent');
    const corrects = linkTableOf(strapi, LEDGER_ENTRY, 'corrects');
    const own = (attribute: string) => `s.${columnOf(strapi, SYND_USER, attribute)}`;
    const user = (attribute: string) => `u.${columnOf(strapi, USER, attribute)}`;
    const rows = () => {
      const found = knex(`${funds.name} as ef`)
        .join(`${entries} as e`, 'e.id', `ef.${funds.owner}`)
        .where(`ef.${funds.target}`, fund.id)
        .leftJoin(`${owners.name} as eo`, `eo.${owners.owner}`, 'e.id')
        .leftJoin(`${tableOf(strapi, SYND_USER)} as s`, 's.id', `eo.${owners.target}`)
        .leftJoin(`${users.name} as su`, `su.${users.owner}`, 's.id')
        .leftJoin(`${tableOf(strapi, USER)} as u`, 'u.id', `su.${users.target}`);
      if (type) found.where('e.type', type);
      if (query.q)
        whereNameOrEmail(found, query.q, user('email'), [
          [user('firstName'), user('lastName')],
          [own('userFirstName'), own('userLastName')],
        ]);
      return found;
    };
    const desc = query.text('sort') === undefined || query.sort.desc ? 'desc' : 'asc';
    const [[{ total }], page] = await Promise.all([
      rows().count({ total: '*' }) as Promise<{ total: number | string }[]>,
      rows()
        .leftJoin(`${events.name} as ee`, `ee.${events.owner}`, 'e.id')
        .leftJoin(`${tableOf(strapi, FUND_EVENT)} as ev`, 'ev.id', `ee.${events.target}`)
        .leftJoin(`${corrects.name} as ec`, `ec.${corrects.owner}`, 'e.id')
        .leftJoin(`${entries} as c`, 'c.id', `ec.${corrects.target}`)
        .select({
          id: 'e.id',
          documentId: 'e.document_id',
          effective_date: 'e.effective_date',
          type: 'e.type',
          kind: 'e.kind',
          amount_cents: 'e.amount_cents',
          note: 'e.note',
          userFirstName: own('userFirstName'),
          userLastName: own('userLastName'),
          email: user('email'),
          username: user('username'),
          firstName: user('firstName'),
          lastName: user('lastName'),
          eventDocumentId: 'ev.document_id',
          eventType: 'ev.type',
          eventDate: 'ev.date',
          correctsDocumentId: 'c.document_id',
          correctsType: 'c.type',
          correctsDate: 'c.effective_date',
        })
        .orderBy([
          { column: 'e.effective_date', order: desc },
          { column: 'e.id', order: desc },
        ])
        .offset((query.page - 1) * query.pageSize)
        .limit(query.pageSize) as Promise<LedgerRow[]>,
    ]);
    return {
      fund: { documentId: fund.documentId, name: fund.name },
      results: page.map((row) => ({
        documentId: row.documentId,
        effective_date: dayOf(row.effective_date),
        investor: {
          name: investorName({
            userFirstName: row.userFirstName,
            userLastName: row.userLastName,
            user: row.email
              ? { email: row.email, username: row.username, firstName: row.firstName, lastName: row.lastName }
              : null,
          }),
          email: row.email,
        },
        type: row.type,
        kind: row.kind,
        amount_cents: Number(row.amount_cents),
        note: row.note,
        fundEvent: row.eventDocumentId
          ? { documentId: row.eventDocumentId, type: row.eventType, date: dayOf(row.eventDate) }
          : null,
        corrects: row.correctsDocumentId
          ? { documentId: row.correctsDocumentId, type: row.correctsType, effective_date: dayOf(row.correctsDate) }
          : null,
      })),
      pagination: pagination(query.page, query.pageSize, Number(total)),
    };
  },

  /** GET /sponsor-desk/fund-events/:id/allocation?page=&pageSize=: the event, and one page of its allocation table. */
  async allocation(id: string, raw: Record<string, unknown>): Promise<FundEventPage> {
    const { page, pageSize } = listQuery(raw, ['investor'] as const, MAX_PAGE_SIZE);
    return withAllocationPage(await fundEvents(strapi).withAllocation(id), page, pageSize);
  },

  /**
   * PUT /sponsor-desk/fund-events/:id {terms as for POST /fund-events}: previewing an open draft again. The new terms
   * are drafted (checked and allocated as any draft) and the draft they replace is removed, so one draft stays; a
   * draft posted meanwhile is kept, the new one removed, and the call refused (409).
   */
  async replaceDraft(
    id: string,
    terms: Record<string, unknown>,
    staffName: string,
    raw: Record<string, unknown>,
  ): Promise<FundEventPage> {
    const { page, pageSize } = listQuery(raw, ['investor'] as const, MAX_PAGE_SIZE);
    const old = isRowId(id)
      ? ((await strapi.db.query(FUND_EVENT).findOne({
          where: /^\d+$/.test(id) ? { id: Number(id) } : { documentId: id },
          select: ['id', 'state'],
        })) as Pick<Row<typeof FUND_EVENT>, 'id' | 'state'> | null)
      : null;
    if (!old) throw new errors.NotFoundError('Fund event not found');
    if (old.state !== 'draft') throw conflict('This event is posted already: draft a new one');
    const next = await fundEvents(strapi).draft(terms, staffName);
    const { count } = await strapi.db.query(FUND_EVENT).deleteMany({ where: { id: old.id, state: 'draft' } });
    if (!count) {
      await strapi.db.query(FUND_EVENT).delete({ where: { id: next.id } });
      throw conflict('This event is posted already: draft a new one');
    }
    return withAllocationPage(next, page, pageSize);
  },
});

export type DeskListsService = ReturnType<typeof listsService>;
export const deskLists = serviceAccessor<DeskListsService>('plugin::sponsor-desk.lists');
export default listsService;
