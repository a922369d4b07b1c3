import { useId, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { EducationCard } from '@/components/education/education-card';
import { PageSpinner } from '@/components/ui/spinner';
import { type EducationListQuery, useEducationList } from '@/lib/education';
import { Pager } from '@/components/ui/pager';

/** The spec's page size, for videos and papers alike. */
const EDUCATION_PAGE_SIZE = 8;

interface EducationSectionProps {
  title: string;
  kind: NonNullable<EducationListQuery['kind']>;
  emptyText: string;
}

/** One kind of the portal's education items, highest sortOrder first, a page of eight at a time. */
export function EducationSection({ title, kind, emptyText }: EducationSectionProps) {
  const [page, setPage] = useState(1);
  const { data } = useEducationList({
    kind,
    sort: '-sortOrder',
    limit: EDUCATION_PAGE_SIZE,
    offset: (page - 1) * EDUCATION_PAGE_SIZE,
  });
  const headingId = useId();
  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / EDUCATION_PAGE_SIZE));

  return (
    <section aria-labelledby={headingId} className="mb-5">
      <h2 id={headingId} className="h4 mb-3">
        {title}
      </h2>
      {!data && <PageSpinner />}
      {data?.items.length === 0 && <p>{emptyText}</p>}
      {data && data.items.length > 0 && (
        <Row as="ul" xs={1} sm={2} lg={4} className="list-unstyled g-4">
          {data.items.map((item) => (
            <Col as="li" key={item.documentId}>
              <EducationCard item={item} />
            </Col>
          ))}
        </Row>
      )}
      {pageCount > 1 && <Pager page={page} pageCount={pageCount} onPageChange={setPage} label={`${title} pages`} />}
    </section>
  );
}
