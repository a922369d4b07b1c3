/** A dated cash flow as the investor sees it: money paid in is negative, money received (and the value held) positive. */
export interface DatedFlow {
  /** An ISO date (YYYY-MM-DD) or a full timestamp. */
  date: string;
  amount: number;
}

const DAY_MS = 86_400_000;

/** Days from the first flow, over 365 (Excel's XIRR convention). */
function yearsSince(first: number, date: string): number {
  return (Date.parse(date) - first) / DAY_MS / 365;
}

/**
 * The internal rate of return of irregular dated flows (XIRR, as Excel and every fund report compute it): the annual
 * rate r with sum(amount / (1 + r)^years) = 0. Newton's method from 10%, and where it fails to settle, bisection
 * over a bracket where the sum changes sign. Undefined where no rate exists (all flows of one sign, fewer than two
 * flows) or none is found: shown as a dash, never as a made-up number.
 */
export function xirr(flows: DatedFlow[]): number | undefined {
  const valid = flows.filter(
    (flow) => Number.isFinite(flow.amount) && flow.amount !== 0 && Number.isFinite(Date.parse(flow.date)),
  );
  if (valid.length < 2 || !valid.some((flow) => flow.amount < 0) || !valid.some((flow) => flow.amount > 0))
    return undefined;
  const first = Math.min(...valid.map((flow) => Date.parse(flow.date)));
  const terms = valid.map((flow) => ({ amount: flow.amount, years: yearsSince(first, flow.date) }));
  const value = (rate: number) => terms.reduce((acc, { amount, years }) => acc + amount / (1 + rate) ** years, 0);
  const slope = (rate: number) =>
    terms.reduce((acc, { amount, years }) => acc - (years * amount) / (1 + rate) ** (years + 1), 0);
  const scale = terms.reduce((acc, { amount }) => acc + Math.abs(amount), 0);
  const settled = (rate: number) => Math.abs(value(rate)) <= scale * 1e-10;

  let rate = 0.1;
  for (let step = 0; step < 100; step += 1) {
    const derivative = slope(rate);
    if (!Number.isFinite(derivative) || derivative === 0) break;
    const next = rate - value(rate) / derivative;
    if (!Number.isFinite(next) || next <= -1) break;
    if (Math.abs(next - rate) < 1e-12) return settled(next) ? next : bisect();
    rate = next;
  }
  return bisect();

  function bisect(): number | undefined {
    // A bracket from just above -100% to ever higher rates, until the sum changes sign.
    let low = -0.999999;
    let high = 1;
    while (Math.sign(value(low)) === Math.sign(value(high)) && high < 1e6) high *= 2;
    if (Math.sign(value(low)) === Math.sign(value(high))) return undefined;
    for (let step = 0; step < 300; step += 1) {
      const middle = (low + high) / 2;
      if (Math.sign(value(middle)) === Math.sign(value(low))) low = middle;
      else high = middle;
      if (high - low < 1e-12) break;
    }
    const found = (low + high) / 2;
    return settled(found) || high - low < 1e-12 ? found : undefined;
  }
}

export interface FundMultiples {
  /** Total value to paid-in (the equity multiple): (distributions + current value) / contributions. */
  tvpi: number | undefined;
  /** Distributions to paid-in: distributions / contributions. */
  dpi: number | undefined;
}

/** The equity multiple and DPI of an investment; undefined where nothing was paid in. */
export function multiples({
  contributed,
  distributed,
  value,
}: {
  contributed: number;
  distributed: number;
  value: number;
}): FundMultiples {
  if (!(contributed > 0)) return { tvpi: undefined, dpi: undefined };
  return { tvpi: (distributed + value) / contributed, dpi: distributed / contributed };
}

export interface CapitalAccount {
  opening: number;
  contributions: number;
  distributions: number;
  /** What the account gained or lost in value over the period (the balancing line). */
  valueChange: number;
  closing: number;
}

/**
 * A capital account's roll-forward for a period: opening balance + contributions - distributions + value change =
 * closing balance. Given the two balances and the period's flows, the value change is what makes it add up.
 */
export function rollForward({
  opening,
  contributions,
  distributions,
  closing,
}: Omit<CapitalAccount, 'valueChange'>): CapitalAccount {
  return {
    opening,
    contributions,
    distributions,
    valueChange: closing - opening - contributions + distributions,
    closing,
  };
}
