import { useId, useMemo } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useSearchParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Spinner } from '@/components/ui/spinner';
import { formatUsd } from '@/lib/format';
import { saveBlob } from '@/lib/save-file';
import { useLedger } from '../api/ledger';
import { StatementForm } from '../components/statement-form';
import { describeEntry, ledgerCsv, ledgerRows, type LedgerFilter } from '../ledger-view';

/** One filter: a labelled select whose first choice is every value ('' in the address). */
function FilterChoice({ label, all, value, onChange, choices }: {
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
        {choices.map(([choice, text]) => <option key={choice} value={choice}>{text}</option>)}
      </Form.Select>
    </Form.Group>
  );
}

const TYPES = [['contribution', 'Contributions'], ['distribution', 'Distributions'], ['fee', 'Fees'], ['adjustment', 'Adjustments']] as const;

/**
 * /dashboard/transactions: the investor's ledger across their investments (or one, ?fund=<documentId>) with the
 * capital they have in after each entry, filters by fund, type and year kept in the address, and a CSV of what is shown.
 */
export function TransactionsPage() {
  const { data: entries, error } = useLedger();
  const [params, setParams] = useSearchParams();
  const filter: LedgerFilter = { fund: params.get('fund') ?? '', type: params.get('type') ?? '', year: params.get('year') ?? '' };
  const funds = useMemo(() => [...new Map((entries ?? []).flatMap((entry) => (entry.fund ? [[entry.fund.documentId, entry.fund.name ?? 'Unknown Fund'] as const] : []))).entries()], [entries]);
  const years = useMemo(() => [...new Set((entries ?? []).map((entry) => entry.effective_date.slice(0, 4)))].sort().reverse(), [entries]);
  const rows = useMemo(() => ledgerRows(entries ?? [], filter), [entries, filter.fund, filter.type, filter.year]);

  const choose = (name: keyof LedgerFilter) => (event: React.ChangeEvent<HTMLSelectElement>) => {
    const next = new URLSearchParams(params);
    if (event.target.value) next.set(name, event.target.value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const download = () => saveBlob(new Blob([ledgerCsv(rows)], { type: 'text/csv;charset=utf-8' }), 'transactions.csv');

  return (
    <ContentLayout title="Transactions">
      {!entries && !error && <Spinner />}
      {entries && (
        <>
          <StatementForm entries={entries} />
          <h2 className="h5">Ledger</h2>
          <Form className="d-flex flex-wrap align-items-end gap-3 mb-3" onSubmit={(event) => event.preventDefault()}>
            <FilterChoice label="Fund" all="All funds" value={filter.fund} onChange={choose('fund')} choices={funds} />
            <FilterChoice label="Type" all="All types" value={filter.type} onChange={choose('type')} choices={TYPES} />
            <FilterChoice label="Year" all="All years" value={filter.year} onChange={choose('year')} choices={years.map((year) => [year, year] as const)} />
            <Button variant="outline-primary" onClick={download} disabled={!rows.length}>Download CSV</Button>
          </Form>
          {rows.length ? (
            <Table responsive striped size="sm">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Fund</th>
                  <th scope="col">Transaction</th>
                  <th scope="col" className="text-end">Amount</th>
                  <th scope="col" className="text-end">Net Invested</th>
                  <th scope="col">Note</th>
                </tr>
              </thead>
              <tbody>
                {rows.map(({ entry, balanceCents }) => (
                  <tr key={entry.documentId}>
                    <td>{entry.effective_date}</td>
                    <td>{entry.fund?.name ?? ''}</td>
                    <td>{describeEntry(entry)}</td>
                    <td className="text-end">{formatUsd(entry.amount_cents / 100)}</td>
                    <td className="text-end">{formatUsd(balanceCents / 100)}</td>
                    <td>{entry.note ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          ) : (
            <p>No transactions</p>
          )}
        </>
      )}
    </ContentLayout>
  );
}
