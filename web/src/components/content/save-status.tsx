import Button from 'react-bootstrap/Button';
import type { SaveStatus as Status } from '@/lib/editing/content-edits';

interface SaveStatusProps {
  status: Status | null;
  /** The reason of a failed save, as the server gave it. */
  error: string | null;
  onRetry(): void;
}

/** How the item's auto-save stands: 'Saving…', 'Saved', or 'Not saved: <reason>' with a Retry button. */
export function SaveStatus({ status, error, onRetry }: SaveStatusProps) {
  return (
    <div className="content-save-status small">
      {/* Always rendered, so screen readers hear each change of the text (a live region must exist first). */}
      <span role="status" className={status === 'failed' ? 'text-danger' : 'text-body-secondary'}>
        {status === 'saving' && 'Saving…'}
        {status === 'saved' && 'Saved'}
        {status === 'failed' && `Not saved: ${error}`}
      </span>
      {status === 'failed' && (
        <Button size="sm" variant="outline-danger" onClick={onRetry}>
          Retry
        </Button>
      )}
    </div>
  );
}
