import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capitalAccountFor, ledgerHistory, ledgerPerformance, ledgerTotals, valueAt, type LedgerLine } from './index';

/** $100,000 committed: funded half in 2024 and half in 2025, two distributions, one correction, a fee. */
const lines: LedgerLine[] = [
  { type: 'contribution', amountCents: 5_000_000, date: '2024-01-15' },
  { type: 'contribution', amountCents: 5_000_000, date: '2025-01-15' },
  { type: 'fee', amountCents: 100_000, date: '2025-01-15' },
  { type: 'distribution', kind: 'income', amountCents: 300_000, date: '2025-06-30' },
  { type: 'distribution', kind: 'return_of_capital', amountCents: 1_000_000, date: '2025-11-15' },
  // The June income was $2,500, not $3,000.
  { type: 'adjustment', amountCents: -50_000, date: '2025-07-10', corrects: { type: 'distribution', kind: 'income' } },
];
const valuations = [
  { date: '2024-12-31', valuePercent: 105 },
  { date: '2025-12-31', valuePercent: 120 },
];

describe('ledger totals', () => {
  it('adds each type, an adjustment to the type of the entry it corrects', () => {
    expect(ledgerTotals(lines)).toEqual({
      contributedCents: 10_000_000,
      distributedCents: 1_250_000,
      feesCents: 100_000,
      distributedByKind: { return_of_capital: 1_000_000, income: 250_000, gain: 0, unspecified: 0 },
    });
    expect(ledgerTotals(lines, '2024-12-31').contributedCents).toBe(5_000_000);
  });
});

describe('value at a date', () => {
  it('is the newest valuation, then contributions since added and distributions since taken away', () => {
    // Before any valuation: $50,000 in, nothing out.
    expect(valueAt(lines, valuations, '2024-06-30')).toBe(5_000_000);
    // 105% of the $50,000 in by 2024-12-31.
    expect(valueAt(lines, valuations, '2024-12-31')).toBe(5_250_000);
    // $52,500 + $50,000 paid in on 2025-01-15 - $3,000 income paid out on 2025-06-30.
    expect(valueAt(lines, valuations, '2025-06-30')).toBe(9_950_000);
    // The income was $2,500: $500 of it stayed in.
    expect(valueAt(lines, valuations, '2025-07-10')).toBe(10_000_000);
    // $10,000 of capital returned on 2025-11-15 lowers the value that day, not at the next valuation.
    expect(valueAt(lines, valuations, '2025-11-15')).toBe(9_000_000);
    // 120% of the $100,000 in by 2025-12-31.
    expect(valueAt(lines, valuations, '2026-01-01')).toBe(12_000_000);
  });

  it("is the investor's part of a total valuation where one is given, to the cent, then moves as with a percent", () => {
    // The fund was valued as a total; this investor's part of it was $52,500.01 (105.0000...%, not a rounded 105%).
    const total = valuations.map((each) => (each.date === '2024-12-31' ? { ...each, valueCents: 5_250_001 } : each));
    expect(valueAt(lines, total, '2024-12-31')).toBe(5_250_001);
    expect(valueAt(lines, total, '2025-06-30')).toBe(9_950_001);
  });

  it('counts capital returned once where the fund has no valuation, and is never negative', () => {
    // $100,000 in, $12,500 out.
    expect(valueAt(lines, [], '2026-01-01')).toBe(8_750_000);
    const overpaid: LedgerLine[] = [
      { type: 'contribution', amountCents: 100_000, date: '2025-01-01' },
      { type: 'distribution', kind: 'gain', amountCents: 300_000, date: '2025-06-01' },
    ];
    expect(valueAt(overpaid, [], '2025-12-31')).toBe(0);
  });

  it('takes a valuation dated the day of a movement as made after it, and the later of two on one day', () => {
    const sameDay: LedgerLine[] = [
      { type: 'contribution', amountCents: 1_000_000, date: '2025-01-01' },
      { type: 'distribution', kind: 'return_of_capital', amountCents: 200_000, date: '2025-06-30' },
    ];
    expect(
      valueAt(
        sameDay,
        [
          { date: '2025-06-30', valuePercent: 90 },
          { date: '2025-06-30', valuePercent: 95 },
        ],
        '2025-06-30',
      ),
    ).toBe(950_000);
  });
});

describe('performance and statements', () => {
  it('gives the equity multiple and DPI, paid in counting the fee', () => {
    const result = ledgerPerformance(lines, valuations, '2026-01-01');
    expect(result.valueCents).toBe(12_000_000);
    // Paid in $101,000 (fee included); out $12,500 plus $120,000 held.
    expect(result.tvpi).toBeCloseTo(132_500 / 101_000, 12);
    expect(result.dpi).toBeCloseTo(12_500 / 101_000, 12);
  });

  it('gives 10% a year where $10,000 back after a year and $110,000 held after two price $100,000 in to zero', () => {
    // 2023-01-01 to 2024-01-01 is 365 days, to 2024-12-31 730: 10,000 / 1.1 + 110,000 / 1.21 = 100,000 exactly.
    // The valuation of 120% comes the day before the $10,000 returned: the value held after is $110,000, not $120,000.
    const account: LedgerLine[] = [
      { type: 'contribution', amountCents: 10_000_000, date: '2023-01-01' },
      { type: 'distribution', kind: 'return_of_capital', amountCents: 1_000_000, date: '2024-01-01' },
    ];
    const result = ledgerPerformance(account, [{ date: '2023-12-31', valuePercent: 120 }], '2024-12-31');
    expect(result.valueCents).toBe(11_000_000);
    expect(result.irr).toBeCloseTo(0.1, 10);
    expect(result.tvpi).toBe(1.2);
    expect(result.dpi).toBe(0.1);
  });

  it('gives 0% and 1.0x where capital came back as it went in and nothing was valued', () => {
    // $100,000 in; $40,000 back half-way; $60,000 held at cost after a year: nothing gained, nothing lost.
    const account: LedgerLine[] = [
      { type: 'contribution', amountCents: 10_000_000, date: '2025-01-01' },
      { type: 'distribution', kind: 'return_of_capital', amountCents: 4_000_000, date: '2025-07-02' },
    ];
    const result = ledgerPerformance(account, [], '2026-01-01');
    expect(result).toMatchObject({ valueCents: 6_000_000, tvpi: 1, dpi: 0.4 });
    expect(result.irr).toBeCloseTo(0, 10);
  });

  it('rolls a period forward: opening + contributions - distributions + value change = closing', () => {
    // October and November: $10,000 returned, no valuation: the value falls by what came out and nothing else.
    expect(capitalAccountFor(lines, valuations, '2025-10-01', '2025-11-30')).toMatchObject({
      opening: 10_000_000,
      contributions: 0,
      distributions: 1_000_000,
      valueChange: 0,
      closing: 9_000_000,
    });
    // The fourth quarter: the 120% valuation raises the $90,000 held to $120,000.
    expect(capitalAccountFor(lines, valuations, '2025-10-01', '2025-12-31')).toMatchObject({
      opening: 10_000_000,
      contributions: 0,
      distributions: 1_000_000,
      valueChange: 3_000_000,
      closing: 12_000_000,
    });
    // 2025: $52,500 + $50,000 in - $12,500 out = $90,000 at cost, valued $120,000 at the year's end.
    expect(capitalAccountFor(lines, valuations, '2025-01-01', '2025-12-31')).toMatchObject({
      opening: 5_250_000,
      contributions: 5_000_000,
      distributions: 1_250_000,
      valueChange: 3_000_000,
      closing: 12_000_000,
      feesCents: 100_000,
    });
  });

  it('has no IRR or multiples before any money went in', () => {
    expect(ledgerPerformance([], valuations, '2026-01-01')).toMatchObject({
      irr: undefined,
      tvpi: undefined,
      dpi: undefined,
      valueCents: 0,
    });
  });
});

describe('capital account properties', () => {
  const day = (offset: number) => new Date(Date.UTC(2024, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
  const line = fc.record({
    type: fc.constantFrom('contribution' as const, 'distribution' as const, 'fee' as const),
    amountCents: fc.integer({ min: 1, max: 10_000_000 }),
    date: fc.integer({ min: 0, max: 730 }).map(day),
  });
  const valuation = fc.record({
    date: fc.integer({ min: 0, max: 730 }).map(day),
    valuePercent: fc.integer({ min: 0, max: 300 }),
  });

  it('chains: one period closes where the next opens, and their value changes add up to the joined period’s', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 20 }),
        fc.array(valuation, { maxLength: 4 }),
        fc.integer({ min: 0, max: 700 }),
        fc.integer({ min: 1, max: 30 }),
        (ledger, values, start, length) => {
          const [from, middle, to] = [day(start), day(start + length), day(start + 2 * length)];
          const first = capitalAccountFor(ledger, values, from, middle);
          const second = capitalAccountFor(ledger, values, day(start + length + 1), to);
          const joined = capitalAccountFor(ledger, values, from, to);
          expect(second.opening).toBe(first.closing);
          expect(first.valueChange + second.valueChange).toBe(joined.valueChange);
          expect(joined.closing).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('without a valuation, carries the capital at cost: no period has a value change while more went in than came out', () => {
    const contribution = fc.record({
      amountCents: fc.integer({ min: 1, max: 10_000_000 }),
      date: fc.integer({ min: 0, max: 365 }).map(day),
    });
    fc.assert(
      fc.property(
        fc.array(contribution, { minLength: 1, maxLength: 10 }),
        fc.array(fc.integer({ min: 366, max: 730 }), { maxLength: 10 }),
        fc.integer({ min: 0, max: 700 }),
        (ins, outDays, start) => {
          const paidIn = ins.reduce((sum, each) => sum + each.amountCents, 0);
          // Distributions after every contribution, together at most what went in.
          const outs = outDays.map((offset) => ({
            type: 'distribution' as const,
            kind: 'return_of_capital' as const,
            amountCents: Math.floor(paidIn / (outDays.length + 1)),
            date: day(offset),
          }));
          const ledger: LedgerLine[] = [...ins.map((each) => ({ type: 'contribution' as const, ...each })), ...outs];
          const account = capitalAccountFor(ledger, [], day(start), day(start + 30));
          expect(account.valueChange).toBe(0);
          expect(account.closing).toBe(account.opening + account.contributions - account.distributions);
        },
      ),
    );
  });
});

describe('history', () => {
  it('gives cumulative money in and out and the value held at every date something happened, and today', () => {
    const other: LedgerLine[] = [{ type: 'contribution', amountCents: 1_000_000, date: '2025-03-01' }];
    const points = ledgerHistory(
      [
        { lines, valuations },
        { lines: other, valuations: [] },
      ],
      '2026-01-10',
    );
    expect(points.map((point) => point.date)).toEqual([
      '2024-01-15',
      '2024-12-31',
      '2025-01-15',
      '2025-03-01',
      '2025-06-30',
      '2025-07-10',
      '2025-11-15',
      '2025-12-31',
      '2026-01-10',
    ]);
    expect(points[1]).toEqual({
      date: '2024-12-31',
      contributedCents: 5_000_000,
      distributedCents: 0,
      valueCents: 5_250_000,
    });
    // $90,000 held in the first fund after the capital returned, $10,000 at cost in the other.
    expect(points[6]).toEqual({
      date: '2025-11-15',
      contributedCents: 11_000_000,
      distributedCents: 1_250_000,
      valueCents: 10_000_000,
    });
    expect(points.at(-1)).toEqual({
      date: '2026-01-10',
      contributedCents: 11_000_000,
      distributedCents: 1_250_000,
      valueCents: 13_000_000,
    });
    expect(ledgerHistory([], '2026-01-10')).toEqual([]);
  });
});
