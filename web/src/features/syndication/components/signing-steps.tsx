import { signingStep } from '@portal/rules';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useNotify } from '@/components/toasts/toasts';
import type { SyndUserView } from '@/lib/investments';
import { saveFile } from '@/lib/save-file';
import { agreementDownload, requestSign, type SyncSignAnswer, syncSign } from '../api/syndication';
import { useSignedPolling } from './use-signed-polling';

/** The spec's toast for the copy-link action. */
export const SIGNING_URL_COPIED = 'URL to sign document has been copied to clipboard';

interface SigningStepsProps {
  syndUser: SyndUserView;
  /** Puts a signing state the CMS answered into the page's investment. */
  onSigning: (state: Partial<SyndUserView>) => Promise<unknown>;
  /** Reads the investment again (once complete, its funding texts). */
  onComplete: () => Promise<unknown>;
}

type StepState = 'done' | 'current' | 'pending';

/**
 * Signing progress (spec 02, section 4, steps 0 to 4): Your Signature, Spouse Signature (only when required),
 * Management Signature, Ready Agreement; with the current step's action.
 */
export function SigningSteps({ syndUser, onSigning, onComplete }: SigningStepsProps) {
  const notify = useNotify();
  const id = syndUser.documentId;
  const step = signingStep(syndUser);
  const [signingUrl, setSigningUrl] = useState<string | null>(null);
  const [requesting, setRequesting] = useState(false);
  const [waiting, setWaiting] = useState(false);

  const apply = async (answer: SyncSignAnswer) => {
    const { success: _success, ...state } = answer;
    await onSigning(state);
    if (answer.sa_complete_date) await onComplete();
  };

  const { exhausted } = useSignedPolling(id, waiting && step === 1, (answer) => void apply(answer));

  if (step === 0) return null;

  const continueToSign = async () => {
    setRequesting(true);
    try {
      const answer = await requestSign(id);
      if (answer.url) {
        setSigningUrl(answer.url);
        setWaiting(true);
      } else {
        // No link: the document is signed already; the provider's state says what else is.
        await onSigning({
          syndAgreementSignedByCurrentUser: true,
          syndAgreementSignedByCurrentUserCosub: answer.syndAgreementSignedByCurrentUserCosub ?? undefined,
        });
        await apply(await syncSign(id));
      }
    } catch {
      // The spec's rule for signing failures: no message; the button stays for another try.
    } finally {
      setRequesting(false);
    }
  };

  const checkStatus = () => {
    syncSign(id).then(apply, () => undefined);
  };

  const copyLink = async () => {
    if (!signingUrl) return;
    try {
      await navigator.clipboard.writeText(signingUrl);
      notify(SIGNING_URL_COPIED, { variant: 'positive' });
    } catch {
      // A browser that refuses the clipboard leaves the link to open instead.
    }
  };

  // The link works only with this investor's session, so the file is fetched here and saved, not opened in a tab.
  const download = async () => {
    try {
      const { url, originalName } = await agreementDownload(id);
      await saveFile(url, originalName || 'subscription-agreement.pdf');
    } catch (error) {
      notify(
        error instanceof Error && error.message
          ? `The agreement could not be downloaded: ${error.message}`
          : 'The agreement could not be downloaded',
        { variant: 'negative' },
      );
    }
  };

  const steps = [
    { number: 1, label: 'Your Signature' },
    ...(syndUser.isSpouseInvestmentRequired ? [{ number: 2, label: 'Spouse Signature' }] : []),
    { number: 3, label: 'Management Signature' },
    { number: 4, label: 'Ready Agreement' },
  ];
  const stateOf = (number: number): StepState =>
    step === 4 || number < step ? 'done' : number === step ? 'current' : 'pending';
  const STATE_TEXT: Record<StepState, string> = { done: 'Done', current: 'In progress', pending: 'Pending' };

  return (
    <section aria-labelledby="signing-title" className="mb-4">
      <h2 id="signing-title" className="h4">
        Signing
      </h2>
      <ol className="list-group list-group-numbered mb-3" aria-label="Signing steps">
        {steps.map(({ number, label }) => {
          const state = stateOf(number);
          return (
            <li
              key={number}
              className={`list-group-item d-flex justify-content-between${state === 'current' ? ' active' : ''}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="ms-2 me-auto">{label}</span>
              <span className="small">{STATE_TEXT[state]}</span>
            </li>
          );
        })}
      </ol>

      {step === 1 && !signingUrl && (
        <>
          <p>Please sign the subscription agreement.</p>
          <Button onClick={continueToSign} disabled={requesting}>
            Continue to sign
          </Button>
        </>
      )}
      {step === 1 && signingUrl && (
        <Alert variant="info">
          <p>A link to sign the document has been sent to your email inbox. You can also sign here.</p>
          <div className="d-flex flex-wrap gap-2 mb-2">
            <Button variant="outline-primary" onClick={copyLink}>
              Copy signing link
            </Button>
            <a className="btn btn-primary" href={signingUrl} target="_blank" rel="noopener noreferrer">
              Open signing page
            </a>
          </div>
          {exhausted ? (
            <div>
              <p className="mb-1">We have not received your signature yet.</p>
              <Button variant="link" className="p-0" onClick={checkStatus}>
                Check signing status
              </Button>
            </div>
          ) : (
            <p className="mb-0">Waiting for your signature…</p>
          )}
        </Alert>
      )}
      {step === 2 && (
        <>
          <p>Waiting for your spouse to sign. A link to sign the document has been sent to their email inbox.</p>
          <Button variant="outline-primary" onClick={checkStatus}>
            Check signing status
          </Button>
        </>
      )}
      {step === 3 && (
        <>
          <p>Waiting for management to sign the agreement.</p>
          <Button variant="outline-primary" onClick={checkStatus}>
            Check signing status
          </Button>
        </>
      )}
      {step === 4 && (
        <>
          <p>Your agreement is complete.</p>
          <Button onClick={download}>Download Agreement</Button>
        </>
      )}
    </section>
  );
}
