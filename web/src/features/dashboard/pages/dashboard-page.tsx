import { INVESTMENT_DISCLAIMER_SLUG, taxScheduleNotice } from '@portal/rules';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { ContentViewer } from '@/components/content/content-viewer';
import { DashboardPanel } from '@/components/dashboard-panel/dashboard-panel';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatDate, formatUsd } from '@/lib/format';
import { useAvailableInvestments } from '@/lib/investments';
import { useInvestmentSummary } from '../api/investment-summary';
import { InvestmentCard } from '../components/investment-card';
import { InvestmentSummary } from '../components/investment-summary';

/** An expected date as the dashboard says it: 'March 15' (a date, not a moment: no time zone moves it). */
const monthAndDay = (date: string) =>
  new Date(`${date.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The investor's dashboard: the left panel, and on the right the summary (only with rows), the disclaimer (with the
 * summary) and the investments open now. Its data comes in three calls: mine (the panel), summary and available;
 * the summary carries the disclaimer (content the page would otherwise read in a fourth call).
 */
export function DashboardPage() {
  const { data: summary } = useInvestmentSummary();
  const { data: available } = useAvailableInvestments();
  const showSummary = Boolean(summary?.rows.length);
  // Open capital calls join 'Please Complete:' until staff confirm their money; each leads to the call's own page.
  const tasks = (summary?.openCalls ?? []).map((open) => ({
    to: paths.capitalCall.getHref(open.fundEvent),
    label: `Capital call: ${open.fund_name}, ${formatUsd(open.amount)}${open.due_date ? ` due ${formatDate(open.due_date)}` : ''}`,
  }));
  // K-1s: when each is expected, then that it is ready (leading to Tax Documents).
  const taxNotices = (summary?.taxDocuments ?? []).map((schedule) => ({
    to: schedule.state === 'issued' ? paths.taxDocuments.path : undefined,
    label: `${schedule.fund_name}: ${taxScheduleNotice(schedule, monthAndDay)}`,
  }));

  return (
    <ContentLayout title="Dashboard">
      <Row className="g-4">
        <Col md={4}>
          <DashboardPanel tasks={tasks} taxNotices={taxNotices} />
        </Col>
        <Col md={8}>
          {summary && showSummary && (
            <>
              <InvestmentSummary summary={summary} />
              <ContentViewer slug={INVESTMENT_DISCLAIMER_SLUG} className="small text-body-secondary mb-4" />
            </>
          )}
          <section aria-labelledby="available-investments-title">
            <h2 id="available-investments-title" className="h4">
              Available Investments
            </h2>
            {available === undefined ? (
              <Spinner />
            ) : available.length === 0 ? (
              <p>No investments available</p>
            ) : (
              <Row xs={1} lg={2} className="g-3">
                {available.map((investment) => (
                  <Col key={investment.documentId}>
                    <InvestmentCard investment={investment} />
                  </Col>
                ))}
              </Row>
            )}
          </section>
        </Col>
      </Row>
    </ContentLayout>
  );
}
