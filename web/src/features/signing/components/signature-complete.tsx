import type { LinkSignerRole } from '@portal/rules';
import Alert from 'react-bootstrap/Alert';
import { InvestorNextSteps } from '@/components/signing-complete/investor-next-steps';
import { Spinner } from '@/components/ui/spinner';
import type { SignatureRecording } from './use-signature-recorded';

interface SignatureCompleteProps {
  role: LinkSignerRole;
  /** A signature made on this page is recorded at once; one made at Dropbox Sign is read from there first. */
  recording: SignatureRecording;
}

/** The link's page once its signer signed (without a session to go on to the signature success page with). */
export function SignatureComplete({ role, recording }: SignatureCompleteProps) {
  if (recording === 'recording') {
    return (
      <div className="d-flex align-items-center gap-2 mb-3">
        <Spinner />
        <span>Thank you for signing. Recording your signature…</span>
      </div>
    );
  }
  return (
    <>
      {recording === 'recorded' ? (
        <Alert variant="success">Thank you. Your signature has been recorded.</Alert>
      ) : (
        // Dropbox Sign has the signature; its callback records it here when it comes.
        <Alert variant="info">
          Thank you for signing. Dropbox Sign has not confirmed your signature to us yet: it will be recorded as soon as
          it does, with nothing more for you to do.
        </Alert>
      )}
      {role === 'investor' && <InvestorNextSteps />}
    </>
  );
}
