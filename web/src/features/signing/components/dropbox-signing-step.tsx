import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import type HelloSign from 'hellosign-embedded';
import { failureMessage } from '@/lib/api-client';
import { embeddedSigning } from '../api/signing';
import './dropbox-signing-step.css';

interface DropboxSigningStepProps {
  token: string;
  /** Whether steps 1 and 2 are done: the CMS answers the signer's URL only then. */
  ready: boolean;
  verification: string | null;
  /** The signer finished at Dropbox Sign; `syndUserId` is their commitment's (for the signature success page). */
  onSigned: (syndUserId: string) => void;
}

/**
 * Step 3 when the portal collects signatures on Dropbox Sign: its embedded signer, opened with Dropbox Sign's own
 * client (hellosign-embedded, loaded only here), in a frame on this page. The document is read and signed there.
 */
export function DropboxSigningStep({ token, ready, verification, onSigned }: DropboxSigningStepProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const client = useRef<HelloSign | null>(null);
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => () => client.current?.close(), []);

  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await embeddedSigning(token, verification);
      const { default: Embedded } = await import('hellosign-embedded');
      const embedded = new Embedded({ clientId: answer.clientId });
      embedded.on('finish', () => onSigned(answer.syndUserId));
      embedded.on('error', (data) => setError(`Dropbox Sign could not open the agreement (${data.code}).`));
      client.current = embedded;
      // In a box of this page rather than the client's modal: the modal's styles are inline <style> elements, which the
      // site's Content-Security-Policy refuses; the box's are in this component's stylesheet. Dropbox Sign checks the
      // page's domain against the API app's; only its test mode may skip that check.
      embedded.open(answer.url, {
        container: frame.current ?? undefined,
        testMode: answer.testMode,
        skipDomainVerification: answer.testMode,
      });
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card as="section" aria-labelledby="dropbox-sign-title" className="mb-3">
      <Card.Body>
        <Card.Title as="h2" className="h5" id="dropbox-sign-title">
          3. Read and sign
        </Card.Title>
        <p>The agreement opens below in Dropbox Sign, our signing service: read it there and sign.</p>
        {error && <Alert variant="danger">{error}</Alert>}
        <Button onClick={open} disabled={busy || !ready}>
          Open the agreement to sign
        </Button>
        {!ready && (
          <p className="small text-body-secondary mt-2 mb-0">Accept the disclosure and confirm it is you first.</p>
        )}
        <div ref={frame} className="dropbox-signing-frame mt-3" />
      </Card.Body>
    </Card>
  );
}
