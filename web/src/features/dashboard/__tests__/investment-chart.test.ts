import { describe, expect, it } from 'vitest';
import type { SummaryRow } from '../api/investment-summary';
import { historyOptions, historyWithAllFunds, timeOf } from '../components/investment-chart';

const ledgerRow: SummaryRow = {
  fund_name: 'Fund III',
  investment_made: 100_000,
  current_distribution: 10_000,
  percentage_returned: 10,
  current_value: 110_000,
  close_date: '2023-06-30T17:00:00.000Z',
  irr: 12.1,
  equity_multiple: 1.1,
  dpi: 0.1,
  has_ledger: true,
  invested_on: null,
  fund_document_id: 'fund-iii',
};
const plainRow: SummaryRow = {
  fund_name: 'Fund II',
  investment_made: 30_000,
  current_distribution: 3_000,
  percentage_returned: 10,
  current_value: 33_000,
  close_date: '2024-07-01T17:00:00.000Z',
  irr: null,
  equity_multiple: 1.1,
  dpi: 0.1,
  has_ledger: false,
  invested_on: null,
  fund_document_id: 'fund-ii',
};
const HISTORY = [
  { date: '2024-01-01', contributed: 100_000, distributed: 0, value: 100_000 },
  { date: '2024-01-15', contributed: 100_000, distributed: 5_000, value: 100_000 },
  { date: '2026-11-26', contributed: 100_000, distributed: 10_000, value: 110_000 },
];

describe('the chart over time', () => {
  it('places each date by the time between them, not evenly as categories', () => {
    expect(historyOptions(false).scales.x.type).toBe('linear');
    // Two weeks, then almost three years: the gaps on the axis are those times.
    const [first, second, third] = HISTORY.map((point) => timeOf(point.date));
    expect((second - first) / 86_400_000).toBe(14);
    expect((third - second) / 86_400_000).toBe(1_046);
    expect(historyOptions(false).scales.x.ticks.callback(timeOf('2025-03-01'))).toBe('Mar 1, 2025');
  });

  it('reads on a phone: four short date ticks, five compact amounts, in a box whose height the page sets', () => {
    const phone = historyOptions(true);
    expect(phone.scales.x.ticks.maxTicksLimit).toBe(4);
    expect(phone.scales.x.ticks.callback(timeOf('2025-03-01'))).toBe('Mar 2025');
    expect(phone.scales.y.ticks.maxTicksLimit).toBe(5);
    expect(phone.scales.y.ticks.callback(150_000)).toBe('$150K');
    expect(phone.scales.y.ticks.callback(1_250_000)).toBe('$1.3M');
    expect(historyOptions(false).scales.y.ticks.callback(150_000)).toBe('$150,000');
    expect(phone.maintainAspectRatio).toBe(false);
  });

  it('keeps a fund without a ledger in the chart: its spec figures count from its close date, and today adds up to the summary', () => {
    expect(historyWithAllFunds([ledgerRow, plainRow], HISTORY)).toEqual([
      { date: '2024-01-01', contributed: 100_000, distributed: 0, value: 100_000 },
      { date: '2024-01-15', contributed: 100_000, distributed: 5_000, value: 100_000 },
      { date: '2024-07-01', contributed: 130_000, distributed: 8_000, value: 133_000 },
      { date: '2026-11-26', contributed: 130_000, distributed: 13_000, value: 143_000 },
    ]);
  });

  it("draws each fund from the day its money went in, not from the chart's first date", () => {
    // Fund V's money went in after the ledger fund's first flow: it counts from its own day, whatever its close date.
    const drawn = historyWithAllFunds(
      [
        ledgerRow,
        { ...plainRow, fund_name: 'Fund V', close_date: '2030-01-01T00:00:00.000Z', invested_on: '2025-05-20' },
      ],
      HISTORY,
    );
    expect(drawn).toEqual([
      { date: '2024-01-01', contributed: 100_000, distributed: 0, value: 100_000 },
      { date: '2024-01-15', contributed: 100_000, distributed: 5_000, value: 100_000 },
      { date: '2025-05-20', contributed: 130_000, distributed: 8_000, value: 133_000 },
      { date: '2026-11-26', contributed: 130_000, distributed: 13_000, value: 143_000 },
    ]);
    // Money in before the ledger's first flow starts the chart earlier.
    expect(historyWithAllFunds([ledgerRow, { ...plainRow, invested_on: '2023-11-02' }], HISTORY)[0]).toEqual({
      date: '2023-11-02',
      contributed: 30_000,
      distributed: 3_000,
      value: 33_000,
    });
  });

  it('counts a fund without a close date, or closing after today, from the first date', () => {
    const undated = historyWithAllFunds(
      [
        ledgerRow,
        { ...plainRow, close_date: null },
        { ...plainRow, fund_name: 'Fund V', close_date: '2030-01-01T00:00:00.000Z' },
      ],
      HISTORY,
    );
    expect(undated[0]).toEqual({ date: '2024-01-01', contributed: 160_000, distributed: 6_000, value: 166_000 });
    expect(undated).toHaveLength(3);
  });
});
