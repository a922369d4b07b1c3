import { useId } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router-dom';
import { EducationCard } from '@/components/education/education-card';
import { paths } from '@/config/paths';
import { useEducationList } from '@/lib/education';
import { educationLabel } from '@/lib/portal/portal';
import { usePortal } from '@/lib/portal/portal-context';

/** The spec's number of education items on the portfolio. */
const TEASER_SIZE = 5;

/** The newest education items chosen for the portfolio; nothing while they load or when there are none. */
export function EducationTeaser() {
  const { portal } = usePortal();
  const { data } = useEducationList({ displayOnPortfolio: true, sort: '-createdAt', limit: TEASER_SIZE });
  const headingId = useId();
  if (!data?.items.length) return null;
  return (
    <section aria-labelledby={headingId} className="mt-5">
      <div className="d-flex align-items-baseline justify-content-between mb-3">
        <h2 id={headingId} className="h4 mb-0">
          {educationLabel(portal)}
        </h2>
        <Link to={paths.education.path}>See all</Link>
      </div>
      <Row as="ul" xs={1} sm={2} lg={TEASER_SIZE} className="list-unstyled g-4">
        {data.items.map((item) => (
          <Col as="li" key={item.documentId}>
            <EducationCard item={item} />
          </Col>
        ))}
      </Row>
    </section>
  );
}
