import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  commitmentProblem,
  currentValue,
  distribution,
  formatUsd,
  fundStatus,
  INVEST_STATUS,
  INVESTMENT_DISCLAIMER_SLUG,
  isInvesting,
  ledgerHistory,
  ledgerPerformance,
  maxInvestment,
  multiples,
  overallReturn,
  storedTerms,
  displayName,
  yesNo,
  type CommitmentTerms,
} from '@portal/rules';
import { conflict } from '../../../utils/http-errors';
import { inTurn, TURNS } from '../../../utils/in-turn';
import { serviceAccessor } from '../../../utils/service';
import { fundTotalsCache } from '../../../utils/signed-in-cache';
import { linkTableOf, tableOf } from '../../../utils/tables';
import type { AccountUser } from '../../account/users';
import { contents } from '../../content/services/content';
import { ledger } from '../../ledger-entry/services/ledger-entry';
import { fundValuations } from '../../valuation/services/valuation';
import { taxSchedules } from '../../tax-schedule/services/tax-schedule';
import { notifications } from '../../notification/services/notification';
import { portals } from '../../portal/services/portal';
import { signing } from '../../signing/services/signing';
import {
  byId,
  SYND_USER_POPULATE,
  syndUsers,
  syndUserView,
  type SyndUserRow,
} from '../../synd-user/services/synd-user';

const INVESTMENT = 'api::investment.investment';
const SYND_USER = 'api::synd-user.synd-user';

/** The fund fields an investor reads; the funding instructions only once their agreement is complete. */
const FUND_FIELDS = [
  'id',
  'documentId',
  'name',
  'type',
  'fund_code',
  'description',
  'fee',
  'fund_status',
  'open_date',
  'start_date',
  'close_date',
  'end_date',
  'min_inv_amount',
  'min_inv_amount_for_existing',
  'max_inv_amount',
  'total_inv_amount',
  'schedule_call_url',
  'url_slug',
  'funding_my_investment_description',
  'wire_instructions',
  'check_instructions',
  'currentPercentageTotalReturned',
  'currentFundValuePercentage',
];
const FUNDING_FIELDS = ['funding_my_investment_description', 'wire_instructions', 'check_instructions'] as const;

type Amount = number | string | null;

interface FundRow {
  id: number;
  documentId: string;
  name: string | null;
  fund_status: string | null;
  open_date: string | null;
  start_date: string | null;
  close_date: string | null;
  end_date: string | null;
  min_inv_amount: Amount;
  min_inv_amount_for_existing: Amount;
  max_inv_amount: Amount;
  total_inv_amount: Amount;
  currentPercentageTotalReturned: Amount;
  currentFundValuePercentage: Amount;
  [field: string]: unknown;
}

interface InvestmentRow {
  id: number;
  documentId: string;
  name: string | null;
  description: string | null;
  website: string | null;
  url_slug: string | null;
  fund: FundRow | null;
}

/** What the site sends to commit, before it is read into terms. */
export interface CommitmentInput {
  id: string | number;
  invest_amount: unknown;
  method_of_inv: unknown;
  is_married: unknown;
  is_marital_state: unknown;
  cosub_first_name?: string;
  cosub_last_name?: string;
  cosub_email?: string;
}

const amount = (value: Amount | undefined): number =>
  value === null || value === undefined || value === '' ? 0 : Number(value);
const optionalAmount = (value: Amount | undefined): number | null =>
  value === null || value === undefined || value === '' ? null : Number(value);
/** A percentage or multiple as the summary answers it: two decimals. */
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Decimal columns come back as strings from PostgreSQL; the contract answers numbers. */
function numbersIn(fund: FundRow): FundRow {
  const copy = { ...fund };
  for (const field of [
    'min_inv_amount',
    'min_inv_amount_for_existing',
    'max_inv_amount',
    'total_inv_amount',
    'fee',
    'currentPercentageTotalReturned',
    'currentFundValuePercentage',
  ] as const) {
    copy[field] = optionalAmount(fund[field] as Amount);
  }
  return copy;
}

/** A signed agreement stands: its terms cannot be changed or declined any more. */
function refuseSigned(own: SyndUserRow | null): void {
  if (own?.syndAgreementSignedByCurrentUser || own?.sa_complete_date) {
    throw conflict('You have already signed the agreement for this investment');
  }
}

const syndicationService = ({ strapi }: { strapi: Core.Strapi }) => {
  /** Where a portal's investments are: through their fund's company. */
  const inPortal = (portalId: number) => ({ fund: { company: { portal: { id: portalId } } } });

  async function portalIdOf(user: AccountUser): Promise<number> {
    const portal = await portals(strapi).ofUser(user);
    if (!portal) throw new errors.NotFoundError('Not found');
    return portal.id;
  }

  function findInvestments(where: Record<string, unknown>): Promise<InvestmentRow[]> {
    return strapi.db.query(INVESTMENT).findMany({
      where,
      select: ['id', 'documentId', 'name', 'description', 'website', 'url_slug'],
      populate: { fund: { select: FUND_FIELDS } },
      // A stable order under the callers' own sorts (PostgreSQL returns a joined query's rows in any order).
      orderBy: { id: 'asc' },
    });
  }

  /**
   * What the accepted commitments to each of these funds add up to, leaving out some syndication users' own (the
   * caller's, when it is being changed or shown). Summed by the database: a fund may hold tens of thousands of them.
   * In the caller's transaction when there is one (a commitment counts inside the fund's turn).
   */
  async function acceptedTotals(fundIds: number[], exceptSyndUserIds: number[] = []): Promise<Map<number, number>> {
    if (fundIds.length === 0) return new Map();
    const links = linkTableOf(strapi, SYND_USER, 'fund');
    const rows = (await strapi.db.transaction(({ trx }) => {
      const query = strapi.db
        .connection(`${tableOf(strapi, SYND_USER)} as s`)
        .transacting(trx as never)
        .join(`${links.name} as l`, `l.${links.owner}`, 's.id')
        .whereIn(`l.${links.target}`, fundIds)
        .where('s.invest_status', INVEST_STATUS.accepted)
        .groupBy(`l.${links.target}`)
        .select({ fund: `l.${links.target}` })
        .sum({ total: 's.invest_amount' });
      if (exceptSyndUserIds.length) query.whereNotIn('s.id', exceptSyndUserIds);
      return query;
    })) as { fund: number | string; total: number | string | null }[];
    return new Map(rows.map((row) => [Number(row.fund), amount(row.total)]));
  }

  /**
   * What the accepted commitments to each fund add up to, everyone's: from the shared fund-totals cache (a sum per
   * fund, computed once for every investor who reads it), or summed in the caller's transaction when there is one.
   * The first fund the cache misses sums them all in one grouped query, which the other misses share: one query per
   * read, not one per fund (the cache is cleared for every fund at once, so misses come together).
   */
  async function fundTotals(fundIds: number[]): Promise<Map<number, number>> {
    if (strapi.db.inTransaction()) return acceptedTotals(fundIds);
    const cache = fundTotalsCache(strapi);
    let summed: Promise<Map<number, number>> | undefined;
    const sumAll = () => (summed ??= acceptedTotals(fundIds));
    const totals = await Promise.all(
      fundIds.map(
        async (fundId) => (await cache.get(['accepted', fundId], async () => (await sumAll()).get(fundId) ?? 0)).value,
      ),
    );
    return new Map(fundIds.map((fundId, index) => [fundId, totals[index]]));
  }

  /** The sum of the accepted commitments to a fund, leaving out one syndication user's own (when it is being changed). */
  async function committed(fundId: number, exceptSyndUserId?: number): Promise<number> {
    return (await acceptedTotals([fundId], exceptSyndUserId === undefined ? [] : [exceptSyndUserId])).get(fundId) ?? 0;
  }

  type Limits = { left: number; minimum: number; maximum: number };

  /**
   * The amounts an investor may commit to each of these funds: what is left (their own commitment aside), minimum
   * (the lower one for existing investors when set and they invest in another fund) and maximum. Two queries
   * however many funds and commitments, so a list of investments costs what one does.
   */
  async function limitsForEach(
    userId: number,
    entries: { fund: FundRow; own: SyndUserRow | null }[],
  ): Promise<Limits[]> {
    if (entries.length === 0) return [];
    type Row = { id: number; invest_amount: Amount; fund: { id: number } | null };
    const [everyone, investedIn]: [Map<number, number>, Row[]] = await Promise.all([
      fundTotals([...new Set(entries.map(({ fund }) => fund.id))]),
      strapi.db.query(SYND_USER).findMany({
        where: { user: { id: userId }, invest_status: INVEST_STATUS.accepted, sa_complete_date: { $notNull: true } },
        select: ['id', 'invest_amount'],
        populate: { fund: { select: ['id'] } },
      }),
    ]);
    return entries.map(({ fund, own }) => {
      // The caller's own accepted commitment aside: what they may commit is what the others left.
      const mine =
        own && own.invest_status === INVEST_STATUS.accepted && own.fund?.id === fund.id ? amount(own.invest_amount) : 0;
      const left = Math.max(0, amount(fund.total_inv_amount) - ((everyone.get(fund.id) ?? 0) - mine));
      const forExisting = optionalAmount(fund.min_inv_amount_for_existing);
      const investsElsewhere = investedIn.some((row) => row.fund && row.fund.id !== fund.id);
      const minimum =
        forExisting !== null && forExisting > 0 && investsElsewhere ? forExisting : amount(fund.min_inv_amount);
      return { left, minimum, maximum: maxInvestment({ minimum, left, fundMax: optionalAmount(fund.max_inv_amount) }) };
    });
  }

  /** The investments as the caller sees them (docs/api-investor.md), each with the caller's own commitment. */
  async function views(user: AccountUser, entries: { investment: InvestmentRow; own: SyndUserRow | null }[]) {
    const shown = entries.filter(({ investment }) => investment.fund);
    const limits = await limitsForEach(
      user.id,
      shown.map(({ investment, own }) => ({ fund: investment.fund!, own })),
    );
    return shown.map(({ investment, own }, index) => view(investment, own, limits[index]));
  }

  /** One investment as the caller sees it, with the amounts they may commit. */
  function view(investment: InvestmentRow, own: SyndUserRow | null, limits: Limits) {
    const fund = investment.fund!;
    const complete = Boolean(own?.sa_complete_date);
    const fundView: Record<string, unknown> = { ...numbersIn(fund), status: fundStatus(fund) };
    for (const field of FUNDING_FIELDS) if (!complete) fundView[field] = null;
    delete fundView.currentPercentageTotalReturned;
    delete fundView.currentFundValuePercentage;
    return {
      id: investment.id,
      documentId: investment.documentId,
      name: investment.name,
      description: investment.description,
      website: investment.website,
      url_slug: investment.url_slug,
      fund: fundView,
      syndUser: own ? syndUserView(own) : null,
      leftAmountToInvest: limits.left,
      minimumAmountToInvest: limits.minimum,
      maximumAmountToInvest: limits.maximum,
      isAvailable: fundStatus(fund) === 'Started',
    };
  }

  /** The caller's syndication users of these investments, by investment id. */
  async function ownOf(userId: number, investmentIds: number[]): Promise<Map<number, SyndUserRow>> {
    // By the user alone (an investor has a commitment or two per investment), the investments picked here: a filter
    // on the investments too would have the database list every commitment to them (tens of thousands) first.
    const rows: SyndUserRow[] = investmentIds.length
      ? await strapi.db.query(SYND_USER).findMany({ where: { user: { id: userId } }, populate: SYND_USER_POPULATE })
      : [];
    const wanted = new Set(investmentIds);
    return new Map(
      rows.filter((row) => row.investment && wanted.has(row.investment.id)).map((row) => [row.investment!.id, row]),
    );
  }

  /** The investment a commit names: through the caller's syndication user, else directly (their first commit). */
  async function target(
    user: AccountUser,
    id: string | number,
  ): Promise<{ investment: InvestmentRow; own: SyndUserRow | null }> {
    const portalId = await portalIdOf(user);
    const own: SyndUserRow | null = await strapi.db
      .query(SYND_USER)
      .findOne({ where: { ...byId(id), user: { id: user.id } }, populate: SYND_USER_POPULATE });
    const [investment] = await findInvestments({
      ...(own?.investment ? { id: own.investment.id } : byId(id)),
      ...inPortal(portalId),
    });
    if (!investment?.fund) throw new errors.NotFoundError('Not found');
    if (own) return { investment, own };
    return { investment, own: (await ownOf(user.id, [investment.id])).get(investment.id) ?? null };
  }

  /**
   * Runs `write` in one transaction, in turn with every other decision on the same fund (so what is left to invest is
   * read and committed as one step), with the caller's syndication user of the investment as the transaction sees it:
   * a simultaneous first commit or decline by the same investor may have made it since it was read, and is then
   * changed rather than a second one made. A signed agreement stands and is never changed.
   */
  function decide<T>(
    user: AccountUser,
    investment: InvestmentRow,
    write: (own: SyndUserRow | null) => Promise<T>,
  ): Promise<T> {
    return inTurn(strapi, [TURNS.fundCommitments, investment.fund!.id], async () => {
      const own = (await ownOf(user.id, [investment.id])).get(investment.id) ?? null;
      refuseSigned(own);
      return write(own);
    });
  }

  /** Tells the portal's staff about a decision; a missing template or mail failure never undoes the decision. */
  async function tellStaff(user: AccountUser, templateName: string, tags: Record<string, string>): Promise<void> {
    const portalId = await portalIdOf(user);
    await notifications(strapi)
      .toPortalStaff(portalId, templateName, { userName: displayName(user), ...tags })
      .catch((error: unknown) =>
        strapi.log.warn(
          `Notification ${templateName} not sent: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
  }

  return {
    /** The investments the caller said yes to, newest commitment first. */
    async mine(user: AccountUser) {
      const portalId = await portalIdOf(user);
      const rows: SyndUserRow[] = await strapi.db.query(SYND_USER).findMany({
        where: { user: { id: user.id }, invest_status: INVEST_STATUS.accepted, ...inPortal(portalId) },
        populate: SYND_USER_POPULATE,
        orderBy: [{ sa_start_date: 'desc' }, { id: 'desc' }],
      });
      const investments = await findInvestments({ id: { $in: rows.map((row) => row.investment?.id ?? 0) } });
      const byInvestment = new Map(investments.map((investment) => [investment.id, investment]));
      const entries = rows.flatMap((row) => {
        const investment = row.investment && byInvestment.get(row.investment.id);
        return investment ? [{ investment, own: row }] : [];
      });
      return { items: await views(user, entries) };
    },

    /** The portal's investments open for commitments (fund Started), soonest closing first, with the caller's decision. */
    async available(user: AccountUser) {
      const portalId = await portalIdOf(user);
      const investments = (await findInvestments(inPortal(portalId))).filter(
        (investment) => investment.fund && fundStatus(investment.fund) === 'Started',
      );
      investments.sort(
        (a, b) =>
          (Date.parse(a.fund?.close_date ?? '') || Infinity) - (Date.parse(b.fund?.close_date ?? '') || Infinity),
      );
      const own = await ownOf(
        user.id,
        investments.map((investment) => investment.id),
      );
      return {
        items: await views(
          user,
          investments.map((investment) => ({ investment, own: own.get(investment.id) ?? null })),
        ),
      };
    },

    /** The portal's investment with this url_slug (its own, else its fund's), whatever its status. */
    async bySlug(user: AccountUser, slug: string) {
      const portalId = await portalIdOf(user);
      const [investment] = await findInvestments({
        ...inPortal(portalId),
        $or: [{ url_slug: slug }, { fund: { url_slug: slug } }],
      });
      if (!investment?.fund) throw new errors.NotFoundError('Not found');
      const [shown] = await views(user, [
        { investment, own: (await ownOf(user.id, [investment.id])).get(investment.id) ?? null },
      ]);
      return shown;
    },

    /** One row per fund the caller invests in, with the spec's formulas, newest close date first, and the overall return. */
    async summary(user: AccountUser) {
      const portalId = await portalIdOf(user);
      const rows: (SyndUserRow & { fund: FundRow | null })[] = await strapi.db.query(SYND_USER).findMany({
        where: {
          user: { id: user.id },
          invest_status: INVEST_STATUS.accepted,
          sa_complete_date: { $notNull: true },
          ...inPortal(portalId),
        },
        select: ['id', 'invest_amount', 'invest_status', 'sa_complete_date'],
        populate: { fund: { select: FUND_FIELDS } },
        orderBy: { id: 'asc' },
      });
      const perFund = new Map<number, { fund: FundRow; invested: number; syndUserIds: number[] }>();
      for (const row of rows.filter((candidate) => candidate.fund && isInvesting(candidate))) {
        const entry = perFund.get(row.fund!.id) ?? { fund: row.fund!, invested: 0, syndUserIds: [] };
        entry.invested += amount(row.invest_amount);
        entry.syndUserIds.push(row.id);
        perFund.set(row.fund!.id, entry);
      }
      // Where a fund keeps a ledger, the investor's figures come from their entries and the fund's valuations.
      const funds = [...perFund.values()];
      const [lines, valuations] = await Promise.all([
        ledger(strapi).linesBySyndUser(funds.flatMap((each) => each.syndUserIds)),
        fundValuations(strapi).byFund(
          funds.map((each) => each.fund.id),
          funds.flatMap((each) => each.syndUserIds),
        ),
      ]);
      const [ledgerFunds, openCalls, taxDocuments] = await Promise.all([
        ledger(strapi).fundsWithLedger(funds.map((each) => each.fund.id)),
        ledger(strapi).openCalls(funds.flatMap((each) => each.syndUserIds)),
        taxSchedules(strapi).forFunds(
          funds.map((each) => each.fund.id),
          user.id,
        ),
      ]);
      const today = new Date().toISOString().slice(0, 10);
      const table = funds.map(({ fund, invested, syndUserIds }) => {
        // The fund's documentId lets the site link the row's own transactions (/dashboard/transactions?fund=).
        const common = {
          fund_name: fund.name?.trim() || 'Unknown Fund',
          close_date: fund.close_date,
          fund_document_id: fund.documentId,
        };
        if (ledgerFunds.has(fund.id)) {
          const figures = ledgerPerformance(
            syndUserIds.flatMap((id) => lines.get(id) ?? []),
            valuations.get(fund.id) ?? [],
            today,
          );
          const made = figures.contributedCents / 100;
          const distributed = figures.distributedCents / 100;
          return {
            ...common,
            investment_made: made,
            current_distribution: distributed,
            percentage_returned: made > 0 ? round2((distributed / made) * 100) : 0,
            current_value: figures.valueCents / 100,
            irr: figures.irr === undefined ? null : round2(figures.irr * 100),
            equity_multiple: figures.tvpi === undefined ? null : round2(figures.tvpi),
            dpi: figures.dpi === undefined ? null : round2(figures.dpi),
            has_ledger: true,
          };
        }
        const returned = optionalAmount(fund.currentPercentageTotalReturned) ?? 0;
        const current_distribution = distribution(invested, returned);
        const current_value = currentValue(invested, optionalAmount(fund.currentFundValuePercentage));
        const { tvpi, dpi } = multiples({
          contributed: invested,
          distributed: current_distribution,
          value: current_value,
        });
        return {
          ...common,
          investment_made: invested,
          current_distribution,
          percentage_returned: returned,
          current_value,
          // No dated flows, no rate of return: the site shows a dash.
          irr: null,
          equity_multiple: tvpi === undefined ? null : round2(tvpi),
          dpi: dpi === undefined ? null : round2(dpi),
          has_ledger: false,
        };
      });
      table.sort(
        (a, b) => (Date.parse(b.close_date ?? '') || -Infinity) - (Date.parse(a.close_date ?? '') || -Infinity),
      );
      // Added in whole cents, so the totals are the rows' sum to the cent (dollar floats drift: 0.1 + 0.2).
      const inCents = (dollars: number) => Math.round(dollars * 100);
      const centsTotals = table.reduce(
        (sum, row) => ({
          invested: sum.invested + inCents(row.investment_made),
          distribution: sum.distribution + inCents(row.current_distribution),
          currentValue: sum.currentValue + inCents(row.current_value),
        }),
        { invested: 0, distribution: 0, currentValue: 0 },
      );
      const totals = {
        invested: centsTotals.invested / 100,
        distribution: centsTotals.distribution / 100,
        currentValue: centsTotals.currentValue / 100,
      };
      // The content the site shows under the summary, with it: one call fewer for the dashboard (docs/api-investor.md).
      // Where funds keep a ledger: the money over time across them, for the chart (docs/capital-accounts.md).
      const history = ledgerHistory(
        funds
          .filter(({ fund }) => ledgerFunds.has(fund.id))
          .map(({ fund, syndUserIds }) => ({
            lines: syndUserIds.flatMap((id) => lines.get(id) ?? []),
            valuations: valuations.get(fund.id) ?? [],
          })),
        today,
      ).map((point) => ({
        date: point.date,
        contributed: point.contributedCents / 100,
        distributed: point.distributedCents / 100,
        value: point.valueCents / 100,
      }));
      const disclaimer = table.length
        ? ((await contents(strapi).bySlug([INVESTMENT_DISCLAIMER_SLUG], { id: portalId }))[
            INVESTMENT_DISCLAIMER_SLUG
          ] ?? null)
        : null;
      return {
        rows: table,
        totals,
        overallReturn: overallReturn(totals),
        history,
        openCalls,
        taxDocuments,
        disclaimer,
      };
    },

    /**
     * Says yes to an investment with these terms, checked by the spec's rules. The fund's total is checked and the
     * commitment written in one transaction holding the fund's row, so simultaneous commits never oversubscribe it.
     */
    async setInvesting(user: AccountUser, input: CommitmentInput) {
      if (!user.accreditation)
        throw new errors.ForbiddenError('Please state your accreditation status before investing');
      const { investment, own } = await target(user, input.id);
      const fund = investment.fund!;
      if (fundStatus(fund) !== 'Started') throw new errors.ValidationError('This offering is not open for investment');
      refuseSigned(own);
      const terms: CommitmentTerms = {
        invest_amount:
          typeof input.invest_amount === 'number' ||
          (typeof input.invest_amount === 'string' && /^\d+(\.\d{1,2})?$/.test(input.invest_amount.trim()))
            ? Number(input.invest_amount)
            : null,
        method_of_inv: typeof input.method_of_inv === 'string' ? input.method_of_inv : null,
        is_married: yesNo(input.is_married),
        is_marital_state: yesNo(input.is_marital_state),
        cosub_first_name: input.cosub_first_name ?? null,
        cosub_last_name: input.cosub_last_name ?? null,
        cosub_email: input.cosub_email ?? null,
      };
      const [limits] = await limitsForEach(user.id, [{ fund, own }]);
      const problem = commitmentProblem(terms, limits);
      if (problem) throw new errors.ValidationError(problem);

      const data = {
        invest_status: INVEST_STATUS.accepted,
        ...storedTerms(terms),
        userFirstName: user.firstName ?? null,
        userLastName: user.lastName ?? null,
        sa_start_date: new Date(),
      };
      const { savedId, changed } = await decide(user, investment, async (current) => {
        const left = amount(fund.total_inv_amount) - (await committed(fund.id, current?.id));
        if (terms.invest_amount! > left) {
          throw conflict(`Only ${formatUsd(Math.max(0, left))} is left to invest in this offering`);
        }
        if (current) {
          await strapi.db.query(SYND_USER).update({ where: { id: current.id }, data });
          return { savedId: current.id, changed: true };
        }
        const created = await strapi.db.query(SYND_USER).create({
          data: {
            ...data,
            user: user.id,
            fund: fund.id,
            investment: investment.id,
            syndAgreementsCount: 0,
            hasSyndAgreement: false,
          },
        });
        return { savedId: created.id as number, changed: false };
      });
      // New terms make any agreement not signed yet stale: the next request_sign renders one with these.
      if (changed) await signing(strapi).discardUnsigned(savedId);
      const saved = await syndUsers(strapi).ownedBy(user.id, savedId);
      await tellStaff(user, 'syndication_committed', {
        investmentName: investment.name ?? '',
        amount: formatUsd(terms.invest_amount),
      });
      return { success: true, syndUser: syndUserView(saved) };
    },

    /** Says no to an investment (with optional feedback); a signed agreement stands and cannot be declined here. */
    async setNotInvesting(user: AccountUser, id: string | number, feedback: string | undefined) {
      const { investment } = await target(user, id);
      const data = {
        invest_status: INVEST_STATUS.declined,
        feedback: feedback?.trim() || null,
        userFirstName: user.firstName ?? null,
        userLastName: user.lastName ?? null,
      };
      const { savedId, changed } = await decide(user, investment, async (current) =>
        current
          ? {
              savedId: (await strapi.db.query(SYND_USER).update({ where: { id: current.id }, data })).id as number,
              changed: true,
            }
          : {
              savedId: (
                await strapi.db.query(SYND_USER).create({
                  data: {
                    ...data,
                    user: user.id,
                    fund: investment.fund!.id,
                    investment: investment.id,
                    invest_amount: 0,
                  },
                })
              ).id as number,
              changed: false,
            },
      );
      if (changed) await signing(strapi).discardUnsigned(savedId);
      const saved = await syndUsers(strapi).ownedBy(user.id, savedId);
      await tellStaff(user, 'syndication_declined', {
        investmentName: investment.name ?? '',
        feedback: data.feedback ?? '',
      });
      return { success: true, syndUser: syndUserView(saved) };
    },
  };
};

export type SyndicationService = ReturnType<typeof syndicationService>;

/** The syndication service, typed. */
export const syndications = serviceAccessor<SyndicationService>('api::syndication.syndication');

export default syndicationService;
