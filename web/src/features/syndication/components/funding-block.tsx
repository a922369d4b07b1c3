import Card from 'react-bootstrap/Card';
import { Html } from '@/components/ui/html';
import type { FundView } from '@/lib/investments';

/** 'Funding My Investment': how to pay, shown once the agreement is complete (the CMS sends the texts only then). */
export function FundingBlock({ fund }: { fund: FundView }) {
  return (
    <Card as="section" aria-labelledby="funding-title">
      <Card.Body>
        <Card.Title as="h2" className="h5" id="funding-title">
          Funding My Investment
        </Card.Title>
        <Html html={fund.funding_my_investment_description} />
        {fund.wire_instructions && (
          <>
            <h3 className="h6">Wire Instructions</h3>
            <Html html={fund.wire_instructions} />
          </>
        )}
        {fund.check_instructions && (
          <>
            <h3 className="h6">Check Instructions</h3>
            <Html html={fund.check_instructions} />
          </>
        )}
      </Card.Body>
    </Card>
  );
}
