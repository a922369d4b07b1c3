import { useId, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNotify } from '@/components/toasts/toasts';
import { saveFile } from '@/lib/save-file';
import { statementDownload, type LedgerEntry } from '../api/ledger';
import { statementPeriods } from '../periods';

/**
 * Picks an investment and a quarter or year and downloads its capital account statement: a sealed PDF made for this
 * request, whose fingerprint anyone can check on /statements/verify.
 */
export function StatementForm({ entries }: { entries: LedgerEntry[] }) {
  const ids = { investment: useId(), period: useId() };
  const notify = useNotify();
  const investments = useMemo(
    () => [...new Map(entries.flatMap((entry) => (entry.syndUser ? [[entry.syndUser.documentId, entry.fund?.name ?? 'Unknown Fund'] as const] : []))).entries()],
    [entries],
  );
  const periods = useMemo(() => {
    const first = Math.min(...entries.map((entry) => Number(entry.effective_date.slice(0, 4))));
    return statementPeriods(first, new Date().toISOString().slice(0, 10));
  }, [entries]);
  const [investment, setInvestment] = useState(investments[0]?.[0] ?? '');
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
      notify(error instanceof Error && error.message ? `The statement could not be made: ${error.message}` : 'The statement could not be made', { variant: 'negative' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${ids.investment}-heading`} className="mb-4">
      <h2 id={`${ids.investment}-heading`} className="h5">Capital Account Statement</h2>
      <Form className="d-flex flex-wrap align-items-end gap-3" onSubmit={(event) => { event.preventDefault(); void download(); }}>
        <Form.Group controlId={ids.investment}>
          <Form.Label>Investment</Form.Label>
          <Form.Select value={investment} onChange={(event) => setInvestment(event.target.value)}>
            {investments.map(([documentId, name]) => <option key={documentId} value={documentId}>{name}</option>)}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId={ids.period}>
          <Form.Label>Period</Form.Label>
          <Form.Select value={period} onChange={(event) => setPeriod(event.target.value)}>
            {periods.map((each) => <option key={each.label} value={each.label}>{each.label}</option>)}
          </Form.Select>
        </Form.Group>
        <Button type="submit" variant="primary" disabled={busy}>Download statement</Button>
      </Form>
    </section>
  );
}
