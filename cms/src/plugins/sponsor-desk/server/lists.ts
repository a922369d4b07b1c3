import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { ledger } from '../../../api/ledger-entry/services/ledger-entry';
import { conflict } from '../../../utils/http-errors';
import { listQuery } from '../../../utils/list-query';
import { type PortalScope } from '../../../api/portal/staff-scope';
import { isRowId } from '../../../utils/validation';

/**
 * The desk's capital-account lists a page at a time (docs/capital-accounts.md): a fund's events (its drafts, so an
 * admin opens and posts one an editor made, and its posted calls, for a funding that pays one), an event's allocation
 * table (75,000 lines on a grown fund), replacing an open draft's terms, so previewing again does not leave one
 * draft behind per click, and the funds a staff member may pick (those of the portals they run).
 */
const FUND_EVENT = 'api::fund-event.fund-event';
const FUND = 'api::fund.fund';
const STATES = ['draft', 'posted'] as const;
const TYPES = ['capital_call', 'distribution'] as const;
const MAX_PAGE_SIZE = 100;

interface EventRow {
  id: number;
  documentId: string;
  type: string;
  state: string;
  date: string;
  due_date: string | null;
  total_cents: string | number | null;
  percent: string | number | null;
  basis: string | null;
  kind: string | null;
  note: string | null;
  createdByName: string | null;
  postedByName: string | null;
  posted_at: string | null;
}

/** `name` when it is one of `allowed`, undefined when absent; a 400 names the choices otherwise. */
function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw new errors.ValidationError(`${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}

const pagination = (page: number, pageSize: number, total: number) => ({ page, pageSize, pageCount: Math.ceil(total / pageSize), total });

/** An event without its allocation table: what a list shows of it. */
const summaryOf = (row: EventRow) => ({
  documentId: row.documentId, type: row.type, state: row.state, date: row.date, due_date: row.due_date,
  total_cents: row.total_cents === null ? null : Number(row.total_cents), percent: row.percent === null ? null : Number(row.percent),
  basis: row.basis, kind: row.kind, note: row.note, createdByName: row.createdByName, postedByName: row.postedByName, posted_at: row.posted_at,
});

/** An event as the ledger service answers it, with one page of its allocation table instead of the whole of it. */
function withAllocationPage<T extends { allocation: unknown[] }>(event: T, page: number, pageSize: number) {
  const { allocation, ...rest } = event;
  return { ...rest, investors: allocation.length, allocation: allocation.slice((page - 1) * pageSize, page * pageSize), pagination: pagination(page, pageSize, allocation.length) };
}

/** The desk's lists; the plugin's controller reads the request and hands these its parts. */
export const deskLists = (strapi: Core.Strapi) => ({
  /**
   * GET /sponsor-desk/fund-choices?q=&page=&pageSize=: the funds of the portals the caller runs, by name, searched by
   * name (what the capital accounts' fund picker offers), with their portal's name.
   */
  async fundChoices(raw: Record<string, unknown>, scope: PortalScope) {
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
      }) as Promise<{ documentId: string; name: string | null; company: { portal: { name: string | null } | null } | null }[]>,
      strapi.db.query(FUND).count({ where }),
    ]);
    return {
      results: rows.map((row) => ({ documentId: row.documentId, name: row.name, portal: row.company?.portal?.name ?? null })),
      pagination: pagination(query.page, query.pageSize, Number(total)),
    };
  },

  /** GET /sponsor-desk/fund-events?fund=&state=draft|posted&type=&page=&pageSize=: a fund's events, newest date first. */
  async events(raw: Record<string, unknown>) {
    const query = listQuery(raw, ['date'] as const, MAX_PAGE_SIZE);
    const fund = await ledger(strapi).fundNamed(query.text('fund'));
    const state = oneOf('state', query.text('state'), STATES);
    const type = oneOf('type', query.text('type'), TYPES);
    const where = { fund: { id: fund.id }, ...(state && { state }), ...(type && { type }) };
    const [rows, total] = await Promise.all([
      strapi.db.query(FUND_EVENT).findMany({
        where,
        select: ['id', 'documentId', 'type', 'state', 'date', 'due_date', 'total_cents', 'percent', 'basis', 'kind', 'note', 'createdByName', 'postedByName', 'posted_at'],
        orderBy: [{ date: 'desc' }, { id: 'desc' }],
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      }) as Promise<EventRow[]>,
      strapi.db.query(FUND_EVENT).count({ where }),
    ]);
    return { fund, results: rows.map(summaryOf), pagination: pagination(query.page, query.pageSize, Number(total)) };
  },

  /** GET /sponsor-desk/fund-events/:id/allocation?page=&pageSize=: the event, and one page of its allocation table. */
  async allocation(id: string, raw: Record<string, unknown>) {
    const { page, pageSize } = listQuery(raw, ['investor'] as const, MAX_PAGE_SIZE);
    return withAllocationPage(await ledger(strapi).eventWithAllocation(id), page, pageSize);
  },

  /**
   * PUT /sponsor-desk/fund-events/:id {terms as for POST /fund-events}: previewing an open draft again. The new terms
   * are drafted (checked and allocated as any draft) and the draft they replace is removed, so one draft stays; a
   * draft posted meanwhile is kept, the new one removed, and the call refused (409).
   */
  async replaceDraft(id: string, terms: Record<string, unknown>, staffName: string, raw: Record<string, unknown>) {
    const { page, pageSize } = listQuery(raw, ['investor'] as const, MAX_PAGE_SIZE);
    const old = isRowId(id) ? ((await strapi.db.query(FUND_EVENT).findOne({ where: /^\d+$/.test(id) ? { id: Number(id) } : { documentId: id }, select: ['id', 'state'] })) as { id: number; state: string } | null) : null;
    if (!old) throw new errors.NotFoundError('Fund event not found');
    if (old.state !== 'draft') throw conflict('This event is posted already: draft a new one');
    const next = await ledger(strapi).draftEvent(terms, staffName);
    const { count } = await strapi.db.query(FUND_EVENT).deleteMany({ where: { id: old.id, state: 'draft' } });
    if (!count) {
      await strapi.db.query(FUND_EVENT).delete({ where: { id: next.id } });
      throw conflict('This event is posted already: draft a new one');
    }
    return withAllocationPage(next, page, pageSize);
  },
});
