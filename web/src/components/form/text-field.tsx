import { useId } from 'react';
import Form from 'react-bootstrap/Form';

interface TextFieldProps {
  label: string;
  type?: 'text' | 'email' | 'password';
  value: string;
  onChange: (value: string) => void;
  /** Shown under the input, which is then marked invalid. */
  error?: string | null;
  autoComplete?: string;
}

/** A labelled input with its error message, the one shape of every form field on the site. */
export function TextField({ label, type = 'text', value, onChange, error, autoComplete }: TextFieldProps) {
  const id = useId();
  return (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        isInvalid={Boolean(error)}
        autoComplete={autoComplete}
      />
      {error && <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>}
    </Form.Group>
  );
}
