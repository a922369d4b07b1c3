import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import { Html } from '@/components/ui/html';
import { formatUsd } from '@/lib/format';
import { usePortalDate } from '@/lib/portal/dates';
import { type InvestmentView, investmentHref } from '@/lib/investments';
import { cardButtonLabel, cardStatus } from '../investment-rules';

/** One investment on the dashboard (spec 01, "Investment card"): what it is, where the investor stands, one button. */
export function InvestmentCard({ investment }: { investment: InvestmentView }) {
  const formatDay = usePortalDate();
  const status = cardStatus(investment);
  return (
    <Card as="article" className="h-100" aria-labelledby={`investment-${investment.documentId}`}>
      <Card.Body className="d-flex flex-column">
        <Card.Title as="h3" className="h5" id={`investment-${investment.documentId}`}>
          {investment.name}
        </Card.Title>
        {investment.fund?.name && (
          <Card.Subtitle className="mb-2 text-body-secondary">{investment.fund.name}</Card.Subtitle>
        )}
        <Html html={investment.description} className="mb-2" />
        {status && (
          <p className="fw-semibold">
            {status.kind === 'declined' && status.label}
            {status.kind === 'investment' && `${status.label} ${formatUsd(status.amount)}`}
            {status.kind === 'closes' &&
              `${status.label} ${status.closeDate ? formatDay(status.closeDate) : ''}`.trim()}
          </p>
        )}
        <Link className="btn btn-primary mt-auto align-self-start" to={investmentHref(investment)}>
          {cardButtonLabel(investment)}
        </Link>
      </Card.Body>
    </Card>
  );
}
