import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { summary } from '@/testing/dashboard';
import type { SummaryRow } from '../api/investment-summary';

// Chart.js draws on a canvas jsdom has not got: the charts show the options they were given instead.
vi.mock('react-chartjs-2', () => {
  const Chart = (props: { 'aria-label': string; options: { scales: { y: { ticks: { maxTicksLimit: number } } } } }) => (
    <div role="img" aria-label={props['aria-label']} data-y-ticks={props.options.scales.y.ticks.maxTicksLimit} />
  );
  return { Bar: Chart, Line: Chart };
});

const { default: InvestmentChart } = await import('../components/investment-chart');

/** A fund's row of the shared dashboard summary (a fund without a ledger), with these figures. */
const row = (fund_name: string, made: number, distributed: number, value: number): SummaryRow => ({
  ...summary.rows[1],
  fund_name,
  investment_made: made,
  current_distribution: distributed,
  current_value: value,
  fund_document_id: fund_name,
});

describe('the investment chart', () => {
  it('shows its figures as a table on demand, and the chart again', async () => {
    const user = userEvent.setup();
    render(<InvestmentChart rows={[row('Fund II', 30_000, 3_000, 33_000), row('Fund V', 150_000, 0, 150_000)]} />);
    // A wide screen's ticks (jsdom answers no media query: not a phone).
    expect(screen.getByRole('img', { name: 'Invested, distributions and current value per fund' })).toHaveAttribute(
      'data-y-ticks',
      '8',
    );
    await user.click(screen.getByRole('button', { name: 'Show as a table' }));
    const table = screen.getByRole('table', { name: "The chart's figures" });
    expect(
      within(table)
        .getAllByRole('row')
        .map((line) => line.textContent),
    ).toEqual(['FundInvestedDistributionsCurrent Value', 'Fund II$30,000$3,000$33,000', 'Fund V$150,000$0$150,000']);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show as a chart', pressed: true }));
    expect(screen.getByRole('img')).toBeInTheDocument();
  });

  it('lists the history by date when funds keep a ledger', async () => {
    const user = userEvent.setup();
    const ledger = { ...row('Fund III', 100_000, 10_000, 110_000), has_ledger: true };
    render(
      <InvestmentChart
        rows={[ledger]}
        history={[
          { date: '2024-01-01', contributed: 100_000, distributed: 0, value: 100_000 },
          { date: '2026-11-26', contributed: 100_000, distributed: 10_000, value: 110_000 },
        ]}
      />,
    );
    expect(screen.getByRole('img', { name: 'Contributions, distributions and value over time' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show as a table' }));
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('row')
        .map((line) => line.textContent),
    ).toEqual([
      'DateContributionsDistributionsValue',
      'Jan 1, 2024$100,000$0$100,000',
      'Nov 26, 2026$100,000$10,000$110,000',
    ]);
  });

  it('uses fewer ticks on a phone', () => {
    // jsdom has no matchMedia: a phone's screen, as Chromium's would answer.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 575.98px)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    render(<InvestmentChart rows={[row('Fund II', 30_000, 3_000, 33_000)]} />);
    expect(screen.getByRole('img')).toHaveAttribute('data-y-ticks', '5');
    vi.unstubAllGlobals();
  });
});
