import type { SignerIdentity } from '@portal/rules';
import { type FormEvent, useEffect, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { ApiError, failureMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { sendCode, verifyCode } from '../api/signing';

export const SUSPENDED =
  'This link is suspended after too many wrong codes. Ask for a new link: if you are the investor, with “Continue to sign” on your dashboard; otherwise from the sponsor.';

interface IdentityStepProps {
  token: string;
  identity: SignerIdentity;
  /** Whether step 1 is done: the code is asked for after the disclosure. */
  ready: boolean;
  /** The proof of a right code (null until then). */
  verification: string | null;
  onVerified: (verification: string) => void;
  /** The link was locked meanwhile, or its lock has just ended: the page reads its state again. */
  onLocked: () => void;
}

/**
 * Step 2: the signer proves the link is theirs. The investor's own signed-in session does; anyone else (the spouse)
 * enters a six-digit code mailed to them: ten minutes, five tries, then the link is locked for ten minutes; the third
 * lock-out suspends the link until a new one is sent.
 */
export function IdentityStep({ token, identity, ready, verification, onVerified, onLocked }: IdentityStepProps) {
  const codeId = useId();
  const [sentTo, setSentTo] = useState<string | null>(identity.codeSentAt ? identity.email : null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(
    identity.suspended
      ? SUSPENDED
      : identity.lockedUntil
        ? `This link is locked after five wrong codes until ${formatDateTime(identity.lockedUntil)}.`
        : null,
  );

  // A locked link opens again by itself when its ten minutes are over (a lock already past by this device's clock is
  // left to the server's word, so a clock that runs ahead cannot make the page ask again and again).
  useEffect(() => {
    if (!identity.lockedUntil) return undefined;
    const wait = new Date(identity.lockedUntil).getTime() - Date.now();
    if (!(wait > 0)) return undefined;
    const timer = setTimeout(() => {
      setError(null);
      setSentTo(null);
      onLocked();
    }, wait + 1_000);
    return () => clearTimeout(timer);
  }, [identity.lockedUntil, onLocked]);

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      setSentTo((await sendCode(token)).sentTo);
    } catch (failure) {
      setError(failureMessage(failure));
      // Suspended (403) or locked (429) meanwhile, as verify learns it: the page reads the link's state again. A code
      // sent before stays enterable (a 429 may only say the last one went out less than 30 seconds ago).
      if (failure instanceof ApiError && (failure.status === 429 || failure.status === 403)) onLocked();
    } finally {
      setBusy(false);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onVerified((await verifyCode(token, code.trim())).verification);
    } catch (failure) {
      setError(failureMessage(failure));
      setCode('');
      // Locked (or suspended): the lock voided the code sent, so the step starts again from sending one (once the lock
      // is over, or from a new link).
      if (failure instanceof ApiError && (failure.status === 429 || failure.status === 403)) {
        setSentTo(null);
        onLocked();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card as="section" aria-labelledby="identity-title" className="mb-3">
      <Card.Body>
        <Card.Title as="h2" className="h5" id="identity-title">
          2. Confirm it is you
        </Card.Title>
        {identity.method === 'session' ? (
          <p className="mb-0">You are signed in as the investor: no code is needed.</p>
        ) : verification ? (
          <p className="mb-0 text-success">Confirmed with the code sent to {identity.email}.</p>
        ) : (
          <>
            <p>
              We email a six-digit code to {identity.email}. It works for ten minutes; after five wrong codes this link
              is locked for ten minutes.
            </p>
            {sentTo && (
              <Form onSubmit={verify} className="d-flex flex-wrap align-items-end gap-2 mb-2">
                <Form.Group controlId={codeId}>
                  <Form.Label>Code from the email</Form.Label>
                  <Form.Control
                    value={code}
                    onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    style={{ maxWidth: 160, letterSpacing: '0.3em' }}
                  />
                </Form.Group>
                <Button type="submit" disabled={busy || code.length !== 6}>
                  Confirm
                </Button>
              </Form>
            )}
            {error && <Alert variant="danger">{error}</Alert>}
            {sentTo && <p className="small text-body-secondary">A code was sent to {sentTo}.</p>}
            <Button
              variant={sentTo ? 'link' : 'primary'}
              className={sentTo ? 'p-0' : undefined}
              onClick={send}
              disabled={busy || !ready || Boolean(identity.lockedUntil) || identity.suspended}
            >
              {sentTo ? 'Send a new code' : 'Email me a code'}
            </Button>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
