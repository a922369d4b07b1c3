import { formatUsd } from '@/lib/format';
import { usePortalDate } from '@/lib/portal/dates';
import type { InvestmentView } from '@/lib/investments';

/** The offering's figures: total, what is left, the investor's minimum and maximum, and when it closes. */
export function KeyFigures({ investment }: { investment: InvestmentView }) {
  const formatDay = usePortalDate();
  const closeDate = investment.fund?.close_date;
  const figures: [string, string][] = [
    ['Total Investment', formatUsd(investment.fund?.total_inv_amount)],
    ['Available Amount', formatUsd(investment.leftAmountToInvest)],
    ['Minimum Investment', formatUsd(investment.minimumAmountToInvest)],
    ['Maximum Investment', formatUsd(investment.maximumAmountToInvest)],
    ['Close Date', closeDate ? formatDay(closeDate) : ''],
  ];
  return (
    <dl className="row mb-4">
      {figures.map(([term, value]) => (
        <div key={term} className="col-6 col-lg mb-2">
          <dt className="small text-body-secondary">{term}</dt>
          <dd className="fs-5 mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
