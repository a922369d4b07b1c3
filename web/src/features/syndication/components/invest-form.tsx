import { COMMUNITY_PROPERTY_STATES, METHODS_OF_INVESTMENT } from '@portal/rules';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { TextField } from '@/components/form/text-field';
import { failureMessage } from '@/lib/api-client';
import { formatUsd } from '@/lib/format';
import { type FormField, formProblem, type InvestFormValues, METHOD_LABELS, type YesNo } from '../invest-form-rules';

interface InvestFormProps {
  investmentName: string;
  values: InvestFormValues;
  onChange: (values: InvestFormValues) => void;
  limits: { minimum: number; maximum: number };
  /** Sends the form; throws ApiError when the CMS refuses it. */
  onSubmit: () => Promise<void>;
}

/** A Yes/No question as two labelled radios in a fieldset, with its message under it. */
function YesNoQuestion({
  legend,
  value,
  onChange,
  error,
  children,
}: {
  legend: string;
  value: YesNo;
  onChange: (value: YesNo) => void;
  error?: string;
  children?: ReactNode;
}) {
  const name = useId();
  return (
    <fieldset className="mb-3">
      <legend className="fs-6 fw-semibold">{legend}</legend>
      {children}
      <Form.Check
        inline
        type="radio"
        id={`${name}-yes`}
        name={name}
        label="Yes"
        checked={value === '1'}
        onChange={() => onChange('1')}
      />
      <Form.Check
        inline
        type="radio"
        id={`${name}-no`}
        name={name}
        label="No"
        checked={value === '0'}
        onChange={() => onChange('0')}
      />
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </fieldset>
  );
}

/**
 * The 'Invest in' form (spec 02, sections 4 and 5): Yes with amount, method and, for an individual investor, marriage
 * and spouse; or No with optional feedback. Submit is enabled only when the shared commitment rules find nothing
 * wrong; what the CMS still refuses (a 409 when the offering filled up meanwhile) shows under the form.
 */
export function InvestForm({ investmentName, values, onChange, limits, onSubmit }: InvestFormProps) {
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const problem = formProblem(values, limits);
  const errorOf = (field: FormField) => (problem?.field === field ? problem.message : undefined);
  const set = (change: Partial<InvestFormValues>) => {
    setServerError(null);
    onChange({ ...values, ...change });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem || busy) return;
    setBusy(true);
    try {
      await onSubmit();
    } catch (error) {
      setServerError(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const isCash = values.method_of_inv === 'CASH';
  const isMarried = isCash && values.is_married === '1';
  const needsSpouse = isMarried && values.is_marital_state === '1';

  return (
    <Form onSubmit={submit} noValidate aria-labelledby="invest-form-title">
      <h2 id="invest-form-title" className="h4">
        Invest in {investmentName}
      </h2>
      <YesNoQuestion
        legend={`Will you invest in ${investmentName}?`}
        value={values.choice}
        onChange={(choice) => set({ choice })}
      />

      {values.choice === '1' && (
        <>
          <Form.Group className="mb-3" controlId="invest-amount">
            <Form.Label>Investment Amount</Form.Label>
            <Form.Control
              type="number"
              inputMode="decimal"
              min={limits.minimum}
              max={limits.maximum}
              value={values.invest_amount}
              onChange={(event) => set({ invest_amount: event.target.value })}
              isInvalid={Boolean(errorOf('amount'))}
              aria-describedby="invest-amount-limits"
            />
            <Form.Text id="invest-amount-limits">
              From {formatUsd(limits.minimum)} to {formatUsd(limits.maximum)}
            </Form.Text>
            {errorOf('amount') && <Form.Control.Feedback type="invalid">{errorOf('amount')}</Form.Control.Feedback>}
          </Form.Group>

          <Form.Group className="mb-3" controlId="invest-method">
            <Form.Label>Method of Investment</Form.Label>
            <Form.Select
              value={values.method_of_inv}
              onChange={(event) => set({ method_of_inv: event.target.value as InvestFormValues['method_of_inv'] })}
              isInvalid={Boolean(errorOf('method'))}
            >
              <option value="">Choose…</option>
              {METHODS_OF_INVESTMENT.map((method) => (
                <option key={method} value={method}>
                  {METHOD_LABELS[method]}
                </option>
              ))}
            </Form.Select>
            {errorOf('method') && <Form.Control.Feedback type="invalid">{errorOf('method')}</Form.Control.Feedback>}
          </Form.Group>

          {isCash && (
            <YesNoQuestion
              legend="Are you married?"
              value={values.is_married}
              onChange={(is_married) => set({ is_married })}
              error={errorOf('married')}
            />
          )}

          {isMarried && (
            <YesNoQuestion
              legend="Do you live in a community-property state?"
              value={values.is_marital_state}
              onChange={(is_marital_state) => set({ is_marital_state })}
              error={errorOf('maritalState')}
            >
              <p className="small text-body-secondary mb-1">{COMMUNITY_PROPERTY_STATES.join(', ')}</p>
            </YesNoQuestion>
          )}

          {needsSpouse && (
            <fieldset className="mb-3 d-grid gap-2">
              <legend className="fs-6 fw-semibold">Your spouse co-signs the agreement</legend>
              <TextField
                label="Spouse First Name"
                value={values.cosub_first_name}
                onChange={(cosub_first_name) => set({ cosub_first_name })}
                error={errorOf('spouseFirstName')}
              />
              <TextField
                label="Spouse Last Name"
                value={values.cosub_last_name}
                onChange={(cosub_last_name) => set({ cosub_last_name })}
                error={errorOf('spouseLastName')}
              />
              <TextField
                label="Spouse Email"
                type="email"
                value={values.cosub_email}
                onChange={(cosub_email) => set({ cosub_email })}
                error={errorOf('spouseEmail')}
              />
            </fieldset>
          )}
        </>
      )}

      {values.choice === '0' && (
        <Form.Group className="mb-3" controlId="invest-feedback">
          <Form.Label>Feedback (optional)</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            value={values.feedback}
            onChange={(event) => set({ feedback: event.target.value })}
          />
        </Form.Group>
      )}

      {serverError && (
        <Alert variant="danger" role="alert">
          {serverError}
        </Alert>
      )}
      <Button type="submit" disabled={busy || problem !== null}>
        Submit
      </Button>
    </Form>
  );
}
