import type { Core } from '@strapi/strapi';
import {
  COMMITMENT_STATES,
  fundStatus,
  RAISE_STATE_LABELS,
  RAISE_STATES,
  type Board,
  type CommitmentsPage,
  type RaiseState,
} from '@portal/rules';
import { isoOf } from '../../../utils/list-query';
import { serviceAccessor } from '../../../utils/service';
import { linkTableOf } from '../../../utils/tables';
import { ledger } from '../../ledger-entry/services/ledger-entry';
import { pickPortal, type PortalScope } from '../../portal/staff-scope';
import { commitmentLines } from './commitment-lines';
import type { CommitmentQuery } from './commitment-query';
import { commitmentRows, money } from './commitment-rows';
import { commitmentsCsv } from './commitments-csv';

export { COMMITMENT_SORTS, COMMITMENTS_MAX_PAGE_SIZE, commitmentQuery, type CommitmentQuery } from './commitment-query';

import { FUND, SYND_USER } from '../../../utils/uids';
import type { Row } from '../../../utils/rows';

const DAY_MS = 86_400_000;
/** A closed fund stays on the board this long after its close date. */
const YEAR_MS = 365 * DAY_MS;

/**
 * The sponsor desk's raise board (docs/sponsor-desk.md): each fund's figures, and a fund's commitments table and its
 * export, whose rows (commitment-rows.ts), lines (commitment-lines.ts) and CSV (commitments-csv.ts) are read apart.
 */
const boardService = ({ strapi }: { strapi: Core.Strapi }) => {
  const { col, stateSql, rowsOf, contributions, fundedCentsSql, filtered } = commitmentRows(strapi);
  const { orderedIds, linesOf, declinesOf } = commitmentLines(strapi);

  return {
    /**
     * GET /sponsor-desk/funds?portal=: the board's figures for each fund of the portal that is raising or closed
     * within a year (every fund with `all`): its size, what is committed and funded, what is left to raise, the close
     * date and days left, and how many investors are in each state. Raising funds first, soonest to close first; then
     * the others, latest closed first; each fund with its latest three declines and the feedback given ('Why people
     * passed'). Three queries (the funds; counts and sums by fund and state; the declines), however many investors.
     */
    async funds(
      slug: unknown,
      { all = false }: { all?: boolean } = {},
      scope: PortalScope = { every: true },
    ): Promise<Board> {
      const { portal, choices: runs } = await pickPortal(
        strapi,
        scope,
        typeof slug === 'string' && slug ? slug : undefined,
      );
      const choices = runs.map((row) => ({ slug: row.slug, name: (row as { name?: string | null }).name ?? row.slug }));
      if (!portal) return { portal: null, portals: choices, funds: [] };
      const funds = (await strapi.db.query(FUND).findMany({
        where: { company: { portal: { id: portal.id } } },
        select: [
          'id',
          'documentId',
          'name',
          'fund_status',
          'total_inv_amount',
          'open_date',
          'start_date',
          'close_date',
          'end_date',
        ],
        orderBy: { id: 'asc' },
      })) as Pick<
        Row<typeof FUND>,
        | 'id'
        | 'documentId'
        | 'name'
        | 'fund_status'
        | 'total_inv_amount'
        | 'open_date'
        | 'start_date'
        | 'close_date'
        | 'end_date'
      >[];
      const now = new Date();
      const shown = funds.filter(
        (fund) =>
          all ||
          !['Closed', 'Done'].includes(fundStatus(fund, now)) ||
          (fund.close_date && now.getTime() - new Date(fund.close_date).getTime() < YEAR_MS),
      );
      const ids = shown.map((fund) => fund.id);
      const fundLink = linkTableOf(strapi, SYND_USER, 'fund');
      // Funded, row by row as the table shows it: a row's contributions in the ledger if it has any, else its
      // commitment when marked funded (a raise funded before the ledger), so a fund funded both ways adds both.
      const grouped = ids.length
        ? ((await rowsOf(ids)
            .leftJoin(contributions(ids).as('lc'), 'lc.synd_user', 's.id')
            .select({ fund: `sf.${fundLink.target}`, raise_state: stateSql() })
            .count({ investors: '*' })
            .sum({ amount: col('invest_amount') })
            .sum({ funded_cents: fundedCentsSql() })
            .groupBy(`sf.${fundLink.target}`, 'raise_state')) as {
            fund: number | string;
            raise_state: RaiseState;
            investors: number | string;
            amount: number | string | null;
            funded_cents: number | string | null;
          }[])
        : [];
      const declines = ids.length ? await declinesOf(ids) : new Map<number, never[]>();
      const answer = shown.map((fund) => {
        const counts = Object.fromEntries(RAISE_STATES.map((state) => [state, 0])) as Record<RaiseState, number>;
        let committed = 0;
        let fundedCents = 0;
        for (const row of grouped.filter((each) => Number(each.fund) === fund.id)) {
          counts[row.raise_state] = Number(row.investors);
          if (!['reviewed', 'declined', 'transferred'].includes(row.raise_state)) committed += Number(row.amount ?? 0);
          fundedCents += Number(row.funded_cents ?? 0);
        }
        const funded = Math.round(fundedCents) / 100;
        const total = money(fund.total_inv_amount);
        const close = fund.close_date ? new Date(fund.close_date).getTime() : null;
        return {
          documentId: fund.documentId,
          name: fund.name,
          status: fundStatus(fund, now),
          open_date: isoOf(fund.open_date),
          close_date: isoOf(fund.close_date),
          days_left: close === null ? null : Math.max(0, Math.ceil((close - now.getTime()) / DAY_MS)),
          total,
          committed,
          funded,
          left: total === null ? null : Math.max(0, total - committed),
          investors: Object.values(counts).reduce((sum, each) => sum + each, 0),
          counts,
          declines: declines.get(fund.id) ?? [],
        };
      });
      const raising = (fund: { status: string }) => ['New', 'Open', 'Started'].includes(fund.status);
      answer.sort(
        (one, other) =>
          Number(raising(other)) - Number(raising(one)) ||
          (raising(one)
            ? (one.close_date ?? '~').localeCompare(other.close_date ?? '~')
            : (other.close_date ?? '').localeCompare(one.close_date ?? '')) ||
          (one.name ?? '').localeCompare(other.name ?? ''),
      );
      // A transferred position left the raise: its state is listed (and counted) only where a fund shown has one.
      const states = answer.some((fund) => fund.counts.transferred) ? COMMITMENT_STATES : RAISE_STATES;
      return {
        portal: { slug: portal.slug, name: (portal as { name?: string | null }).name ?? portal.slug },
        portals: choices,
        funds: answer,
        states: states.map((state) => ({ state, label: RAISE_STATE_LABELS[state] })),
      };
    },

    /** GET /sponsor-desk/funds/:documentId/commitments: a page of the table, as Strapi's admin lists answer. */
    async commitments(fundDocumentId: string, query: CommitmentQuery): Promise<CommitmentsPage> {
      const fund = await ledger(strapi).fundNamed(fundDocumentId);
      const [{ total }] = (await filtered(fund.id, query).count({ total: '*' })) as { total: number | string }[];
      const results = await linesOf(
        fund.id,
        await orderedIds(fund.id, query, { offset: (query.page - 1) * query.pageSize, limit: query.pageSize }),
      );
      return {
        fund: { documentId: fund.documentId, name: fund.name },
        results,
        pagination: {
          page: query.page,
          pageSize: query.pageSize,
          pageCount: Math.ceil(Number(total) / query.pageSize),
          total: Number(total),
        },
      };
    },

    /**
     * GET /sponsor-desk/funds/:documentId/commitments.csv: every row the filter shows, in its order, as CSV text to
     * stream (the header first, then `batch` rows at a time). The filter's rows and their order are taken once, as
     * ids, when the export starts; each batch then reads its rows by id. So a row is exported exactly once even while
     * reminders (which move rows sorted by last reminder or last change) or other writes run, and each batch costs
     * the same, where OFFSET batches cost more the further they read and skip or repeat rows that moved meanwhile.
     */
    commitmentsCsv: commitmentsCsv(strapi).commitmentsCsv,

    filtered,
  };
};

export type BoardService = ReturnType<typeof boardService>;
export const board = serviceAccessor<BoardService>('api::synd-user.board');
export default boardService;
