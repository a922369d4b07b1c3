import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useSession } from '@/lib/auth/session-context';
import type { SignInDialogMode } from '@/lib/auth/sign-in-dialog-context';
import { GoogleSignInButton } from './google-sign-in-button';
import { RegistrationForm } from './registration-form';
import { ResetForm } from './reset-form';
import { SignInForm } from './sign-in-form';

const REGISTERED_MESSAGE =
  'Welcome! Check your email and locate the confirmation email. Follow the steps in the email to confirm your email address.';
const RESET_SENT_MESSAGE =
  "If we found an account associated with that username, we've sent password reset instructions to the primary email address on the account.";

const TITLES: Record<SignInDialogMode, string> = {
  signin: 'Log In',
  registration: 'Sign Up',
  reset: 'Reset Password',
};

export interface SignInDialogProps {
  show: boolean;
  mode: SignInDialogMode;
  onModeChange: (mode: SignInDialogMode) => void;
  onHide: () => void;
}

/** Sign-in, registration and password reset in one dialog; the email typed in one mode carries to the others. */
export function SignInDialog({ show, mode: requestedMode, onModeChange, onHide }: SignInDialogProps) {
  const { settings } = useSession();
  const titleId = useId();
  const [email, setEmail] = useState('');
  // Registered or reset mail sent: the mode's form gives way to its confirmation.
  const [done, setDone] = useState(false);

  const registrationEnabled = !settings.registrationDisabled;
  const mode = requestedMode === 'registration' && !registrationEnabled ? 'signin' : requestedMode;
  const googleClientId = settings.signInWithGoogleDisabled ? null : settings.signInWithGoogleClientId;
  const switchTo = (next: SignInDialogMode) => {
    setDone(false);
    onModeChange(next);
  };
  const emailProps = { email, onEmailChange: setEmail };

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h4">
          {TITLES[mode]}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="d-grid gap-3">
        {mode === 'signin' && (
          <SignInForm {...emailProps} onForgotPassword={() => switchTo('reset')} onSignedIn={onHide} />
        )}
        {mode === 'registration' &&
          (done ? (
            <p>{REGISTERED_MESSAGE}</p>
          ) : (
            <RegistrationForm {...emailProps} onRegistered={() => setDone(true)} />
          ))}
        {mode === 'reset' &&
          (done ? <p>{RESET_SENT_MESSAGE}</p> : <ResetForm {...emailProps} onSent={() => setDone(true)} />)}

        {googleClientId && mode !== 'reset' && !done && (
          <GoogleSignInButton clientId={googleClientId} onSignedIn={onHide} />
        )}
        {mode === 'signin' && registrationEnabled && (
          <Button variant="outline-primary" onClick={() => switchTo('registration')}>
            Sign Up
          </Button>
        )}
        {mode === 'registration' && (
          <Button variant="outline-secondary" onClick={() => switchTo('signin')}>
            {done ? 'Sign In' : 'Log In'}
          </Button>
        )}
        {mode === 'reset' && (
          <Button variant="outline-secondary" onClick={() => switchTo('signin')}>
            Back To Log In
          </Button>
        )}
      </Modal.Body>
    </Modal>
  );
}
