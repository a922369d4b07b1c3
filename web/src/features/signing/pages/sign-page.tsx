import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate, useParams } from 'react-router-dom';
import { TextField } from '@/components/form/text-field';
import { ContentLayout } from '@/components/layouts/content-layout';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-context';
import { formatUsd } from '@/lib/format';
import { PdfViewer } from '@/components/pdf-viewer';
import { documentUrlOf, sign, useSigningRequest } from '../api/signing';
import { DisclosureStep } from '../components/disclosure-step';
import { DropboxSigningStep } from '../components/dropbox-signing-step';
import { IdentityStep } from '../components/identity-step';
import { SignatureComplete } from '../components/signature-complete';
import { SignaturePad } from '../components/signature-pad';
import { useSignatureRecorded } from '../components/use-signature-recorded';

export const CONSENT_LABEL = 'I agree to sign this document electronically';

/**
 * /sign/:token, where a signer's mailed link lands: the document shown page by page, then three steps: accept the
 * electronic records disclosure, confirm it is you (a mailed code, or the investor's own session), and sign with a
 * typed name, an optional drawn signature and consent; with Dropbox Sign, the document is shown the same way (fetched
 * from the service) and the third step opens its embedded signer, where it is signed. Public: the token is the signer's
 * key. The investor whose own session proved who they are then goes on to the signature success page (it asks sync_sign
 * with that session); any other signer is thanked here, a Dropbox Sign signature first read from the service through
 * the link (POST /api/signing/:token/refresh), since sync_sign needs a session.
 */
export function SignPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { isSignedIn } = useSession();
  const { data: request, isLoading, mutate } = useSigningRequest(token);
  const [verification, setVerification] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [drawn, setDrawn] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // How this page's signer finished: signed here (recorded at once) or at Dropbox Sign (read from there); null before.
  const [completed, setCompleted] = useState<'here' | 'at-dropbox' | null>(null);
  const recording = useSignatureRecorded(token, completed === 'at-dropbox');

  if (isLoading) return <PageSpinner />;
  if (!request) {
    return (
      <ContentLayout title="Sign Document">
        <Alert variant="warning">This signing link is not valid or has expired.</Alert>
      </ContentLayout>
    );
  }

  const title = request.document.title || 'Sign Document';
  const documentUrl = documentUrlOf(token, request);
  const disclosed = Boolean(request.disclosureAccepted);
  const identified = request.identity.method === 'session' || Boolean(verification);
  // Why the Sign button waits (when the checks above are not done).
  const waiting = !disclosed
    ? 'Accept the disclosure above first.'
    : request.identity.suspended
      ? 'This link is suspended: ask for a new link to sign.'
      : request.identity.lockedUntil
        ? 'This link is locked after five wrong codes: you can sign once it opens again and you confirm it is you.'
        : 'Confirm it is you with the code we email you first.';
  // Dropbox Sign collects the signature (SIGNING_PROVIDER=dropbox-sign), in its frame; the document is read here too.
  const atDropbox = request.provider === 'dropbox-sign';

  /**
   * After a signature: the investor signed in to their own account goes on to the success page (it refreshes the status
   * with their session); anyone else is thanked here, where the success page's sync_sign would only be refused.
   */
  const finished = (syndUserId: string) => {
    if (request.signer.role === 'investor' && request.identity.method === 'session' && isSignedIn) {
      navigate(paths.syndicationSuccess.getHref(syndUserId));
      return;
    }
    setCompleted(atDropbox ? 'at-dropbox' : 'here');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !consent || busy || !disclosed || !identified) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await sign(token, {
        name: name.trim(),
        ...(drawn ? { signature: drawn } : {}),
        consent: true,
        ...(verification ? { verification } : {}),
      });
      finished(answer.syndUserId);
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ContentLayout title={title}>
      <dl className="row">
        <dt className="col-sm-3">Investment</dt>
        <dd className="col-sm-9">{request.document.investmentName}</dd>
        {request.document.fundName && (
          <>
            <dt className="col-sm-3">Fund</dt>
            <dd className="col-sm-9">{request.document.fundName}</dd>
          </>
        )}
        <dt className="col-sm-3">Amount</dt>
        <dd className="col-sm-9">{formatUsd(request.document.amount)}</dd>
        <dt className="col-sm-3">Signer</dt>
        <dd className="col-sm-9">{request.signer.name}</dd>
      </dl>

      {completed ? (
        <SignatureComplete role={request.signer.role} recording={completed === 'here' ? 'recorded' : recording} />
      ) : request.signed ? (
        <Alert variant="success">You have already signed this document.</Alert>
      ) : (
        <>
          {(!atDropbox || request.documentUrl) && (
            <>
              <PdfViewer url={documentUrl} title={title} />
              <p>
                <a href={documentUrl} target="_blank" rel="noopener noreferrer">
                  Download the document
                </a>
              </p>
            </>
          )}
          <DisclosureStep
            token={token}
            disclosure={request.disclosure}
            accepted={request.disclosureAccepted}
            onChanged={() => void mutate()}
          />
          <IdentityStep
            token={token}
            identity={request.identity}
            ready={disclosed}
            verification={verification}
            onVerified={setVerification}
            onLocked={() => void mutate()}
          />
          {atDropbox ? (
            <DropboxSigningStep
              token={token}
              ready={disclosed && identified}
              verification={verification}
              onSigned={finished}
            />
          ) : (
            <Form onSubmit={submit} noValidate className="d-grid gap-3" style={{ maxWidth: 520 }}>
              <h2 className="h5 mb-0">3. Sign</h2>
              <TextField label="Type your full name" value={name} onChange={setName} autoComplete="name" />
              <SignaturePad onChange={setDrawn} />
              <Form.Check
                id="sign-consent"
                type="checkbox"
                label={CONSENT_LABEL}
                checked={consent}
                onChange={(event) => setConsent(event.target.checked)}
              />
              {error && (
                <Alert variant="danger" className="mb-0">
                  {error}
                </Alert>
              )}
              <div>
                <Button type="submit" disabled={busy || !name.trim() || !consent || !disclosed || !identified}>
                  Sign
                </Button>
                {(!disclosed || !identified) && <p className="small text-body-secondary mt-2 mb-0">{waiting}</p>}
              </div>
            </Form>
          )}
        </>
      )}
    </ContentLayout>
  );
}
