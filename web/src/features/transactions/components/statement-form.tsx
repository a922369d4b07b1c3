import { useId, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { TransactionsPage } from '@portal/rules';
import { useNotify } from '@/components/toasts/toasts';
import { saveFile } from '@/lib/save-file';
import { statementDownload } from '../api/ledger';
import { statementPeriods } from '../periods';

/**
 * Picks an investment and a quarter or year and downloads its capital account statement: a sealed PDF made for this
 * request, whose fingerprint anyone can check on /statements/verify.
 */
export function StatementForm({ investments, years }: Pick<TransactionsPage, 'investments' | 'years'>) {
  const ids = { investment: useId(), period: useId() };
  const notify = useNotify();
  // The years are newest first: the oldest is the first a statement may cover.
  const first = Number(years.at(-1) ?? new Date().getUTCFullYear());
  const periods = useMemo(() => statementPeriods(first, new Date().toISOString().slice(0, 10)), [first]);
  const [investment, setInvestment] = useState(investments[0]?.syndUser ?? '');
  const [period, setPeriod] = useState(periods[0]?.label ?? '');
  const [busy, setBusy] = useState(false);
  if (!investments.length) return null;

  const download = async () => {
    const chosen = periods.find((each) => each.label === period);
    if (!chosen || !investment) return;
    setBusy(true);
    try {
      const { url, originalName } = await statementDownload(investment, chosen.from, chosen.to);
      await saveFile(url, originalName || 'statement.pdf');
    } catch (error) {
      notify(
        error instanceof Error && error.message
          ? `The statement could not be made: ${error.message}`
          : 'The statement could not be made',
        { variant: 'negative' },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${ids.investment}-heading`} className="mb-4">
      <h2 id={`${ids.investment}-heading`} className="h5">
        Capital Account Statement
      </h2>
      <Form
        className="d-flex flex-wrap align-items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void download();
        }}
      >
        <Form.Group controlId={ids.investment}>
          <Form.Label>Investment</Form.Label>
          <Form.Select value={investment} onChange={(event) => setInvestment(event.target.value)}>
            {investments.map((each) => (
              <option key={each.syndUser} value={each.syndUser}>
                {each.name ?? 'Unknown Fund'}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId={ids.period}>
          <Form.Label>Period</Form.Label>
          <Form.Select value={period} onChange={(event) => setPeriod(event.target.value)}>
            {periods.map((each) => (
              <option key={each.label} value={each.label}>
                {each.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Button type="submit" variant="primary" disabled={busy}>
          Download statement
        </Button>
      </Form>
    </section>
  );
}
