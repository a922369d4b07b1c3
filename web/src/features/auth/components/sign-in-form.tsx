import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { useSession } from '@/lib/auth/session-context';
import { useTimedValue } from '@/lib/use-timed-value';
import { useAuthSubmit } from './use-auth-submit';

export const SIGN_IN_ERROR_MS = 1000;
const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';

interface SignInFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onForgotPassword: () => void;
  onSignedIn: () => void;
}

export function SignInForm({ email, onEmailChange, onForgotPassword, onSignedIn }: SignInFormProps) {
  const { signIn } = useSession();
  const [password, setPassword] = useState('');
  const [failure, showFailure] = useTimedValue<string>(SIGN_IN_ERROR_MS);
  const { onSubmit, busy } = useAuthSubmit(
    async () => {
      await signIn({ email, password });
      onSignedIn();
    },
    // Whatever went wrong, the spec shows the one message: it tells an attacker nothing about the account.
    () => showFailure(INVALID_CREDENTIALS_MESSAGE),
  );

  return (
    // noValidate: the spec wants no checks here beyond the CMS's, not even the browser's email format check.
    <Form noValidate onSubmit={onSubmit} className="d-grid gap-3">
      <TextField label="Email" type="email" value={email} onChange={onEmailChange} autoComplete="username" />
      <TextField
        label="Password"
        type="password"
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
      />
      <div>
        <Button variant="link" className="p-0" onClick={onForgotPassword}>
          Forgot password?
        </Button>
      </div>
      <SubmitButton busy={busy} error={failure}>
        Log In
      </SubmitButton>
    </Form>
  );
}
