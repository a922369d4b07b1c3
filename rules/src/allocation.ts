/** One investor's position in a fund event's sharing: a stable key (the syndication user's documentId) and a base. */
export interface SharePosition {
  key: string;
  /** What the share is proportional to, in cents: funded capital or commitment. Zero takes nothing. */
  baseCents: number;
}

export interface Share {
  key: string;
  baseCents: number;
  cents: number;
}

const isWholeCents = (value: number) => Number.isSafeInteger(value) && value >= 0;

/**
 * A total shared pro rata to the positions' bases, to the cent: each position takes the whole cents of its exact share,
 * and the cents left over go one each to the largest remainders, ties to the smaller key. The shares add up to the
 * total exactly, and the same positions in any order give the same shares. Exact integer arithmetic (BigInt), so no
 * float rounding decides a cent.
 */
export function shareByLargestRemainder(totalCents: number, positions: SharePosition[]): Share[] {
  if (!isWholeCents(totalCents)) throw new RangeError('The total must be a whole, non-negative number of cents');
  const keys = new Set<string>();
  for (const { key, baseCents } of positions) {
    if (!isWholeCents(baseCents))
      throw new RangeError(`The base of ${key} must be a whole, non-negative number of cents`);
    if (keys.has(key)) throw new RangeError(`${key} appears twice`);
    keys.add(key);
  }
  const sum = positions.reduce((acc, { baseCents }) => acc + BigInt(baseCents), 0n);
  if (sum === 0n) {
    if (totalCents === 0) return positions.map(({ key, baseCents }) => ({ key, baseCents, cents: 0 }));
    throw new RangeError('Nobody to share among: every base is zero');
  }
  const total = BigInt(totalCents);
  const exact = positions.map(({ key, baseCents }) => {
    const numerator = total * BigInt(baseCents);
    return { key, baseCents, cents: numerator / sum, remainder: numerator % sum };
  });
  let left = total - exact.reduce((acc, { cents }) => acc + cents, 0n);
  const byRemainder = [...exact].sort((a, b) =>
    a.remainder === b.remainder ? (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) : a.remainder > b.remainder ? -1 : 1,
  );
  for (const share of byRemainder) {
    if (left === 0n) break;
    share.cents += 1n;
    left -= 1n;
  }
  return exact.map(({ key, baseCents, cents }) => ({ key, baseCents, cents: Number(cents) }));
}

/** A capital call asks for money; a distribution pays it out. */
export type FundEventType = 'capital_call' | 'distribution';
/** What an event is shared by: each investor's funded capital or their commitment. */
export type Basis = 'funded' | 'commitment';

/** The basis staff get when they name none: a call asks by commitment, a distribution pays back by funded capital. */
export const defaultBasis = (type: FundEventType): Basis => (type === 'capital_call' ? 'commitment' : 'funded');

/** One commitment's money so far, in cents. */
export interface Holding {
  commitmentCents: number;
  fundedCents: number;
  /** Called by posted capital calls and not paid yet. */
  calledCents: number;
}

/**
 * Whether `amountCents` more is more than is left of a commitment once the calls still unpaid are paid
 * (committed - funded - called and unpaid): money for a commitment never goes beyond it, however it comes in.
 */
export const exceedsCommitment = (
  { commitmentCents, fundedCents, calledCents }: Holding,
  amountCents: number,
): boolean => fundedCents + calledCents + amountCents > commitmentCents;

/** A percent (two decimals at most) of a sum of cents, rounded half up to the cent once, in whole numbers. */
export const percentOfCents = (sumCents: number, percent: number): number =>
  Number((BigInt(sumCents) * BigInt(Math.round(percent * 100)) + 5_000n) / 10_000n);

/** An event's terms as the allocation reads them: a total in cents, or (a call) a percent of the commitments. */
export interface EventTerms {
  type: FundEventType;
  /** Null for a percent call. */
  totalCents: number | null;
  percent: number | null;
  /** Null on an event stored without one: it shares by commitment. */
  basis: Basis | null;
}

/** One investor's line of an allocation, in the holdings' order. */
export interface AllocatedShare extends Share {
  /** The investor's part of the total: base / all bases (0 to 1, six decimals). */
  share: number;
}

/** An event's allocation, or why it cannot be made. */
export type Allocation =
  | { refusal: null; basis: Basis; totalCents: number; shares: AllocatedShare[] }
  /** Nobody has a base to share by: no funded capital, or no commitments. */
  | { refusal: 'nobody-funded' }
  | { refusal: 'nobody-committed' }
  /** A call would ask holdings[index] for askedCents, more than is left of their commitment (the first such holding). */
  | { refusal: 'beyond-commitment'; index: number; askedCents: number };

/**
 * An event's total shared to the cent among the holdings by its basis (a percent call: that percent of the
 * commitments, shared by commitment; shareByLargestRemainder). A capital call that would ask anyone for more than is
 * left of their commitment is refused, naming the first such holding.
 */
export function allocateEvent(terms: EventTerms, holdings: (Holding & { key: string })[]): Allocation {
  const byPercent = terms.totalCents === null;
  const basis: Basis = byPercent ? 'commitment' : (terms.basis ?? 'commitment');
  const bases = holdings.map((holding) => ({
    key: holding.key,
    baseCents: Math.max(0, basis === 'funded' ? holding.fundedCents : holding.commitmentCents),
  }));
  const sum = bases.reduce((acc, base) => acc + base.baseCents, 0);
  if (sum === 0) return { refusal: basis === 'funded' ? 'nobody-funded' : 'nobody-committed' };
  const totalCents = terms.totalCents ?? percentOfCents(sum, terms.percent ?? 0);
  const shares = shareByLargestRemainder(totalCents, bases).map((share) => ({
    ...share,
    share: Math.round((share.baseCents / sum) * 1e6) / 1e6,
  }));
  if (terms.type === 'capital_call') {
    const index = holdings.findIndex(
      (holding, at) => shares[at].cents > 0 && exceedsCommitment(holding, shares[at].cents),
    );
    if (index >= 0) return { refusal: 'beyond-commitment', index, askedCents: shares[index].cents };
  }
  return { refusal: null, basis, totalCents, shares };
}
