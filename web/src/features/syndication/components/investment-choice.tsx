import { canReview } from '@portal/rules';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { InvestmentView } from '@/lib/investments';
import { useLeaveGuard } from '@/lib/use-leave-guard';
import { useSyndicationActions } from '../api/syndication';
import { initialValues, type InvestFormValues } from '../invest-form-rules';
import { InvestForm } from './invest-form';
import { SigningSteps } from './signing-steps';

type View = 'form' | 'declined' | 'signing';

/**
 * The investment choice (spec 02, section 4): the form, then the declined notice (whose Yes reopens the form) or the
 * signing progress. Review is allowed whenever the status is not accepted (canReview), so an accepted investment
 * opens on its signing progress; anything else on the form, with the choice the stored status implies (declined: No).
 * Our addition: until anyone has signed, 'Change my answer' reopens the form (docs/api-investor.md). Unsent changes
 * to the form guard the way out of the page.
 */
export function InvestmentChoice({ investment, slug }: { investment: InvestmentView; slug: string }) {
  const { commit, applySigning, reload } = useSyndicationActions(slug);
  const { syndUser } = investment;
  const [view, setView] = useState<View>(() => (canReview(syndUser) ? 'form' : 'signing'));
  const [saved, setSaved] = useState<InvestFormValues>(() => initialValues(syndUser));
  const [values, setValues] = useState<InvestFormValues>(saved);
  const unsaved = view === 'form' && JSON.stringify(values) !== JSON.stringify(saved);
  useLeaveGuard(unsaved);

  const name = investment.name ?? '';
  const submit = async () => {
    const stored = await commit(syndUser?.documentId ?? investment.documentId, values);
    const now = initialValues(stored);
    setSaved(now);
    setValues(now);
    setView(values.choice === '1' ? 'signing' : 'declined');
  };

  // Terms can change until someone has signed; after that they stand (the CMS refuses changes too).
  const mayChange =
    !!syndUser &&
    !syndUser.syndAgreementSignedByCurrentUser &&
    !syndUser.syndAgreementSignedByCurrentUserCosub &&
    !syndUser.sa_complete_date;

  if (view === 'declined') {
    return (
      <Alert variant="secondary">
        <p>You have chosen not to invest in {name}.</p>
        <p className="mb-2">Changed your mind? Would you like to invest?</p>
        <Button
          onClick={() => {
            setValues({ ...saved, choice: '1' });
            setView('form');
          }}
        >
          Yes
        </Button>
      </Alert>
    );
  }

  if (view === 'signing' && syndUser) {
    return (
      <>
        <SigningSteps syndUser={syndUser} onSigning={applySigning} onComplete={reload} />
        {mayChange && (
          <Button variant="link" className="p-0 mb-4" onClick={() => setView('form')}>
            Change my answer
          </Button>
        )}
      </>
    );
  }

  return (
    <InvestForm
      investmentName={name}
      values={values}
      onChange={setValues}
      limits={{ minimum: investment.minimumAmountToInvest, maximum: investment.maximumAmountToInvest }}
      onSubmit={submit}
    />
  );
}
