import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { useNotify } from '@/components/toasts/toasts';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-context';
import { useTimedValue } from '@/lib/use-timed-value';
import { useAuthSubmit } from './use-auth-submit';

export const FIELD_ERRORS_MS = 2000;
const UNEXPECTED_ERROR_MESSAGE = 'Unexpected error';

type RegistrationField = 'email' | 'firstName' | 'lastName' | 'password';
type FieldErrors = Partial<Record<RegistrationField, string>>;

/** The inputs in the spec's order, named as the CMS names their errors. */
const FIELDS: { name: RegistrationField; label: string; type?: 'email' | 'password'; autoComplete: string }[] = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
];

/** The per-field messages of a registration 400, which the CMS puts in Strapi's `error.details.fields`. */
function fieldErrorsOf(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const { details } = error;
  if (typeof details !== 'object' || details === null || !('fields' in details)) return null;
  const { fields } = details;
  return typeof fields === 'object' && fields !== null ? (fields as FieldErrors) : null;
}

interface RegistrationFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onRegistered: () => void;
}

export function RegistrationForm({ email, onEmailChange, onRegistered }: RegistrationFormProps) {
  const { register } = useSession();
  const notify = useNotify();
  const [others, setOthers] = useState({ firstName: '', lastName: '', password: '' });
  const [fieldErrors, showFieldErrors] = useTimedValue<FieldErrors>(FIELD_ERRORS_MS);
  const values = { ...others, email };
  const change = (name: RegistrationField) => (value: string) =>
    name === 'email' ? onEmailChange(value) : setOthers((current) => ({ ...current, [name]: value }));
  const fail = (message: string | null | undefined) =>
    notify(message || UNEXPECTED_ERROR_MESSAGE, { variant: 'negative' });

  const { onSubmit, busy } = useAuthSubmit(
    async () => {
      const answer = await register(values);
      if (answer?.success) onRegistered();
      else fail(answer?.message);
    },
    (error) => {
      const fields = fieldErrorsOf(error);
      if (fields) showFieldErrors(fields);
      else fail(error instanceof ApiError ? error.serverMessage : null);
    },
  );

  return (
    <Form noValidate onSubmit={onSubmit} className="d-grid gap-3">
      {FIELDS.map(({ name, ...field }) => (
        <TextField key={name} {...field} value={values[name]} onChange={change(name)} error={fieldErrors?.[name]} />
      ))}
      <SubmitButton busy={busy}>Sign Up</SubmitButton>
    </Form>
  );
}
