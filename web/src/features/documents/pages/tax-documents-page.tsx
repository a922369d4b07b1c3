import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { FileList } from '@/components/file-list/file-list';
import { ContentLayout } from '@/components/layouts/content-layout';
import { downloadPaths, useTaxDocuments } from '../api/documents';
import { taxYears } from '../tax-years';

/** /tax_documents: a year picker (this year and the 9 before) and the investor's tax documents of that year. */
export function TaxDocumentsPage() {
  const yearId = useId();
  const [years] = useState(() => taxYears());
  const [year, setYear] = useState(years[0]);
  const { data } = useTaxDocuments(year);

  return (
    <ContentLayout title="Tax Documents">
      <Form.Group controlId={yearId} className="mb-3 d-flex align-items-center gap-2">
        <Form.Label className="mb-0">Year</Form.Label>
        <Form.Select className="w-auto" value={year} onChange={(event) => setYear(Number(event.target.value))}>
          {years.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <FileList
        key={year}
        files={data}
        label={`Tax documents of ${year}`}
        downloadPath={downloadPaths.tax}
        emptyText={`No tax documents for ${year}`}
        showFund
      />
    </ContentLayout>
  );
}
