import type { Core } from '@strapi/strapi';
import { fundStatus, INVEST_STATUS, type InvestmentView } from '@portal/rules';
import { joinedRead, type JoinedReadSpec, type JoinedRow, type ReadTable } from '../../utils/joined-read';
import { commitmentTotals } from './commitment-totals';
import {
  FUND_FIELDS,
  INVESTMENT_FIELDS,
  investmentView,
  limitsOf,
  type FundRow,
  type InvestmentRow,
  type OwnRow,
} from './investment-view';
import { INVESTMENT, SYND_USER } from '../../utils/uids';

/** An investment with its fund, and the portal the fund's company belongs to (`p`). */
const INVESTMENT_TABLES: ReadTable[] = [
  { as: 'f', relation: 'fund', of: 'i', fields: FUND_FIELDS },
  { as: 'c', relation: 'company', of: 'f', idOnly: true },
  { as: 'p', relation: 'portal', of: 'c', idOnly: true },
];

const investmentOf = (row: JoinedRow): InvestmentRow =>
  ({ ...row.i, fund: (row.f as FundRow | null) ?? null }) as unknown as InvestmentRow;

/** One of the caller's syndication users, with its investment (and the investment's fund) and its own fund's portal. */
interface CallerRow {
  own: OwnRow;
  investment: InvestmentRow | null;
  portalId: number | null;
}

/** One of the caller's syndication users and the id of its investment. */
interface OwnCommitment {
  own: OwnRow;
  investmentId: number | null;
}

/**
 * The investor's reads of investments (GET /api/syndication/mine, available, byslug/:slug) as read models: each answer
 * from one or two statements written once (src/utils/joined-read.ts), where the query engine's populate ran one query
 * per relation. The access rules are the service's: the caller's own syndication users, their portal's investments.
 */
function investmentReads(strapi: Core.Strapi) {
  /** Every syndication user of the caller (any portal), newest commitment first, as `mine` orders them. */
  /** A caller's syndication users (by the user's id, the read's one parameter), latest start date first. */
  const CALLERS_ROWS: Pick<JoinedReadSpec, 'where' | 'orderBy'> = {
    where: (query, { linked }, param) => query.where(linked('u'), param(0)),
    orderBy: ({ column }) => [
      { column: column('s', 'sa_start_date'), order: 'desc' },
      { column: column('s', 'id'), order: 'desc' },
    ],
  };

  const callerSyndUsers = joinedRead(strapi, {
    tables: [
      { as: 's', uid: SYND_USER },
      { as: 'u', relation: 'user', of: 's', idOnly: true, required: true },
      { as: 'i', relation: 'investment', of: 's', fields: INVESTMENT_FIELDS },
      { as: 'f', relation: 'fund', of: 'i', fields: FUND_FIELDS },
      { as: 'sf', relation: 'fund', of: 's', idOnly: true },
      { as: 'c', relation: 'company', of: 'sf', idOnly: true },
      { as: 'p', relation: 'portal', of: 'c', idOnly: true },
    ],
    ...CALLERS_ROWS,
  });

  /** The same rows with the investment by its id alone: what a view's limits and the caller's own row need. */
  const callerCommitments = joinedRead(strapi, {
    tables: [
      { as: 's', uid: SYND_USER },
      { as: 'u', relation: 'user', of: 's', idOnly: true, required: true },
      { as: 'i', relation: 'investment', of: 's', idOnly: true },
      { as: 'sf', relation: 'fund', of: 's', idOnly: true },
    ],
    ...CALLERS_ROWS,
  });

  const base: ReadTable = { as: 'i', uid: INVESTMENT, fields: INVESTMENT_FIELDS };
  const byId = ({ column }: { column(as: string, attribute: string): string }) => [
    { column: column('i', 'id'), order: 'asc' as const },
  ];

  /** The portal's investments, by id. */
  const portalInvestments = joinedRead(strapi, {
    tables: [base, ...INVESTMENT_TABLES],
    where: (query, { linked }, param) => query.where(linked('p'), param(0)),
    orderBy: byId,
  });

  /** The portal's first investment (by id) with this url_slug, its own or its fund's. */
  const investmentBySlug = joinedRead(strapi, {
    tables: [base, ...INVESTMENT_TABLES],
    where: (query, { column, linked }, param) =>
      query
        .where(linked('p'), param(0))
        .where((either) => either.where(column('i', 'url_slug'), param(1)).orWhere(column('f', 'url_slug'), param(1))),
    orderBy: byId,
    limit: 1,
  });

  const ownOf = (row: JoinedRow) => ({ ...row.s, fund: row.sf ? { id: row.sf.id as number } : null }) as OwnRow;

  async function callerRows(userId: number): Promise<CallerRow[]> {
    return (await callerSyndUsers(userId)).map((row) => ({
      own: ownOf(row),
      investment: row.i ? investmentOf(row) : null,
      portalId: row.p ? (row.p.id as number) : null,
    }));
  }

  /** The caller's commitments with the id of each one's investment (no investment or fund read). */
  async function commitmentsOf(userId: number): Promise<OwnCommitment[]> {
    return (await callerCommitments(userId)).map((row) => ({
      own: ownOf(row),
      investmentId: row.i ? (row.i.id as number) : null,
    }));
  }

  /** The caller's syndication user of each investment (their latest, should there be two). */
  const ownByInvestment = (rows: OwnCommitment[]) => {
    const own = new Map<number, OwnRow>();
    for (const { own: row, investmentId } of rows)
      if (investmentId !== null && row.id > (own.get(investmentId)?.id ?? 0)) own.set(investmentId, row);
    return own;
  };

  /** The views of these investments with the caller's own commitments: everyone's totals come from their cache. */
  async function views(rows: { own: OwnRow }[], entries: { investment: InvestmentRow; own: OwnRow | null }[]) {
    const shown = entries.filter(({ investment }) => investment.fund);
    if (!shown.length) return [];
    // The funds of the caller's signed, accepted commitments, whatever the portal: an existing investor's minimum.
    const investedIn = rows.flatMap(({ own }) =>
      own.invest_status === INVEST_STATUS.accepted && own.sa_complete_date && own.fund ? [own.fund.id] : [],
    );
    const totals = await commitmentTotals(strapi).fundTotals([
      ...new Set(shown.map(({ investment }) => investment.fund!.id)),
    ]);
    return shown.map(({ investment, own }) =>
      investmentView(
        investment,
        own,
        limitsOf(investment.fund!, own, totals.get(investment.fund!.id) ?? 0, investedIn),
      ),
    );
  }

  return {
    /** The investments the caller said yes to in their portal, newest commitment first. One statement. */
    async mine(userId: number, portalId: number): Promise<InvestmentView[]> {
      const rows = await callerRows(userId);
      const entries = rows.flatMap(({ own, investment, portalId: portal }) =>
        own.invest_status === INVEST_STATUS.accepted && portal === portalId && investment ? [{ investment, own }] : [],
      );
      return views(rows, entries);
    },

    /** The portal's investments open for commitments, soonest closing first, with the caller's decision. Two statements. */
    async available(userId: number, portalId: number): Promise<InvestmentView[]> {
      const [rows, investments] = await Promise.all([commitmentsOf(userId), portalInvestments(portalId)]);
      const open = investments
        .map(investmentOf)
        .filter((investment) => investment.fund && fundStatus(investment.fund) === 'Started');
      open.sort(
        (a, b) =>
          (Date.parse(a.fund?.close_date ?? '') || Infinity) - (Date.parse(b.fund?.close_date ?? '') || Infinity),
      );
      const own = ownByInvestment(rows);
      return views(
        rows,
        open.map((investment) => ({ investment, own: own.get(investment.id) ?? null })),
      );
    },

    /** The portal's investment with this url_slug (its own, else its fund's), or null. Two statements. */
    async bySlug(userId: number, portalId: number, slug: string): Promise<InvestmentView | null> {
      const [rows, [found]] = await Promise.all([commitmentsOf(userId), investmentBySlug(portalId, slug)]);
      const investment = found ? investmentOf(found) : null;
      if (!investment?.fund) return null;
      const [shown] = await views(rows, [{ investment, own: ownByInvestment(rows).get(investment.id) ?? null }]);
      return shown;
    },
  };
}

const built = new WeakMap<Core.Strapi, ReturnType<typeof investmentReads>>();

/** The investor's reads of investments, their statements built once per Strapi instance. */
export function investments(strapi: Core.Strapi) {
  let reads = built.get(strapi);
  if (!reads) built.set(strapi, (reads = investmentReads(strapi)));
  return reads;
}
