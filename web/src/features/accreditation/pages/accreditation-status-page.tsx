import {
  ACCREDITATION_TYPES,
  accreditationDue,
  accreditationOption,
  accreditationOptionsOf,
  accreditationProblem,
  NO_ACCREDITATION,
  type AccreditationType,
  type Me,
} from '@portal/rules';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ContentLayout } from '@/components/layouts/content-layout';
import { useNotify } from '@/components/toasts/toasts';
import { useSession } from '@/lib/auth/session-context';
import { usePortalDate } from '@/lib/portal/dates';
import { notifyOf } from '@/lib/notify-of';
import { useLeaveGuard } from '@/lib/use-leave-guard';
import { type AccreditationValues, saveAccreditation } from '../api/accreditation';

const TYPE_LABELS: Record<AccreditationType, string> = {
  individual: 'Individual',
  trust: 'Trust',
  business: 'Business',
  none: 'None',
};

/** The names asked for per investor type (spec 02, section 5). */
const NAME_FIELDS: Record<
  AccreditationType,
  { field: 'firstName' | 'lastName' | 'trustName' | 'busEntityName'; label: string }[]
> = {
  individual: [
    { field: 'firstName', label: 'First Name' },
    { field: 'lastName', label: 'Last Name' },
  ],
  trust: [{ field: 'trustName', label: 'Trust Name' }],
  business: [{ field: 'busEntityName', label: 'Business Entity Name' }],
  none: [],
};

interface FormState {
  type: AccreditationType | '';
  values: AccreditationValues;
}

function stateOf(me: Me): FormState {
  return {
    type: accreditationOption(me.accreditation)?.type ?? '',
    values: {
      firstName: me.firstName ?? '',
      lastName: me.lastName ?? '',
      trustName: me.trustName ?? '',
      busEntityName: me.busEntityName ?? '',
      accreditation: me.accreditation,
    },
  };
}

/** When the accreditation was stated, and that it holds for a year. */
function LastStated({ me }: { me: Me }) {
  const formatDay = usePortalDate();
  if (!me.accreditation || !me.accreditationDate) {
    return <p>You have not stated your accreditation status yet. Accreditation must be confirmed every year.</p>;
  }
  const due = accreditationDue(me, new Date());
  return (
    <Alert variant={due ? 'warning' : 'light'}>
      Last stated on {formatDay(me.accreditationDate)}. Accreditation must be confirmed every year
      {due ? ': please confirm it now.' : '.'}
    </Alert>
  );
}

/** The accreditation form of a signed-in user. */
function AccreditationForm({ me }: { me: Me }) {
  const { refresh } = useSession();
  const notify = useNotify();
  const [saved, setSaved] = useState(() => stateOf(me));
  const [state, setState] = useState(saved);
  const [busy, setBusy] = useState(false);
  const { type, values } = state;

  const unsaved = JSON.stringify(state) !== JSON.stringify(saved);
  useLeaveGuard(unsaved);
  // Saving again with nothing changed confirms the accreditation for another year.
  const canSave = type !== '' && type !== 'none' && accreditationProblem(values.accreditation, values) === null;

  const setType = (next: AccreditationType | '') =>
    // Changing the type clears the chosen option (spec 02, section 4).
    setState((current) => ({ type: next, values: { ...current.values, accreditation: NO_ACCREDITATION } }));
  const setValue = <K extends keyof AccreditationValues>(field: K, value: AccreditationValues[K]) =>
    setState((current) => ({ ...current, values: { ...current.values, [field]: value } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave || busy) return;
    setBusy(true);
    try {
      const next = stateOf((await saveAccreditation(me.id, values)).me);
      setSaved(next);
      setState(next);
      notifyOf('accreditation_status_updated', { status: accreditationOption(values.accreditation)?.label ?? '' });
      notify('Accreditation status saved', { variant: 'positive' });
      await refresh();
    } catch {
      notify('Error Saving Profile Settings. Please notify administrator', { variant: 'negative' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={submit} noValidate aria-label="Accreditation status">
      <Form.Group className="mb-3" controlId="accreditation-type">
        <Form.Label>Accreditation Type</Form.Label>
        <Form.Select value={type} onChange={(event) => setType(event.target.value as AccreditationType | '')}>
          <option value="">Choose…</option>
          {ACCREDITATION_TYPES.map((name) => (
            <option key={name} value={name}>
              {TYPE_LABELS[name]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>

      {type === 'none' && <Alert variant="warning">Investors must be accredited to invest.</Alert>}

      {type !== '' && type !== 'none' && (
        <>
          <fieldset className="mb-3">
            <legend className="fs-6 fw-semibold">Accreditation Option</legend>
            {accreditationOptionsOf(type).map((option) => (
              <Form.Check
                key={option.value}
                type="radio"
                id={`accreditation-option-${option.value}`}
                name="accreditation-option"
                label={option.label}
                checked={values.accreditation === option.value}
                onChange={() => setValue('accreditation', option.value)}
              />
            ))}
          </fieldset>
          {NAME_FIELDS[type].map(({ field, label }) => (
            <Form.Group key={field} className="mb-3" controlId={`accreditation-${field}`}>
              <Form.Label>{label}</Form.Label>
              <Form.Control value={values[field]} onChange={(event) => setValue(field, event.target.value)} />
            </Form.Group>
          ))}
        </>
      )}

      <Button type="submit" disabled={!canSave || busy}>
        Save
      </Button>
    </Form>
  );
}

/** The investor states their accredited-investor status (spec 02, sections 2, 4, 5 and 9). */
export function AccreditationStatusPage() {
  const { me } = useSession();
  return (
    <ContentLayout title="Accreditation Status">
      {me && (
        <>
          <LastStated me={me} />
          <AccreditationForm key={me.id} me={me} />
        </>
      )}
    </ContentLayout>
  );
}
