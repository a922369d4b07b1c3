import type { DisclosureAccepted, SigningDisclosure } from '@portal/rules';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Html } from '@/components/ui/html';
import { failureMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { acceptDisclosure, requestPaper } from '../api/signing';

export const DISCLOSURE_AGREEMENT = 'I have read this disclosure and agree to use electronic records and signatures';

interface DisclosureStepProps {
  token: string;
  disclosure: SigningDisclosure;
  accepted: DisclosureAccepted | null;
  /** The disclosure was accepted, or consent withdrawn (the acceptance cleared): the page reads its state again. */
  onChanged: () => void;
}

/** Step 1: the portal's electronic records disclosure (ESIGN/UETA), read and accepted before anything is signed. */
export function DisclosureStep({ token, disclosure, accepted, onChanged }: DisclosureStepProps) {
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [paper, setPaper] = useState<string | null>(null);

  /** Runs a call of this step: busy meanwhile, its failure shown. */
  const step = (call: () => Promise<void>) => async () => {
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const accept = step(async () => {
    await acceptDisclosure(token, disclosure.version);
    onChanged();
  });
  // Withdrawing consent, as the disclosure says it can be: the sponsor sends the agreement on paper instead, and
  // signing here after all means accepting the disclosure again.
  const askForPaper = step(async () => {
    setPaper((await requestPaper(token)).contact);
    onChanged();
  });

  return (
    <Card as="section" aria-labelledby="disclosure-title" className="mb-3">
      <Card.Body>
        <Card.Title as="h2" className="h5" id="disclosure-title">
          1. {disclosure.title}
        </Card.Title>
        <Html html={disclosure.body} className="border rounded p-3 mb-3 overflow-auto small" />
        {accepted ? (
          <p className="mb-0 text-success">Accepted {formatDateTime(accepted.acceptedAt)}.</p>
        ) : (
          <>
            <Form.Check
              id="disclosure-agree"
              type="checkbox"
              label={DISCLOSURE_AGREEMENT}
              checked={agreed}
              onChange={(event) => setAgreed(event.target.checked)}
              className="mb-2"
            />
            <Button onClick={accept} disabled={!agreed || busy}>
              Accept
            </Button>
          </>
        )}
        {error && (
          <Alert variant="danger" className="mt-3">
            {error}
          </Alert>
        )}
        {paper ? (
          <Alert variant="info" className="mt-3 mb-0">
            We have told the sponsor that you want to sign on paper: they will send you the agreement. Questions:{' '}
            {paper}.
          </Alert>
        ) : (
          <Button variant="link" className="d-block p-0 mt-2" onClick={askForPaper} disabled={busy}>
            Sign on paper instead
          </Button>
        )}
      </Card.Body>
    </Card>
  );
}
