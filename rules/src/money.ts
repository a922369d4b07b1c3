const wholeUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const centsUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** US dollars: '$25,000' for whole amounts, '$25,000.50' with cents, '$0' for zero or a missing amount. */
export function formatUsd(amount: number | null | undefined): string {
  const value = amount ?? 0;
  return Number.isInteger(value) ? wholeUsd.format(value) : centsUsd.format(value);
}

export interface InvestmentLimits {
  /** The smallest commitment the fund accepts from this investor. */
  minimum: number;
  /** What is left to raise in the fund. */
  left: number;
  /** The fund's own cap per investor, if any. */
  fundMax?: number | null;
}

/** The larger of the minimum and the amount left, capped by the fund's max_inv_amount when that is smaller. */
export function maxInvestment({ minimum, left, fundMax }: InvestmentLimits): number {
  const max = Math.max(minimum, left);
  return fundMax !== null && fundMax !== undefined && fundMax > 0 && fundMax < max ? fundMax : max;
}

/** Distribution so far: invested x returned percent / 100. */
export function distribution(invested: number, returnedPercentage: number | null | undefined = 0): number {
  return (invested * (returnedPercentage ?? 0)) / 100;
}

/** Current value: invested x value percent / 100 (the value percent defaults to 100). */
export function currentValue(invested: number, valuePercentage: number | null | undefined = 100): number {
  return (invested * (valuePercentage ?? 100)) / 100;
}

export interface SummaryTotals {
  invested: number;
  distribution: number;
  currentValue: number;
}

/** Overall return in percent: (distribution + current value - invested) / invested x 100, 0 when nothing invested. */
export function overallReturn({ invested, distribution: paid, currentValue: value }: SummaryTotals): number {
  if (!invested) return 0;
  return ((paid + value - invested) / invested) * 100;
}
