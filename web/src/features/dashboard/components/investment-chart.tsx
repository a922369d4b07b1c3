import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';
import { formatUsd } from '@/lib/format';
import type { InvestmentSummary, SummaryRow } from '../api/investment-summary';

// Only what a bar and a line chart need, so the rest of Chart.js stays out of the bundle.
ChartJS.register(CategoryScale, LinearScale, BarElement, LineElement, PointElement, Tooltip, Legend);

const money = {
  responsive: true,
  plugins: { tooltip: { callbacks: { label: (item: { dataset: { label?: string }; parsed: { y: number | null } }) => `${item.dataset.label}: ${formatUsd(item.parsed.y ?? 0)}` } } },
  scales: { y: { beginAtZero: true, ticks: { callback: (value: string | number) => formatUsd(Number(value)) } } },
};

/** Where funds keep a ledger: cumulative contributions and distributions, and the value held, over time. */
function HistoryChart({ history }: { history: NonNullable<InvestmentSummary['history']> }) {
  const data = {
    labels: history.map((point) => point.date),
    datasets: [
      { label: 'Contributions', data: history.map((point) => point.contributed), borderColor: '#6c757d', backgroundColor: '#6c757d', stepped: true as const },
      { label: 'Distributions', data: history.map((point) => point.distributed), borderColor: '#198754', backgroundColor: '#198754', stepped: true as const },
      { label: 'Value', data: history.map((point) => point.value), borderColor: '#0d6efd', backgroundColor: '#0d6efd' },
    ],
  };
  return <Line aria-label="Contributions, distributions and value over time" role="img" data={data} options={money} />;
}

/**
 * Invested versus distributions and current value, per fund; over time where funds keep a ledger. Loaded on its own (React.lazy) by the summary only,
 * so Chart.js is fetched on the dashboard and the summary page and nowhere else.
 */
export default function InvestmentChart({ rows, history = [] }: { rows: SummaryRow[]; history?: InvestmentSummary['history'] }) {
  if (history.length) return <HistoryChart history={history} />;
  const data = {
    labels: rows.map((row) => row.fund_name),
    datasets: [
      { label: 'Invested', data: rows.map((row) => row.investment_made), backgroundColor: '#6c757d' },
      { label: 'Distributions', data: rows.map((row) => row.current_distribution), backgroundColor: '#198754' },
      { label: 'Current Value', data: rows.map((row) => row.current_value), backgroundColor: '#0d6efd' },
    ],
  };
  return (
    <Bar
      aria-label="Invested, distributions and current value per fund"
      role="img"
      data={data}
      options={money}
    />
  );
}
