import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';

interface PagerProps {
  /** The page shown, from 1. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the pager among others on the page. */
  label: string;
}

/** Previous and next buttons around a number input that goes straight to the page typed into it. */
export function Pager({ page, pageCount, onPageChange, label }: PagerProps) {
  const inputId = useId();
  // What the visitor is typing, while it is no page (empty, 0, too high); otherwise the input shows `page`.
  const [draft, setDraft] = useState<string | null>(null);

  const goTo = (wanted: number) => {
    setDraft(null);
    onPageChange(wanted);
  };
  const type = (value: string) => {
    const wanted = Number(value);
    if (value !== '' && Number.isInteger(wanted) && wanted >= 1 && wanted <= pageCount) goTo(wanted);
    else setDraft(value);
  };

  return (
    <nav aria-label={label} className="d-flex align-items-center justify-content-center gap-2 mt-4">
      <Button variant="outline-primary" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
        Previous
      </Button>
      <Form.Label htmlFor={inputId} className="mb-0">
        Page
      </Form.Label>
      <Form.Control
        id={inputId}
        type="number"
        min={1}
        max={pageCount}
        size="sm"
        style={{ width: '5rem' }}
        value={draft ?? String(page)}
        onChange={(event) => type(event.target.value)}
        onBlur={() => setDraft(null)}
      />
      <span>of {pageCount}</span>
      <Button variant="outline-primary" size="sm" disabled={page >= pageCount} onClick={() => goTo(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
