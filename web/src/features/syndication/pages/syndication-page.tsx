import { useEffect } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { OutsideLink } from '@/components/links/outside-link';
import { Html } from '@/components/ui/html';
import { PageSpinner } from '@/components/ui/spinner';
import { notifyOf } from '@/lib/notify-of';
import { useInvestmentBySlug } from '../api/syndication';
import { DueDiligenceDocuments } from '../components/due-diligence-documents';
import { FundingBlock } from '../components/funding-block';
import { InvestmentChoice } from '../components/investment-choice';
import { KeyFigures } from '../components/key-figures';

function Syndication({ slug }: { slug: string }) {
  const { data: investment, isLoading } = useInvestmentBySlug(slug);
  const investmentName = investment?.name;
  useEffect(() => {
    // Staff follow who looks at an offering (once per session and investment).
    if (investmentName) notifyOf('review_syndication', { investmentName });
  }, [investmentName]);
  if (isLoading || investment === undefined) return <PageSpinner />;
  if (!investment) return <ContentLayout title="Not found" />;

  const { fund, syndUser } = investment;
  const complete = Boolean(syndUser?.sa_complete_date);
  return (
    <ContentLayout title={`${investment.name ?? ''} Syndication`}>
      <Row className="g-4">
        <Col lg={complete ? 8 : 12}>
          <KeyFigures investment={investment} />
          {fund?.schedule_call_url && (
            <p>
              <OutsideLink href={fund.schedule_call_url} className="btn btn-outline-primary">
                Schedule a Call
              </OutsideLink>
            </p>
          )}
          <Html html={investment.description} className="mb-3" />
          <Html html={fund?.description} className="mb-4" />
          {fund && <DueDiligenceDocuments fund={fund} />}
          <InvestmentChoice investment={investment} slug={slug} />
        </Col>
        {complete && fund && (
          <Col lg={4}>
            <FundingBlock fund={fund} />
          </Col>
        )}
      </Row>
    </ContentLayout>
  );
}

/** /syndication/dashboard/:slug. Everything is read again, and the form starts afresh, when the slug changes. */
export function SyndicationPage() {
  const { slug = '' } = useParams();
  return <Syndication key={slug} slug={slug} />;
}
