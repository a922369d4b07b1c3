import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { formatUsd } from '@/lib/format';
import type { SummaryRow } from '../api/investment-summary';

// Only what a bar chart needs, so the rest of Chart.js stays out of the bundle.
ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

/**
 * Invested versus distributions and current value, per fund. Loaded on its own (React.lazy) by the summary only,
 * so Chart.js is fetched on the dashboard and the summary page and nowhere else.
 */
export default function InvestmentChart({ rows }: { rows: SummaryRow[] }) {
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
      options={{
        responsive: true,
        plugins: { tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${formatUsd(item.parsed.y)}` } } },
        scales: { y: { beginAtZero: true, ticks: { callback: (value) => formatUsd(Number(value)) } } },
      }}
    />
  );
}
