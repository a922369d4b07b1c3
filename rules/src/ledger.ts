import { multiples, rollForward, xirr, type CapitalAccount, type DatedFlow } from './returns';

export const LEDGER_TYPES = ['contribution', 'distribution', 'fee', 'adjustment'] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];
export const DISTRIBUTION_KINDS = ['return_of_capital', 'income', 'gain'] as const;
export type DistributionKind = (typeof DISTRIBUTION_KINDS)[number];
/** What a line does to an account: an adjustment does what the entry it corrects does. */
export type LedgerEffect = Exclude<LedgerType, 'adjustment'>;

/** One ledger entry as the rules read it: whole cents, a date (YYYY-MM-DD), and for an adjustment the entry it corrects. */
export interface LedgerLine {
  type: LedgerType;
  kind?: DistributionKind | null;
  amountCents: number;
  date: string;
  corrects?: { type: LedgerType; kind?: DistributionKind | null } | null;
}

/** A fund's value at a date, as a percentage of the capital contributed (the spec's currentFundValuePercentage). */
export interface ValuationPoint {
  date: string;
  valuePercent: number;
  /**
   * Where the valuation was the fund's total value: this investor's part of it at the date, in cents (the total
   * shared among the fund's investors by capital contributed, to the cent), which the value then is instead of the
   * percent's rounding.
   */
  valueCents?: number;
}

/**
 * What a line does: contributions are money the investor paid in, distributions money paid out to them, fees charges
 * they paid; an adjustment (signed) adds to the type of the entry it corrects. An adjustment that names no entry, or
 * another adjustment, corrects nothing the totals can place and counts as a contribution correction.
 */
export function effectOf(line: LedgerLine): { effect: LedgerEffect; kind: DistributionKind | null } {
  if (line.type !== 'adjustment')
    return { effect: line.type, kind: line.type === 'distribution' ? (line.kind ?? null) : null };
  const corrected = line.corrects?.type;
  if (corrected && corrected !== 'adjustment')
    return { effect: corrected, kind: corrected === 'distribution' ? (line.corrects?.kind ?? null) : null };
  return { effect: 'contribution', kind: null };
}

export interface LedgerTotals {
  contributedCents: number;
  distributedCents: number;
  feesCents: number;
  /** Distributions by kind; those recorded without a kind under 'unspecified'. */
  distributedByKind: Record<DistributionKind | 'unspecified', number>;
}

const onOrBefore = (date: string, until?: string) => until === undefined || date.slice(0, 10) <= until;
const between = (date: string, from: string, to: string) => date.slice(0, 10) >= from && date.slice(0, 10) <= to;

/** The totals of the lines dated on or before `until` (YYYY-MM-DD; all of them without it). */
export function ledgerTotals(lines: LedgerLine[], until?: string): LedgerTotals {
  const totals: LedgerTotals = {
    contributedCents: 0,
    distributedCents: 0,
    feesCents: 0,
    distributedByKind: { return_of_capital: 0, income: 0, gain: 0, unspecified: 0 },
  };
  for (const line of lines) {
    if (!onOrBefore(line.date, until)) continue;
    const { effect, kind } = effectOf(line);
    if (effect === 'contribution') totals.contributedCents += line.amountCents;
    else if (effect === 'fee') totals.feesCents += line.amountCents;
    else {
      totals.distributedCents += line.amountCents;
      totals.distributedByKind[kind ?? 'unspecified'] += line.amountCents;
    }
  }
  return totals;
}

/** What a line does to the capital the investor has in, net: contributions and fees add, distributions take away. */
export function netInvestedChange(line: LedgerLine): number {
  return effectOf(line).effect === 'distribution' ? -line.amountCents : line.amountCents;
}

/** The valuation in force at a date: the newest on or before it (of two on one day, the later given); none before the first. */
export function valuationAt(valuations: ValuationPoint[], date: string): ValuationPoint | undefined {
  return valuations
    .filter((valuation) => valuation.date.slice(0, 10) <= date)
    .reduce<
      ValuationPoint | undefined
    >((newest, valuation) => (!newest || valuation.date >= newest.date ? valuation : newest), undefined);
}

/**
 * The investor's value at a date. The newest valuation on or before it gives the value then (the capital contributed
 * by the valuation's date at its percent, which already reflects what was paid out before it); money that moved after
 * it counts at cost: contributions since add, distributions since (of any kind) take away. Before the first
 * valuation the value is the capital contributed less everything distributed. Never below zero: money paid out beyond
 * the value held is not a debt of the investor. Fees are charges, not capital held, and change no value.
 */
export function valueAt(lines: LedgerLine[], valuations: ValuationPoint[], date: string): number {
  const valuation = valuationAt(valuations, date);
  const valuedOn = valuation?.date.slice(0, 10);
  let value = !valuation
    ? 0
    : (valuation.valueCents ??
      Math.round((ledgerTotals(lines, valuedOn).contributedCents * valuation.valuePercent) / 100));
  for (const line of lines) {
    const day = line.date.slice(0, 10);
    // A line dated on the valuation's day is in the valuation already.
    if (day > date || (valuedOn !== undefined && day <= valuedOn)) continue;
    const { effect } = effectOf(line);
    if (effect === 'contribution') value += line.amountCents;
    else if (effect === 'distribution') value -= line.amountCents;
  }
  return Math.max(0, value);
}

/**
 * The investor's dated flows to a date, as XIRR reads them: contributions and fees paid in (negative), distributions
 * received (positive), and the value held at that date as the last flow.
 */
export function flowsUntil(lines: LedgerLine[], valuations: ValuationPoint[], date: string): DatedFlow[] {
  const flows = lines
    .filter((line) => onOrBefore(line.date, date))
    .map((line) => ({
      date: line.date.slice(0, 10),
      amount: effectOf(line).effect === 'distribution' ? line.amountCents : -line.amountCents,
    }));
  return [...flows, { date, amount: valueAt(lines, valuations, date) }];
}

export interface LedgerPerformance {
  contributedCents: number;
  distributedCents: number;
  feesCents: number;
  valueCents: number;
  /** Annual internal rate of return, a fraction (0.12 = 12%); undefined where none exists. */
  irr: number | undefined;
  /** (Distributions + value) / paid in, paid in being contributions and fees. */
  tvpi: number | undefined;
  dpi: number | undefined;
}

/** An investment's figures at a date, from its ledger and its fund's valuations. */
export function ledgerPerformance(lines: LedgerLine[], valuations: ValuationPoint[], date: string): LedgerPerformance {
  const totals = ledgerTotals(lines, date);
  const valueCents = valueAt(lines, valuations, date);
  const { tvpi, dpi } = multiples({
    contributed: totals.contributedCents + totals.feesCents,
    distributed: totals.distributedCents,
    value: valueCents,
  });
  return { ...totals, valueCents, irr: xirr(flowsUntil(lines, valuations, date)), tvpi, dpi };
}

/** The day before a date (YYYY-MM-DD). */
export function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * A capital account statement for a period (both ends included): the value held the day before it opened, the
 * contributions and distributions within it, the value at its end, the value change that balances them, and the
 * IRR from the first contribution to the period's end.
 */
export function capitalAccountFor(
  lines: LedgerLine[],
  valuations: ValuationPoint[],
  from: string,
  to: string,
): CapitalAccount & { irr: number | undefined; feesCents: number } {
  const inPeriod = lines.filter((line) => between(line.date, from, to));
  const totals = ledgerTotals(inPeriod);
  const account = rollForward({
    opening: valueAt(lines, valuations, dayBefore(from)),
    contributions: totals.contributedCents,
    distributions: totals.distributedCents,
    closing: valueAt(lines, valuations, to),
  });
  return { ...account, feesCents: totals.feesCents, irr: xirr(flowsUntil(lines, valuations, to)) };
}

/** One point of an investor's history: what they had paid in, received, and held at a date (cents). */
export interface HistoryPoint {
  date: string;
  contributedCents: number;
  distributedCents: number;
  valueCents: number;
}

/**
 * The investor's money over time across their investments that keep a ledger: a point at every date money moved or
 * a valuation was made, and today; cumulative contributions and distributions, and the value held.
 */
export function ledgerHistory(
  accounts: { lines: LedgerLine[]; valuations: ValuationPoint[] }[],
  today: string,
): HistoryPoint[] {
  const first = accounts.flatMap(({ lines }) => lines.map((line) => line.date.slice(0, 10))).sort()[0];
  if (!first) return [];
  const dates = new Set<string>([today]);
  for (const { lines, valuations } of accounts) {
    for (const line of lines) dates.add(line.date.slice(0, 10));
    for (const valuation of valuations) if (valuation.date >= first) dates.add(valuation.date.slice(0, 10));
  }
  return [...dates]
    .filter((date) => date <= today)
    .sort()
    .map((date) => {
      let contributedCents = 0;
      let distributedCents = 0;
      let valueCents = 0;
      for (const { lines, valuations } of accounts) {
        const totals = ledgerTotals(lines, date);
        contributedCents += totals.contributedCents;
        distributedCents += totals.distributedCents;
        valueCents += valueAt(lines, valuations, date);
      }
      return { date, contributedCents, distributedCents, valueCents };
    });
}
