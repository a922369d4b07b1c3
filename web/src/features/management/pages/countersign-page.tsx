import type { CountersignItem } from '@portal/rules';
import { useEffect, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { PdfViewer } from '@/components/pdf-viewer';
import { ContentLayout } from '@/components/layouts/content-layout';
import { useNotify } from '@/components/toasts/toasts';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { failureMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-context';
import { formatDateTime, formatUsd } from '@/lib/format';
import { countersign, countersignDocumentOf, countersignIdOf, useAgreementsToCountersign } from '../api/countersign';

/** The document the investor side signed, read in a dialog before countersigning (full screen on a phone). */
function DocumentDialog({ item, who, onClose }: { item: CountersignItem; who: string; onClose: () => void }) {
  const { url, headers } = countersignDocumentOf(item);
  const title = `Agreement of ${who}`;
  return (
    <Modal show onHide={onClose} size="xl" fullscreen="md-down" aria-labelledby="countersign-document-title">
      <Modal.Header closeButton>
        <Modal.Title id="countersign-document-title">{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <PdfViewer url={url} headers={headers} title={title} />
      </Modal.Body>
    </Modal>
  );
}

/** One agreement: who, what, how much, when they signed, and management's typed name to countersign it. */
function CountersignRow({ item, onDone }: { item: CountersignItem; onDone: () => void }) {
  const { profileSettings } = useSession();
  const notify = useNotify();
  const inputId = useId();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const who = item.investor.name || item.investor.email || '';

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await countersign(countersignIdOf(item), name.trim());
      notify(`Agreement of ${who} countersigned`, { variant: 'positive' });
      onDone();
    } catch (failure) {
      setError(failureMessage(failure));
      setBusy(false);
    }
  };

  return (
    <tr>
      <th scope="row">
        {item.investor.name}
        {item.investor.email && <div className="small text-body-secondary">{item.investor.email}</div>}
      </th>
      <td>{item.investment.name}</td>
      <td className="text-end">{formatUsd(item.invest_amount)}</td>
      <td>{item.signedAt ? formatDateTime(item.signedAt, profileSettings.timezone) : ''}</td>
      <td>
        <Form.Label htmlFor={inputId} visuallyHidden>
          Your name to countersign for {who}
        </Form.Label>
        <Form.Control
          id={inputId}
          size="sm"
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoComplete="name"
        />
        {error && (
          <Alert variant="danger" className="mt-1 mb-0 py-1 small">
            {error}
          </Alert>
        )}
      </td>
      <td className="text-nowrap">
        <Button
          size="sm"
          variant="outline-secondary"
          className="me-2"
          onClick={() => setReading(true)}
          aria-label={`Read the agreement of ${who}`}
        >
          Read
        </Button>
        <Button size="sm" onClick={submit} disabled={busy || !name.trim()} aria-label={`Countersign for ${who}`}>
          Countersign
        </Button>
        {reading && <DocumentDialog item={item} who={who} onClose={() => setReading(false)} />}
      </td>
    </tr>
  );
}

/** /management/countersign (admins): the agreements investors have signed that wait for management's signature, a page at a time. */
export function CountersignPage() {
  const [page, setPage] = useState(1);
  const { data, mutate } = useAgreementsToCountersign(page);
  // A countersigned agreement leaves the list: the last one of the last page takes the admin back a page.
  useEffect(() => {
    if (data && data.pageCount > 0 && page > data.pageCount) setPage(data.pageCount);
  }, [data, page]);
  return (
    <ContentLayout title="Agreements to countersign">
      {data === undefined ? (
        <Spinner />
      ) : data.items.length === 0 ? (
        <p>No agreements are waiting for a countersignature.</p>
      ) : (
        <>
          <p className="text-body-secondary">
            {data.total === 1
              ? '1 agreement waiting.'
              : `${data.total} agreements waiting, the oldest signature first.`}
          </p>
          <Table responsive>
            <thead>
              <tr>
                <th scope="col">Investor</th>
                <th scope="col">Investment</th>
                <th scope="col" className="text-end">
                  Amount
                </th>
                <th scope="col">Signed At</th>
                <th scope="col">Your Name</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((item) => (
                <CountersignRow key={countersignIdOf(item)} item={item} onDone={() => void mutate()} />
              ))}
            </tbody>
          </Table>
          {data.pageCount > 1 && (
            <Pager page={page} pageCount={data.pageCount} onPageChange={setPage} label="Agreements pages" />
          )}
        </>
      )}
    </ContentLayout>
  );
}
