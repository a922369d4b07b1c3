import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useParams } from 'react-router-dom';
import { MIN_PASSWORD } from '@portal/rules';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ApiError } from '@/lib/api-client';
import { useSignInDialog } from '@/lib/auth/sign-in-dialog-context';
import { saveNewPassword } from '../api/save-new-password';

const PASSWORD_TOO_SHORT = 'Password is too short';
const PASSWORD_MISMATCH = 'Password mismatch';
const PASSWORD_SAVED = 'Your password has been saved.';

interface PasswordErrors {
  password?: string;
  confirmation?: string;
}

/** The spec's checks before the new password is sent; the CMS checks the length again. */
function passwordErrors(password: string, confirmation: string): PasswordErrors | null {
  const errors: PasswordErrors = {};
  if (password.length < MIN_PASSWORD) errors.password = PASSWORD_TOO_SHORT;
  if (confirmation !== password) errors.confirmation = PASSWORD_MISMATCH;
  return errors.password || errors.confirmation ? errors : null;
}

/** /reset_password/:code, the link of the password reset mail. */
export function ResetPasswordPage() {
  const { code = '' } = useParams();
  const { open } = useSignInDialog();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<PasswordErrors | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = passwordErrors(password, confirmation);
    setErrors(invalid);
    setServerError(null);
    if (invalid) return;
    setBusy(true);
    try {
      await saveNewPassword(code, password);
      setSaved(true);
    } catch (error) {
      setServerError(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ContentLayout title="Reset Password">
      {saved ? (
        <>
          <p>{PASSWORD_SAVED}</p>
          <Button onClick={() => open('signin')}>Sign In</Button>
        </>
      ) : (
        <Form noValidate onSubmit={onSubmit} className="d-grid gap-3 col-md-6">
          <TextField
            label="New Password"
            type="password"
            value={password}
            onChange={setPassword}
            error={errors?.password}
            autoComplete="new-password"
          />
          <TextField
            label="Confirm Password"
            type="password"
            value={confirmation}
            onChange={setConfirmation}
            error={errors?.confirmation}
            autoComplete="new-password"
          />
          <SubmitButton busy={busy} error={serverError}>
            Save Password
          </SubmitButton>
        </Form>
      )}
    </ContentLayout>
  );
}
