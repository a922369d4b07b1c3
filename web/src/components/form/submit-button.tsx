import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';

interface SubmitButtonProps {
  busy: boolean;
  /** What went wrong with the last submit; the button turns red while it shows. */
  error?: string | null;
  children: ReactNode;
}

/** A form's submit button, with the message of a failed submit above it. */
export function SubmitButton({ busy, error, children }: SubmitButtonProps) {
  return (
    <>
      {error && (
        <Alert variant="danger" className="mb-0">
          {error}
        </Alert>
      )}
      <Button type="submit" variant={error ? 'danger' : 'primary'} disabled={busy}>
        {children}
      </Button>
    </>
  );
}
