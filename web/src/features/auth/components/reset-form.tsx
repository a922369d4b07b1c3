import Form from 'react-bootstrap/Form';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-context';
import { useTimedValue } from '@/lib/use-timed-value';
import { useAuthSubmit } from './use-auth-submit';

export const RESET_ERROR_MS = 1000;

interface ResetFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onSent: () => void;
}

export function ResetForm({ email, onEmailChange, onSent }: ResetFormProps) {
  const { resetRequest } = useSession();
  const [failure, showFailure] = useTimedValue<string>(RESET_ERROR_MS);
  const { onSubmit, busy } = useAuthSubmit(
    async () => {
      await resetRequest(email);
      onSent();
    },
    (error) => showFailure(error instanceof ApiError ? error.message : String(error)),
  );

  return (
    <Form noValidate onSubmit={onSubmit} className="d-grid gap-3">
      <TextField label="Email" type="email" value={email} onChange={onEmailChange} autoComplete="username" />
      <SubmitButton busy={busy} error={failure}>
        Reset Password
      </SubmitButton>
    </Form>
  );
}
