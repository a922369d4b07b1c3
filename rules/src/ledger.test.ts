import { describe, expect, it } from 'vitest';
import { capitalAccountFor, ledgerHistory, ledgerPerformance, ledgerTotals, valueAt, type LedgerLine } from './index';

/** $100,000 committed: funded half in 2024 and half in 2025, two distributions, one correction, a fee. */
const lines: LedgerLine[] = [
  { type: 'contribution', amountCents: 5_000_000, date: '2024-01-15' },
  { type: 'contribution', amountCents: 5_000_000, date: '2025-01-15' },
  { type: 'fee', amountCents: 100_000, date: '2025-01-15' },
  { type: 'distribution', kind: 'income', amountCents: 300_000, date: '2025-06-30' },
  { type: 'distribution', kind: 'return_of_capital', amountCents: 1_000_000, date: '2025-12-31' },
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
      contributedCents: 10_000_000, distributedCents: 1_250_000, feesCents: 100_000,
      distributedByKind: { return_of_capital: 1_000_000, income: 250_000, gain: 0, unspecified: 0 },
    });
    expect(ledgerTotals(lines, '2024-12-31').contributedCents).toBe(5_000_000);
  });

  it('values the contributions at the valuation in force, 100% before the first', () => {
    expect(valueAt(lines, valuations, '2024-06-30')).toBe(5_000_000);
    expect(valueAt(lines, valuations, '2024-12-31')).toBe(5_250_000);
    expect(valueAt(lines, valuations, '2025-06-30')).toBe(10_500_000);
    expect(valueAt(lines, valuations, '2026-01-01')).toBe(12_000_000);
  });
});

describe('performance and statements', () => {
  it('gives the equity multiple, DPI and an IRR that prices the flows to zero', () => {
    const result = ledgerPerformance(lines, valuations, '2026-01-01');
    expect(result.valueCents).toBe(12_000_000);
    // Paid in $101,000 (fee included); out $12,500 plus $120,000 held.
    expect(result.tvpi).toBeCloseTo(132_500 / 101_000, 10);
    expect(result.dpi).toBeCloseTo(12_500 / 101_000, 10);
    expect(result.irr).toBeGreaterThan(0.1);
    expect(result.irr).toBeLessThan(0.3);
  });

  it('rolls a quarter forward: opening + contributions - distributions + value change = closing', () => {
    const q4 = capitalAccountFor(lines, valuations, '2025-10-01', '2025-12-31');
    expect(q4).toMatchObject({ opening: 10_500_000, contributions: 0, distributions: 1_000_000, closing: 12_000_000, valueChange: 2_500_000 });
    const year = capitalAccountFor(lines, valuations, '2025-01-01', '2025-12-31');
    expect(year).toMatchObject({ opening: 5_250_000, contributions: 5_000_000, distributions: 1_250_000, closing: 12_000_000, feesCents: 100_000 });
    expect(year.opening + year.contributions - year.distributions + year.valueChange).toBe(year.closing);
  });

  it('has no IRR or multiples before any money went in', () => {
    expect(ledgerPerformance([], valuations, '2026-01-01')).toMatchObject({ irr: undefined, tvpi: undefined, dpi: undefined, valueCents: 0 });
  });
});

describe('history', () => {
  it('gives cumulative money in and out and the value held at every date something happened, and today', () => {
    const other: LedgerLine[] = [{ type: 'contribution', amountCents: 1_000_000, date: '2025-03-01' }];
    const points = ledgerHistory([{ lines, valuations }, { lines: other, valuations: [] }], '2026-01-10');
    expect(points.map((point) => point.date)).toEqual(['2024-01-15', '2024-12-31', '2025-01-15', '2025-03-01', '2025-06-30', '2025-07-10', '2025-12-31', '2026-01-10']);
    expect(points.at(-1)).toEqual({ date: '2026-01-10', contributedCents: 11_000_000, distributedCents: 1_250_000, valueCents: 13_000_000 });
    expect(points[1]).toEqual({ date: '2024-12-31', contributedCents: 5_000_000, distributedCents: 0, valueCents: 5_250_000 });
    expect(ledgerHistory([], '2026-01-10')).toEqual([]);
  });
});
