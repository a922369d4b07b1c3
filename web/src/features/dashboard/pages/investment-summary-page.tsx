import { ContentLayout } from '@/components/layouts/content-layout';
import { Spinner } from '@/components/ui/spinner';
import { useInvestmentSummary } from '../api/investment-summary';
import { InvestmentSummary } from '../components/investment-summary';

/** /dashboard/investment-summary: the investment summary alone. */
export function InvestmentSummaryPage() {
  const { data: summary, error } = useInvestmentSummary();
  return (
    <ContentLayout title="Investment Summary">
      {!summary && !error && <Spinner />}
      {summary &&
        (summary.rows.length ? <InvestmentSummary summary={summary} headed={false} /> : <p>No investments</p>)}
    </ContentLayout>
  );
}
