import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { useSignInDialog } from '@/lib/auth/sign-in-dialog-context';
import { confirmEmail } from '../api/confirm-email';

const CHECKING_CODE = 'Checking your confirmation code…';
const EMAIL_CONFIRMED = 'Your email is confirmed. You can sign in now.';
const INVALID_CONFIRMATION_CODE = 'Invalid confirmation code';

type Confirmation = 'checking' | 'confirmed' | 'invalid';

/** /confirm_email/:code, the link of the registration mail. */
export function ConfirmEmailPage() {
  const { code = '' } = useParams();
  const { open } = useSignInDialog();
  const [confirmation, setConfirmation] = useState<Confirmation>('checking');
  const asked = useRef<string | null>(null);

  useEffect(() => {
    // A code works once, so StrictMode's second run of this effect must not send it again.
    if (asked.current === code) return;
    asked.current = code;
    setConfirmation('checking');
    const settle = (result: Confirmation) => () => asked.current === code && setConfirmation(result);
    confirmEmail(code).then(settle('confirmed'), settle('invalid'));
  }, [code]);

  return (
    <ContentLayout title="Confirm Email">
      {confirmation === 'checking' && <p>{CHECKING_CODE}</p>}
      {confirmation === 'confirmed' && (
        <>
          <p>{EMAIL_CONFIRMED}</p>
          <Button onClick={() => open('signin')}>Sign In</Button>
        </>
      )}
      {confirmation === 'invalid' && <Alert variant="danger">{INVALID_CONFIRMATION_CODE}</Alert>}
    </ContentLayout>
  );
}
