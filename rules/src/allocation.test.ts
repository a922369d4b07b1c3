import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shareByLargestRemainder, type SharePosition } from './index';

const positions = fc.uniqueArray(
  fc.record({ key: fc.string({ minLength: 1, maxLength: 8 }), baseCents: fc.integer({ min: 0, max: 2_000_000_000 }) }),
  { selector: (position) => position.key, minLength: 1, maxLength: 60 },
).filter((list) => list.some((position) => position.baseCents > 0));
const totals = fc.integer({ min: 0, max: 1_000_000_000_00 });

describe('shareByLargestRemainder (a capital call or distribution shared to the cent)', () => {
  it('shares a total so that the shares add up to it exactly', () => {
    fc.assert(fc.property(totals, positions, (total, list) => {
      const shares = shareByLargestRemainder(total, list);
      expect(shares.reduce((sum, share) => sum + share.cents, 0)).toBe(total);
      expect(shares.map((share) => share.key)).toEqual(list.map((position) => position.key));
    }));
  });

  it('gives each position its exact share rounded down or up by at most one cent, nothing to a zero base', () => {
    fc.assert(fc.property(totals, positions, (total, list) => {
      const sum = list.reduce((acc, position) => acc + BigInt(position.baseCents), 0n);
      for (const share of shareByLargestRemainder(total, list)) {
        const floor = Number((BigInt(total) * BigInt(share.baseCents)) / sum);
        expect(share.cents === floor || share.cents === floor + 1).toBe(true);
        if (share.baseCents === 0) expect(share.cents).toBe(0);
      }
    }));
  });

  it('gives the same shares for the same positions in any order', () => {
    fc.assert(fc.property(totals, positions, fc.nat(), (total, list, seed) => {
      const shuffled = [...list].sort((a, b) => ((a.key.charCodeAt(0) * 31 + seed) % 7) - ((b.key.charCodeAt(0) * 31 + seed) % 7));
      const byKey = (shares: { key: string; cents: number }[]) => Object.fromEntries(shares.map((share) => [share.key, share.cents]));
      expect(byKey(shareByLargestRemainder(total, shuffled))).toEqual(byKey(shareByLargestRemainder(total, list)));
    }));
  });

  it('hands the cents left over to the largest remainders, ties to the smaller key', () => {
    // $100.00 among three equal commitments: 3333 each, the one cent left to the first key.
    const three: SharePosition[] = [{ key: 'c', baseCents: 100 }, { key: 'a', baseCents: 100 }, { key: 'b', baseCents: 100 }];
    expect(shareByLargestRemainder(10_000, three).map((share) => [share.key, share.cents])).toEqual([['c', 3333], ['a', 3334], ['b', 3333]]);
    // 10 cents at 1:2:3 -> exact 1.67, 3.33, 5: floors 1, 3, 5 and the cent left goes to the .67.
    const uneven: SharePosition[] = [{ key: 'x', baseCents: 1 }, { key: 'y', baseCents: 2 }, { key: 'z', baseCents: 3 }];
    expect(shareByLargestRemainder(10, uneven).map((share) => share.cents)).toEqual([2, 3, 5]);
  });

  it('refuses amounts that are not whole cents, a key twice, and nobody to share among', () => {
    expect(() => shareByLargestRemainder(10.5, [{ key: 'a', baseCents: 1 }])).toThrow('whole');
    expect(() => shareByLargestRemainder(-1, [{ key: 'a', baseCents: 1 }])).toThrow('whole');
    expect(() => shareByLargestRemainder(10, [{ key: 'a', baseCents: 1.5 }])).toThrow('whole');
    expect(() => shareByLargestRemainder(10, [{ key: 'a', baseCents: 1 }, { key: 'a', baseCents: 2 }])).toThrow('twice');
    expect(() => shareByLargestRemainder(10, [{ key: 'a', baseCents: 0 }])).toThrow('Nobody');
    expect(shareByLargestRemainder(0, [{ key: 'a', baseCents: 0 }])).toEqual([{ key: 'a', baseCents: 0, cents: 0 }]);
  });
});
