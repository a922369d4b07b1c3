import { lazy, Suspense } from 'react';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatUsd } from '@/lib/format';
import { usePortalDate } from '@/lib/portal/dates';
import type { InvestmentSummary as Summary } from '../api/investment-summary';
import { formatMultiple, formatPercent, formatRate, returnTone } from '../investment-rules';

const InvestmentChart = lazy(() => import('./investment-chart'));

const TONE_CLASSES = { positive: 'text-success', negative: 'text-danger', grey: 'text-secondary' } as const;

/** The investment summary table (one row per fund), the overall return in its colour, and the chart. */
export function InvestmentSummary({ summary, headed = true }: { summary: Summary; headed?: boolean }) {
  const formatDay = usePortalDate();
  const { rows, totals, overallReturn } = summary;
  const tone = returnTone(overallReturn);
  return (
    <section aria-label="Investment Summary" className="mb-4">
      {/* Alone on its page, the page's own heading names it. */}
      {headed && <h2 className="h4">Investment Summary</h2>}
      <Table responsive striped size="sm">
        <thead>
          <tr>
            <th scope="col">Fund</th>
            <th scope="col" className="text-end">
              Investment Made
            </th>
            <th scope="col" className="text-end">
              Current Distribution
            </th>
            <th scope="col" className="text-end">
              Percentage Returned
            </th>
            <th scope="col" className="text-end">
              Current Value
            </th>
            <th scope="col" className="text-end">
              <abbr title="Internal rate of return, a year">IRR</abbr>
            </th>
            <th scope="col" className="text-end">
              Equity Multiple
            </th>
            <th scope="col">Close Date</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            // Rows carry no id; a fund appears once, but two funds may share a name.
            <tr key={`${row.fund_name}-${index}`}>
              <th scope="row">
                {row.fund_name}
                {row.has_ledger && row.fund_document_id && (
                  <Link
                    to={`${paths.transactions.path}?fund=${encodeURIComponent(row.fund_document_id)}`}
                    className="ms-2 small"
                    aria-label={`Ledger of ${row.fund_name}`}
                  >
                    Ledger
                  </Link>
                )}
              </th>
              <td className="text-end">{formatUsd(row.investment_made)}</td>
              <td className="text-end">{formatUsd(row.current_distribution)}</td>
              <td className="text-end">{formatPercent(row.percentage_returned)}</td>
              <td className="text-end">{formatUsd(row.current_value)}</td>
              <td className="text-end">{formatRate(row.irr)}</td>
              <td className="text-end">{formatMultiple(row.equity_multiple)}</td>
              <td>{row.close_date ? formatDay(row.close_date) : ''}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="text-end">{formatUsd(totals.invested)}</td>
            <td className="text-end">{formatUsd(totals.distribution)}</td>
            <td />
            <td className="text-end">{formatUsd(totals.currentValue)}</td>
            <td />
            <td />
            <td />
          </tr>
        </tfoot>
      </Table>
      {rows.some((row) => row.has_ledger) && (
        <p>
          <Link to={paths.transactions.path}>Transactions</Link>: every contribution and distribution, with a CSV.
        </p>
      )}
      <p>
        Overall Return:{' '}
        <strong className={TONE_CLASSES[tone]} data-tone={tone}>
          {formatPercent(overallReturn)}
        </strong>
      </p>
      <Suspense fallback={<Spinner />}>
        <InvestmentChart rows={rows} history={summary.history} />
      </Suspense>
    </section>
  );
}
