import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { multiples, rollForward, xirr } from './index';

describe('xirr', () => {
  it("matches Microsoft's worked example of Excel's XIRR (37.34%)", () => {
    const flows = [
      { date: '2008-01-01', amount: -10_000 },
      { date: '2008-03-01', amount: 2_750 },
      { date: '2008-10-30', amount: 4_250 },
      { date: '2009-02-15', amount: 3_250 },
      { date: '2009-04-01', amount: 2_750 },
    ];
    expect(xirr(flows)).toBeCloseTo(0.373362535, 8);
  });

  it('matches the worked example of the xirr crate, which follows LibreOffice Calc (16.35%)', () => {
    const flows = [
      { date: '2015-06-11', amount: -1_000 },
      { date: '2015-07-21', amount: -9_000 },
      { date: '2018-06-10', amount: 20_000 },
      { date: '2015-10-17', amount: -3_000 },
    ];
    expect(xirr(flows)).toBeCloseTo(0.1635371584432641, 10);
  });

  it('gives 10% for money that grew 10% in a year, a loss as a negative rate, whatever the order of the flows', () => {
    expect(
      xirr([
        { date: '2025-01-01', amount: -1000 },
        { date: '2026-01-01', amount: 1100 },
      ]),
    ).toBeCloseTo(0.1, 10);
    expect(
      xirr([
        { date: '2026-01-01', amount: 500 },
        { date: '2025-01-01', amount: -1000 },
      ]),
    ).toBeCloseTo(-0.5, 10);
  });

  it('finds rates Newton overshoots from 10% (a total loss nearly, a many-fold gain in days)', () => {
    expect(
      xirr([
        { date: '2024-01-01', amount: -1000 },
        { date: '2026-01-01', amount: 1 },
      ]),
    ).toBeCloseTo(-0.9684, 3);
    const fast = xirr([
      { date: '2026-01-01', amount: -1000 },
      { date: '2026-01-31', amount: 3000 },
    ]);
    expect(fast).toBeDefined();
    expect(3000 / (1 + fast!) ** (30 / 365)).toBeCloseTo(1000, 4);
  });

  it('is undefined where no rate exists: one flow, flows of one sign, nothing paid in', () => {
    expect(xirr([])).toBeUndefined();
    expect(xirr([{ date: '2025-01-01', amount: -1000 }])).toBeUndefined();
    expect(
      xirr([
        { date: '2025-01-01', amount: -1000 },
        { date: '2026-01-01', amount: -10 },
      ]),
    ).toBeUndefined();
    expect(
      xirr([
        { date: '2025-01-01', amount: 1000 },
        { date: '2026-01-01', amount: 10 },
      ]),
    ).toBeUndefined();
  });

  it("returns a rate where the flows' present value crosses zero, whenever it returns one", () => {
    const flow = fc.record({
      date: fc
        .integer({ min: Date.UTC(2015, 0, 1), max: Date.UTC(2030, 0, 1) })
        .map((ms) => new Date(ms).toISOString().slice(0, 10)),
      amount: fc.integer({ min: -1_000_000, max: 1_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(flow, { minLength: 2, maxLength: 12 }), (flows) => {
        const rate = xirr(flows);
        // A loss of more than 99.99% a year is shown as -100.00% whatever its digits beyond: doubles cannot place it.
        if (rate === undefined || 1 + rate < 1e-4) return;
        const first = Math.min(...flows.map((each) => Date.parse(each.date)));
        const present = (at: number) =>
          flows.reduce(
            (acc, each) => acc + each.amount / (1 + at) ** ((Date.parse(each.date) - first) / 86_400_000 / 365),
            0,
          );
        const scale = flows.reduce((acc, each) => acc + Math.abs(each.amount), 0);
        // Where the present value is steep, the root shows as a change of sign a hair either side of it; near -100% the
        // hair is at least the 1e-12 that xirr's bisection narrows its bracket to.
        const hair = Math.max(2e-12, 1e-9 * (1 + rate));
        const crosses = Math.sign(present(rate - hair)) !== Math.sign(present(rate + hair));
        expect(Math.abs(present(rate)) <= scale * 1e-9 || crosses).toBe(true);
      }),
    );
  });

  it('finds a rate for every ordinary investment: money in first, then money back over the years, more or less of it', () => {
    const DAY = 86_400_000;
    const ordinary = fc.record({
      start: fc.integer({ min: Date.UTC(2015, 0, 1), max: Date.UTC(2025, 0, 1) }),
      invested: fc.integer({ min: 100_000, max: 100_000_000 }),
      // What comes back, as a multiple of what went in (half to five times), and when (six months to ten years on): a
      // rate from about -75% to +2,500% a year, where a fund's investors are (a loss of 99.99% a year is out of reach).
      multiple: fc.double({ min: 0.5, max: 5, noNaN: true }),
      paybacks: fc.array(
        fc.record({ after: fc.integer({ min: 180, max: 3650 }), weight: fc.integer({ min: 1, max: 100 }) }),
        { minLength: 1, maxLength: 10 },
      ),
    });
    fc.assert(
      fc.property(ordinary, ({ start, invested, multiple, paybacks }) => {
        const weights = paybacks.reduce((acc, each) => acc + each.weight, 0);
        const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
        const flows = [
          { date: day(start), amount: -invested },
          ...paybacks.map((each) => ({
            date: day(start + each.after * DAY),
            amount: Math.max(1, Math.round((invested * multiple * each.weight) / weights)),
          })),
        ];
        const rate = xirr(flows);
        expect(rate).toBeDefined();
        // A gain is a positive rate, a loss a negative one.
        const back = flows.slice(1).reduce((acc, each) => acc + each.amount, 0);
        if (back > invested * 1.0001) expect(rate!).toBeGreaterThan(0);
        if (back < invested * 0.9999) expect(rate!).toBeLessThan(0);
      }),
    );
  });
});

describe('multiples and the capital account', () => {
  it('gives the equity multiple (TVPI) and DPI, undefined before any money went in', () => {
    expect(multiples({ contributed: 100_000, distributed: 30_000, value: 120_000 })).toEqual({ tvpi: 1.5, dpi: 0.3 });
    expect(multiples({ contributed: 0, distributed: 0, value: 0 })).toEqual({ tvpi: undefined, dpi: undefined });
  });

  it('rolls the account forward: opening + contributions - distributions + value change = closing', () => {
    expect(rollForward({ opening: 100_000, contributions: 50_000, distributions: 10_000, closing: 150_000 })).toEqual({
      opening: 100_000,
      contributions: 50_000,
      distributions: 10_000,
      valueChange: 10_000,
      closing: 150_000,
    });
    // A loss in value: $100,000 held, $20,000 more in, nothing out, $90,000 at the end is $30,000 lost.
    expect(
      rollForward({ opening: 100_000, contributions: 20_000, distributions: 0, closing: 90_000 }).valueChange,
    ).toBe(-30_000);
  });
});
