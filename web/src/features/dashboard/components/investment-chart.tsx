import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useState, useSyncExternalStore } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Bar, Line } from 'react-chartjs-2';
import { formatDate, formatUsd } from '@/lib/format';
import type { InvestmentSummary, SummaryRow } from '../api/investment-summary';

// Only what a bar and a line chart need, so the rest of Chart.js stays out of the bundle. Time runs on a linear axis
// of milliseconds (dates spaced by the time between them) labelled as dates: no date adapter is needed.
ChartJS.register(CategoryScale, LinearScale, BarElement, LineElement, PointElement, Tooltip, Legend);

type History = NonNullable<InvestmentSummary['history']>;
export type HistoryPoint = History[number];

/** Below this width (Bootstrap's sm) the chart reads as on a phone: fewer, shorter ticks in a taller box. */
const NARROW = '(max-width: 575.98px)';

/** Whether the screen is a phone's, kept in step as it turns or resizes. */
function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia?.(NARROW);
      query?.addEventListener('change', changed);
      return () => query?.removeEventListener('change', changed);
    },
    () => window.matchMedia?.(NARROW).matches ?? false,
  );
}

/** Dollars as an axis reads them: '$150,000' wide, '$150K' on a phone. */
const compactUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact' });

/** The money charts' options: amounts on the y axis and in the tooltips; the box's height is the CSS's. */
export function moneyOptions(narrow: boolean) {
  return {
    responsive: true,
    maintainAspectRatio: false,
    plugins: {
      legend: { position: 'bottom' as const, labels: { boxWidth: narrow ? 12 : 40 } },
      tooltip: {
        callbacks: {
          label: (item: { dataset: { label?: string }; parsed: { y: number | null } }) =>
            `${item.dataset.label}: ${formatUsd(item.parsed.y ?? 0)}`,
        },
      },
    },
    scales: {
      y: {
        beginAtZero: true,
        ticks: {
          maxTicksLimit: narrow ? 5 : 8,
          callback: (value: string | number) => (narrow ? compactUsd.format(Number(value)) : formatUsd(Number(value))),
        },
      },
    },
  };
}

/** A point's date (YYYY-MM-DD) as the time axis places it: UTC midnight, in milliseconds. */
export const timeOf = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
const dateOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The money over time across every fund of the summary. The ledger funds' history comes dated from the CMS; a fund
 * without a ledger has only the spec's figures (invested, distributed, current value) and one date, the day the
 * investor's money went in (`invested_on`: their funds transfer, else their completed agreement), so they count from
 * that day (else its close date, else the chart's first date; never after today) and stay as they are after it. So
 * each fund starts at its own first flow, every fund is in the chart, and its last point (today) adds up to the
 * summary's totals.
 */
export function historyWithAllFunds(rows: SummaryRow[], history: History): History {
  if (!history.length) return history;
  const first = history[0].date;
  const last = history[history.length - 1].date;
  const plain = rows
    .filter((row) => !row.has_ledger)
    .map((row) => {
      const from = (row.invested_on ?? row.close_date)?.slice(0, 10);
      return { date: from && from <= last ? from : first, row };
    });
  const dates = [...new Set([...history.map((point) => point.date), ...plain.map((each) => each.date)])].sort();
  return dates.map((date) => {
    const ledger = [...history].reverse().find((point) => point.date <= date) ?? {
      contributed: 0,
      distributed: 0,
      value: 0,
    };
    const held = plain.filter((each) => each.date <= date);
    const sum = (pick: (row: SummaryRow) => number) => held.reduce((total, each) => total + pick(each.row), 0);
    return {
      date,
      contributed: ledger.contributed + sum((row) => row.investment_made),
      distributed: ledger.distributed + sum((row) => row.current_distribution),
      value: ledger.value + sum((row) => row.current_value),
    };
  });
}

/** A time axis tick: 'Mar 1, 2025', or 'Mar 2025' on a phone. */
const tickOf = (time: number, narrow: boolean) =>
  new Intl.DateTimeFormat('en-US', {
    month: 'short',
    year: 'numeric',
    day: narrow ? undefined : 'numeric',
    timeZone: 'UTC',
  }).format(time);

/** The line chart's options: the money axis, and a time axis whose ticks read as dates (four on a phone). */
export function historyOptions(narrow: boolean) {
  const money = moneyOptions(narrow);
  return {
    ...money,
    scales: {
      ...money.scales,
      x: {
        type: 'linear' as const,
        ticks: { callback: (value: string | number) => tickOf(Number(value), narrow), maxTicksLimit: narrow ? 4 : 8 },
      },
    },
    plugins: {
      ...money.plugins,
      tooltip: {
        callbacks: {
          ...money.plugins.tooltip.callbacks,
          title: (items: { parsed: { x: number | null } }[]) =>
            items.length ? formatDate(dateOf(Number(items[0].parsed.x))) : '',
        },
      },
    },
  };
}

/** Where funds keep a ledger: cumulative contributions and distributions, and the value held, over time. */
function HistoryChart({ history, narrow }: { history: History; narrow: boolean }) {
  const series = (pick: (point: HistoryPoint) => number) =>
    history.map((point) => ({ x: timeOf(point.date), y: pick(point) }));
  const data = {
    datasets: [
      {
        label: 'Contributions',
        data: series((point) => point.contributed),
        borderColor: '#6c757d',
        backgroundColor: '#6c757d',
        stepped: true as const,
      },
      {
        label: 'Distributions',
        data: series((point) => point.distributed),
        borderColor: '#198754',
        backgroundColor: '#198754',
        stepped: true as const,
      },
      { label: 'Value', data: series((point) => point.value), borderColor: '#0d6efd', backgroundColor: '#0d6efd' },
    ],
  };
  return (
    <Line
      aria-label="Contributions, distributions and value over time"
      role="img"
      data={data}
      options={historyOptions(narrow)}
    />
  );
}

/** The chart's figures as a table: what a screen reader reads, and a phone's reader may prefer. */
function FiguresTable({ rows, history }: { rows: SummaryRow[]; history: History }) {
  const [first, ...rest] = history.length
    ? ['Date', 'Contributions', 'Distributions', 'Value']
    : ['Fund', 'Invested', 'Distributions', 'Current Value'];
  const lines = history.length
    ? history.map((point) => [formatDate(point.date), point.contributed, point.distributed, point.value] as const)
    : rows.map((row) => [row.fund_name, row.investment_made, row.current_distribution, row.current_value] as const);
  return (
    <Table responsive size="sm" aria-label="The chart's figures">
      <thead>
        <tr>
          {[first, ...rest].map((name) => (
            <th key={name} scope="col" className={name === first ? undefined : 'text-end'}>
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lines.map(([label, ...amounts], index) => (
          <tr key={`${label}-${index}`}>
            <th scope="row">{label}</th>
            {amounts.map((amount, column) => (
              <td key={column} className="text-end">
                {formatUsd(amount)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * Invested versus distributions and current value, per fund; over time where any fund keeps a ledger (every fund
 * counted, see historyWithAllFunds). On a phone it is taller with fewer, shorter ticks; a toggle shows its figures as a
 * table instead. Loaded on its own (React.lazy) by the summary only, so Chart.js is fetched on the dashboard and the
 * summary page and nowhere else.
 */
export default function InvestmentChart({
  rows,
  history = [],
}: {
  rows: SummaryRow[];
  history?: InvestmentSummary['history'];
}) {
  const narrow = useNarrowScreen();
  const [asTable, setAsTable] = useState(false);
  const drawn = history.length ? historyWithAllFunds(rows, history) : [];
  const bars = {
    labels: rows.map((row) => row.fund_name),
    datasets: [
      { label: 'Invested', data: rows.map((row) => row.investment_made), backgroundColor: '#6c757d' },
      { label: 'Distributions', data: rows.map((row) => row.current_distribution), backgroundColor: '#198754' },
      { label: 'Current Value', data: rows.map((row) => row.current_value), backgroundColor: '#0d6efd' },
    ],
  };
  return (
    <figure className="mb-0">
      <div className="d-flex justify-content-end mb-2">
        <Button variant="outline-secondary" size="sm" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
          {asTable ? 'Show as a chart' : 'Show as a table'}
        </Button>
      </div>
      {asTable ? (
        <FiguresTable rows={rows} history={drawn} />
      ) : (
        <div className="investment-chart">
          {drawn.length ? (
            <HistoryChart history={drawn} narrow={narrow} />
          ) : (
            <Bar
              aria-label="Invested, distributions and current value per fund"
              role="img"
              data={bars}
              options={moneyOptions(narrow)}
            />
          )}
        </div>
      )}
    </figure>
  );
}
