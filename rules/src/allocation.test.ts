import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateEvent,
  defaultBasis,
  exceedsCommitment,
  percentOfCents,
  shareByLargestRemainder,
  type Holding,
  type SharePosition,
} from './index';

const positions = fc
  .uniqueArray(
    fc.record({
      key: fc.string({ minLength: 1, maxLength: 8 }),
      baseCents: fc.integer({ min: 0, max: 2_000_000_000 }),
    }),
    { selector: (position) => position.key, minLength: 1, maxLength: 60 },
  )
  .filter((list) => list.some((position) => position.baseCents > 0));
const totals = fc.integer({ min: 0, max: 1_000_000_000_00 });

describe('shareByLargestRemainder (a capital call or distribution shared to the cent)', () => {
  it('shares a total so that the shares add up to it exactly', () => {
    fc.assert(
      fc.property(totals, positions, (total, list) => {
        const shares = shareByLargestRemainder(total, list);
        expect(shares.reduce((sum, share) => sum + share.cents, 0)).toBe(total);
        expect(shares.map((share) => share.key)).toEqual(list.map((position) => position.key));
      }),
    );
  });

  it('gives each position its exact share rounded down or up by at most one cent, nothing to a zero base', () => {
    fc.assert(
      fc.property(totals, positions, (total, list) => {
        const sum = list.reduce((acc, position) => acc + BigInt(position.baseCents), 0n);
        for (const share of shareByLargestRemainder(total, list)) {
          const floor = Number((BigInt(total) * BigInt(share.baseCents)) / sum);
          expect(share.cents === floor || share.cents === floor + 1).toBe(true);
          if (share.baseCents === 0) expect(share.cents).toBe(0);
        }
      }),
    );
  });

  it('gives the same shares for the same positions in any order', () => {
    fc.assert(
      fc.property(totals, positions, fc.nat(), (total, list, seed) => {
        const shuffled = [...list].sort(
          (a, b) => ((a.key.charCodeAt(0) * 31 + seed) % 7) - ((b.key.charCodeAt(0) * 31 + seed) % 7),
        );
        const byKey = (shares: { key: string; cents: number }[]) =>
          Object.fromEntries(shares.map((share) => [share.key, share.cents]));
        expect(byKey(shareByLargestRemainder(total, shuffled))).toEqual(byKey(shareByLargestRemainder(total, list)));
      }),
    );
  });

  it('hands the cents left over to the largest remainders, ties to the smaller key', () => {
    // $100.00 among three equal commitments: 3333 each, the one cent left to the first key.
    const three: SharePosition[] = [
      { key: 'c', baseCents: 100 },
      { key: 'a', baseCents: 100 },
      { key: 'b', baseCents: 100 },
    ];
    expect(shareByLargestRemainder(10_000, three).map((share) => [share.key, share.cents])).toEqual([
      ['c', 3333],
      ['a', 3334],
      ['b', 3333],
    ]);
    // 10 cents at 1:2:3 -> exact 1.67, 3.33, 5: floors 1, 3, 5 and the cent left goes to the .67.
    const uneven: SharePosition[] = [
      { key: 'x', baseCents: 1 },
      { key: 'y', baseCents: 2 },
      { key: 'z', baseCents: 3 },
    ];
    expect(shareByLargestRemainder(10, uneven).map((share) => share.cents)).toEqual([2, 3, 5]);
  });

  it('refuses amounts that are not whole cents, a key twice, and nobody to share among', () => {
    expect(() => shareByLargestRemainder(10.5, [{ key: 'a', baseCents: 1 }])).toThrow('whole');
    expect(() => shareByLargestRemainder(-1, [{ key: 'a', baseCents: 1 }])).toThrow('whole');
    expect(() => shareByLargestRemainder(10, [{ key: 'a', baseCents: 1.5 }])).toThrow('whole');
    expect(() =>
      shareByLargestRemainder(10, [
        { key: 'a', baseCents: 1 },
        { key: 'a', baseCents: 2 },
      ]),
    ).toThrow('twice');
    expect(() => shareByLargestRemainder(10, [{ key: 'a', baseCents: 0 }])).toThrow('Nobody');
    expect(shareByLargestRemainder(0, [{ key: 'a', baseCents: 0 }])).toEqual([{ key: 'a', baseCents: 0, cents: 0 }]);
  });
});

const holding = (
  key: string,
  commitmentCents: number,
  fundedCents = 0,
  calledCents = 0,
): Holding & { key: string } => ({ key, commitmentCents, fundedCents, calledCents });

describe('allocateEvent (the money policy of a capital call or distribution)', () => {
  it('defaults a call to commitment and a distribution to funded capital; an event stored without a basis shares by commitment', () => {
    expect(defaultBasis('capital_call')).toBe('commitment');
    expect(defaultBasis('distribution')).toBe('funded');
    const stored = allocateEvent({ type: 'distribution', totalCents: 300, percent: null, basis: null }, [
      holding('a', 100, 0),
      holding('b', 200, 50),
    ]);
    expect(stored).toMatchObject({
      refusal: null,
      basis: 'commitment',
      shares: [
        { key: 'a', cents: 100 },
        { key: 'b', cents: 200 },
      ],
    });
  });

  it('turns a percent call into a total of the commitments rounded half up to the cent, and always shares it by commitment', () => {
    expect(percentOfCents(10_001, 50)).toBe(5_001);
    expect(percentOfCents(10_000, 33.33)).toBe(3_333);
    const call = allocateEvent({ type: 'capital_call', totalCents: null, percent: 25, basis: 'funded' }, [
      holding('a', 1_000_000),
      holding('b', 3_000_001),
    ]);
    expect(call).toMatchObject({ refusal: null, basis: 'commitment', totalCents: 1_000_000 });
  });

  it('gives each line its share of the bases to six decimals', () => {
    const three = allocateEvent({ type: 'distribution', totalCents: 100, percent: null, basis: 'funded' }, [
      holding('a', 0, 1),
      holding('b', 0, 1),
      holding('c', 0, 1),
    ]);
    expect(three.refusal === null && three.shares.map((line) => line.share)).toEqual([0.333333, 0.333333, 0.333333]);
  });

  it('refuses to share among nobody', () => {
    expect(
      allocateEvent({ type: 'distribution', totalCents: 100, percent: null, basis: 'funded' }, [holding('a', 100)]),
    ).toEqual({ refusal: 'nobody-funded' });
    expect(allocateEvent({ type: 'capital_call', totalCents: 100, percent: null, basis: 'commitment' }, [])).toEqual({
      refusal: 'nobody-committed',
    });
  });

  it('refuses a call asking anyone for more than is left of their commitment, naming the first; a distribution is never refused so', () => {
    const holdings = [holding('a', 1_000, 900), holding('b', 1_000, 0, 950), holding('c', 1_000)];
    expect(
      allocateEvent({ type: 'capital_call', totalCents: 300, percent: null, basis: 'commitment' }, holdings),
    ).toEqual({ refusal: 'beyond-commitment', index: 1, askedCents: 100 });
    expect(
      allocateEvent({ type: 'distribution', totalCents: 3_000_000, percent: null, basis: 'commitment' }, holdings)
        .refusal,
    ).toBeNull();
    expect(exceedsCommitment(holding('a', 1_000, 600, 300), 100)).toBe(false);
    expect(exceedsCommitment(holding('a', 1_000, 600, 300), 101)).toBe(true);
  });

  it('over many random funds: the shares add up to the total to the cent, and no call asks more than is left of a commitment', () => {
    const cents = fc.integer({ min: 0, max: 50_000_000 });
    const fund = fc
      .array(fc.tuple(cents, cents, cents), { minLength: 0, maxLength: 40 })
      .map((rows) =>
        rows.map(([commitment, funded, called], index) =>
          holding(
            `u${String(index).padStart(3, '0')}`,
            commitment,
            Math.min(funded, commitment),
            Math.min(called, commitment),
          ),
        ),
      );
    const terms = fc.record({
      type: fc.constantFrom('capital_call' as const, 'distribution' as const),
      totalCents: fc.option(fc.integer({ min: 1, max: 2_000_000_000 })),
      percent: fc.integer({ min: 1, max: 10_000 }).map((hundredths) => hundredths / 100),
      basis: fc.option(fc.constantFrom('funded' as const, 'commitment' as const)),
    });
    fc.assert(
      fc.property(terms, fund, (event, holdings) => {
        const allocation = allocateEvent(event, holdings);
        if (allocation.refusal === 'nobody-funded' || allocation.refusal === 'nobody-committed') {
          const field = allocation.refusal === 'nobody-funded' ? 'fundedCents' : 'commitmentCents';
          expect(holdings.every((each) => each[field] === 0)).toBe(true);
          return;
        }
        if (allocation.refusal === 'beyond-commitment') {
          expect(event.type).toBe('capital_call');
          expect(exceedsCommitment(holdings[allocation.index], allocation.askedCents)).toBe(true);
          return;
        }
        const commitments = holdings.reduce((sum, each) => sum + each.commitmentCents, 0);
        expect(allocation.totalCents).toBe(event.totalCents ?? percentOfCents(commitments, event.percent));
        expect(allocation.shares.reduce((sum, share) => sum + share.cents, 0)).toBe(allocation.totalCents);
        expect(allocation.shares.map((share) => share.key)).toEqual(holdings.map((each) => each.key));
        // An investor asked for nothing is never refused, whatever they hold already.
        if (event.type === 'capital_call')
          allocation.shares.forEach((share, at) =>
            expect(share.cents > 0 && exceedsCommitment(holdings[at], share.cents)).toBe(false),
          );
      }),
      { seed: 20_260_101, numRuns: 2_000 },
    );
  });
});
