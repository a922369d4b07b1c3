import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { ContentLayout } from '@/components/layouts/content-layout';
import { useNotify } from '@/components/toasts/toasts';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-context';
import { formatDateTime, formatUsd } from '@/lib/format';
import { type CountersignItem, countersign, countersignIdOf, useAgreementsToCountersign } from '../api/countersign';

/** One agreement: who, what, how much, when they signed, and management's typed name to countersign it. */
function CountersignRow({ item, onDone }: { item: CountersignItem; onDone: () => void }) {
  const { profileSettings } = useSession();
  const notify = useNotify();
  const inputId = useId();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const who = item.investor.name || item.investor.email || '';

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await countersign(countersignIdOf(item), name.trim());
      notify(`Agreement of ${who} countersigned`, { variant: 'positive' });
      onDone();
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.serverMessage ?? 'Unexpected error') : 'Unexpected error');
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
        <Form.Control id={inputId} size="sm" value={name} onChange={(event) => setName(event.target.value)} autoComplete="name" />
        {error && (
          <Alert variant="danger" className="mt-1 mb-0 py-1 small">
            {error}
          </Alert>
        )}
      </td>
      <td>
        <Button size="sm" onClick={submit} disabled={busy || !name.trim()} aria-label={`Countersign for ${who}`}>
          Countersign
        </Button>
      </td>
    </tr>
  );
}

/** /management/countersign (admins): the agreements investors have signed that wait for management's signature. */
export function CountersignPage() {
  const { data: items, mutate } = useAgreementsToCountersign();
  return (
    <ContentLayout title="Agreements to countersign">
      {items === undefined ? (
        <Spinner />
      ) : items.length === 0 ? (
        <p>No agreements are waiting for a countersignature.</p>
      ) : (
        <Table responsive>
          <thead>
            <tr>
              <th scope="col">Investor</th>
              <th scope="col">Investment</th>
              <th scope="col" className="text-end">Amount</th>
              <th scope="col">Signed At</th>
              <th scope="col">Your Name</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <CountersignRow key={countersignIdOf(item)} item={item} onDone={() => void mutate()} />
            ))}
          </tbody>
        </Table>
      )}
    </ContentLayout>
  );
}
