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
    if (!isWholeCents(baseCents)) throw new RangeError(`The base of ${key} must be a whole, non-negative number of cents`);
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
  const byRemainder = [...exact].sort((a, b) => (a.remainder === b.remainder ? (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) : a.remainder > b.remainder ? -1 : 1));
  for (const share of byRemainder) {
    if (left === 0n) break;
    share.cents += 1n;
    left -= 1n;
  }
  return exact.map(({ key, baseCents, cents }) => ({ key, baseCents, cents: Number(cents) }));
}
