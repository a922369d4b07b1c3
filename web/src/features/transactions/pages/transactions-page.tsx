import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useSearchParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { useNotify } from '@/components/toasts/toasts';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { failureMessage } from '@/lib/api-client';
import { formatUsd } from '@/lib/format';
import { saveBlob } from '@/lib/save-file';
import { transactionsCsv, useTransactions, type LedgerFilter } from '../api/ledger';
import { StatementForm } from '../components/statement-form';

/** One filter: a labelled select whose first choice is every value ('' in the address). */
function FilterChoice({
  label,
  all,
  value,
  onChange,
  choices,
}: {
  label: string;
  all: string;
  value: string;
  onChange: (event: React.ChangeEvent<HTMLSelectElement>) => void;
  choices: readonly (readonly [string, string])[];
}) {
  const id = useId();
  return (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select value={value} onChange={onChange}>
        <option value="">{all}</option>
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

const TYPES = [
  ['contribution', 'Contributions'],
  ['distribution', 'Distributions'],
  ['fee', 'Fees'],
  ['adjustment', 'Adjustments'],
] as const;

/**
 * /dashboard/transactions: the investor's ledger across their investments (or one, ?fund=<documentId>), newest first,
 * a page at a time, with the capital they have in after each entry; filters by fund, type and year kept in the
 * address and applied by the CMS, which also writes the CSV of every row they show.
 */
export function TransactionsPage() {
  const [params, setParams] = useSearchParams();
  const filter: LedgerFilter = {
    fund: params.get('fund') ?? '',
    type: params.get('type') ?? '',
    year: params.get('year') ?? '',
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, error, isLoading } = useTransactions(filter, page);
  const notify = useNotify();
  const [saving, setSaving] = useState(false);

  const go = (changes: Partial<Record<keyof LedgerFilter | 'page', string>>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setParams(next, { replace: true });
  };
  // A new filter starts again at its first page.
  const choose = (name: keyof LedgerFilter) => (event: React.ChangeEvent<HTMLSelectElement>) =>
    go({ [name]: event.target.value, page: '' });
  const download = async () => {
    setSaving(true);
    try {
      saveBlob(await transactionsCsv(filter), 'transactions.csv');
    } catch (failure) {
      notify(`The CSV could not be made: ${failureMessage(failure)}`, { variant: 'negative' });
    } finally {
      setSaving(false);
    }
  };
  const rows = data?.results ?? [];

  return (
    <ContentLayout title="Transactions">
      {isLoading && <Spinner />}
      {!data && !isLoading && <p>{error ? 'The transactions could not be loaded' : 'No transactions'}</p>}
      {data && (
        <>
          <StatementForm investments={data.investments} years={data.years} />
          <h2 className="h5">Ledger</h2>
          <Form className="d-flex flex-wrap align-items-end gap-3 mb-3" onSubmit={(event) => event.preventDefault()}>
            <FilterChoice
              label="Fund"
              all="All funds"
              value={filter.fund}
              onChange={choose('fund')}
              choices={data.funds.map((fund) => [fund.documentId, fund.name ?? 'Unknown Fund'] as const)}
            />
            <FilterChoice label="Type" all="All types" value={filter.type} onChange={choose('type')} choices={TYPES} />
            <FilterChoice
              label="Year"
              all="All years"
              value={filter.year}
              onChange={choose('year')}
              choices={data.years.map((year) => [year, year] as const)}
            />
            <Button variant="outline-primary" onClick={() => void download()} disabled={!rows.length || saving}>
              Download CSV
            </Button>
          </Form>
          {rows.length ? (
            <>
              {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
              <div className="table-responsive" tabIndex={0} role="region" aria-label="Ledger entries">
                <Table striped size="sm">
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">Fund</th>
                      <th scope="col">Transaction</th>
                      <th scope="col" className="text-end">
                        Amount
                      </th>
                      <th scope="col" className="text-end">
                        Net Invested
                      </th>
                      <th scope="col">Note</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={row.documentId}>
                        <td>{row.effective_date}</td>
                        <td>{row.fund?.name ?? ''}</td>
                        <td>{row.description}</td>
                        <td className="text-end">{formatUsd(row.amount_cents / 100)}</td>
                        <td className="text-end">{formatUsd(row.balance_cents / 100)}</td>
                        <td>{row.note ?? ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </div>
              {data.pagination.pageCount > 1 && (
                <Pager
                  page={data.pagination.page}
                  pageCount={data.pagination.pageCount}
                  onPageChange={(next) => go({ page: next > 1 ? String(next) : '' })}
                  label="Transactions pages"
                />
              )}
            </>
          ) : (
            <p>No transactions</p>
          )}
        </>
      )}
    </ContentLayout>
  );
}
