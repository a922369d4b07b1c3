import type { Core } from '@strapi/strapi';
import {
  currentValue,
  distribution,
  INVESTMENT_DISCLAIMER_SLUG,
  isInvesting,
  ledgerHistory,
  ledgerPerformance,
  multiples,
  overallReturn,
  type InvestmentSummary,
} from '@portal/rules';
import type { AccountUser } from '../account/users';
import { contents } from '../content/services/content';
import { ledger } from '../ledger-entry/services/ledger-entry';
import { expectedDocuments } from '../tax-schedule/services/expected-documents';
import { fundValuations, heldByOwners } from '../valuation/services/valuation';
import { readCache } from '../../utils/read-cache';
import { fundFactsCache } from '../../utils/signed-in-cache';
import { amount, optionalAmount, type FundRow } from './investment-view';
import { summaryReads } from './summary-reads';

/**
 * What the summary reads of the funds themselves, the same for every investor of this set of funds: their valuations
 * (each total value shared among the funds' investors), their tax schedules, and which keep a ledger. From the fund
 * facts cache (src/utils/signed-in-cache.ts), or read (three statements) and kept; read afresh inside a transaction.
 */
async function fundFacts(strapi: Core.Strapi, fundIds: number[]) {
  const ids = [...new Set(fundIds)].sort((a, b) => a - b);
  const read = async () => {
    const [valuations, ledgerFunds, schedules] = await Promise.all([
      fundValuations(strapi).sharesByFund(ids),
      ledger(strapi).fundsWithLedger(ids),
      expectedDocuments(strapi).schedules(ids),
    ]);
    return { valuations, ledgerFunds, schedules };
  };
  return fundFactsCache(strapi).object(['summary', ...ids], read);
}

/** The day (YYYY-MM-DD) of a stored date or moment (SQLite answers text, PostgreSQL a Date); null for none. */
const dayOf = (value: string | Date | null | undefined): string | null =>
  value ? new Date(value).toISOString().slice(0, 10) : null;

/** A percentage or multiple as the summary answers it: two decimals. */
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * GET /api/syndication/summary: one row per fund the caller invests in (in their portal), with the spec's formulas
 * (or the ledger's figures where the fund keeps one), newest close date first, and the overall return.
 */
export async function investmentSummary(
  strapi: Core.Strapi,
  user: AccountUser,
  portalId: number,
): Promise<InvestmentSummary> {
  const reads = summaryReads(strapi);
  const rows = await reads.positions(user.id, portalId);
  const perFund = new Map<
    number,
    { fund: FundRow; invested: number; syndUserIds: number[]; investedOn: string | null }
  >();
  for (const row of rows.filter((candidate) => candidate.fund && isInvesting(candidate))) {
    const entry = perFund.get(row.fund!.id) ?? { fund: row.fund!, invested: 0, syndUserIds: [], investedOn: null };
    entry.invested += amount(row.invest_amount);
    entry.syndUserIds.push(row.id);
    // When this commitment's money went in: its funds transfer, else its completed agreement; the fund's earliest.
    const went = dayOf(row.ft_complete_date ?? row.sa_complete_date);
    if (went && (!entry.investedOn || went < entry.investedOn)) entry.investedOn = went;
    perFund.set(row.fund!.id, entry);
  }
  // Where a fund keeps a ledger, the investor's figures come from their entries and the fund's valuations.
  const funds = [...perFund.values()];
  const syndUserIds = funds.flatMap((each) => each.syndUserIds);
  const [lines, openCalls, facts] = await Promise.all([
    reads.linesBySyndUser(user.id, syndUserIds),
    reads.openCalls(user.id, syndUserIds),
    fundFacts(
      strapi,
      funds.map((each) => each.fund.id),
    ),
  ]);
  const { ledgerFunds } = facts;
  const valuations = heldByOwners(facts.valuations, syndUserIds);
  const taxDocuments = await expectedDocuments(strapi).forInvestor(facts.schedules, user.id);
  const today = new Date().toISOString().slice(0, 10);
  const table = funds.map(({ fund, invested, syndUserIds, investedOn }) => {
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
        invested_on: null,
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
      invested_on: investedOn,
    };
  });
  table.sort((a, b) => (Date.parse(b.close_date ?? '') || -Infinity) - (Date.parse(a.close_date ?? '') || -Infinity));
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
  // Public content, the same for every investor of the portal: kept by the public read cache (README, Fast public reads).
  const disclaimer = table.length
    ? ((
        await readCache(strapi).object(['disclaimer', portalId], () =>
          contents(strapi).bySlug([INVESTMENT_DISCLAIMER_SLUG], { id: portalId }),
        )
      )[INVESTMENT_DISCLAIMER_SLUG] ?? null)
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
}
