import {
  type CommitmentTerms,
  commitmentProblem,
  isDeclined,
  isGoingToInvest,
  isInvesting,
  type MethodOfInvestment,
  needsSpouse,
} from '@portal/rules';
import type { SyndUserView } from '@/lib/investments';

/** A yes/no as the form holds it: '1', '0', or '' while unanswered. */
export type YesNo = '' | '1' | '0';

/** The 'Invest in' form as typed. */
export interface InvestFormValues {
  /** Will they invest: '1' Yes, '0' No. */
  choice: YesNo;
  invest_amount: string;
  method_of_inv: MethodOfInvestment | '';
  is_married: YesNo;
  is_marital_state: YesNo;
  cosub_first_name: string;
  cosub_last_name: string;
  cosub_email: string;
  feedback: string;
}

/** The spec's methods of investment and how they read (spec 02, section 5). */
export const METHOD_LABELS: Record<MethodOfInvestment, string> = {
  CASH: 'Individual, Direct Cash Investment',
  TRUST: 'Trust',
  ENTITY: 'Business Entity',
};

const yesNoOf = (value: boolean | null | undefined): YesNo =>
  value === null || value === undefined ? '' : value ? '1' : '0';

/** The form as the stored syndication user left it: Yes for going to invest or investing, No for declined. */
export function initialValues(syndUser: SyndUserView | null): InvestFormValues {
  return {
    choice: isGoingToInvest(syndUser) || isInvesting(syndUser) ? '1' : isDeclined(syndUser) ? '0' : '',
    invest_amount:
      syndUser?.invest_amount === null || syndUser?.invest_amount === undefined ? '' : String(syndUser.invest_amount),
    method_of_inv: syndUser?.method_of_inv ?? '',
    is_married: yesNoOf(syndUser?.is_married),
    is_marital_state: yesNoOf(syndUser?.is_marital_state),
    cosub_first_name: syndUser?.cosub_first_name ?? '',
    cosub_last_name: syndUser?.cosub_last_name ?? '',
    cosub_email: syndUser?.cosub_email ?? '',
    feedback: syndUser?.feedback ?? '',
  };
}

/** An unanswered question is null: the rules tell 'not answered' from 'No'. */
const answer = (value: YesNo): boolean | null => (value === '' ? null : value === '1');

/** The form read as the terms the shared commitment rules judge. */
export function termsOf(values: InvestFormValues): CommitmentTerms {
  const amount = values.invest_amount.trim();
  return {
    invest_amount: amount === '' ? null : Number(amount),
    method_of_inv: values.method_of_inv || null,
    is_married: answer(values.is_married),
    is_marital_state: answer(values.is_marital_state),
    cosub_first_name: values.cosub_first_name,
    cosub_last_name: values.cosub_last_name,
    cosub_email: values.cosub_email,
  };
}

/** Which field a problem belongs under. */
export type FormField =
  | 'choice'
  | 'amount'
  | 'method'
  | 'married'
  | 'maritalState'
  | 'spouseFirstName'
  | 'spouseLastName'
  | 'spouseEmail';

export interface FormProblem {
  field: FormField;
  message: string;
}

function fieldOf(message: string): FormField {
  if (/^(Investment amount|Minimum|Maximum)/.test(message)) return 'amount';
  if (message.startsWith('Method')) return 'method';
  if (message.includes('Are you married')) return 'married';
  if (message.includes('community-property')) return 'maritalState';
  if (message.startsWith('Spouse first')) return 'spouseFirstName';
  if (message.startsWith('Spouse last')) return 'spouseLastName';
  return 'spouseEmail';
}

/**
 * What keeps the form from being sent, or null when it may be: an answer to Yes/No first; No needs nothing more;
 * Yes needs what the server's rules need (the same shared rules, so the form and the CMS never disagree).
 */
export function formProblem(
  values: InvestFormValues,
  limits: { minimum: number; maximum: number },
): FormProblem | null {
  if (values.choice === '') return { field: 'choice', message: 'Please choose Yes or No' };
  if (values.choice === '0') return null;
  const message = commitmentProblem(termsOf(values), limits);
  return message ? { field: fieldOf(message), message } : null;
}

/** What POST /api/syndication/set_investing gets: yes/no as '1'/'0', spouse details only when they apply. */
export function investingPayload(id: string, values: InvestFormValues) {
  const terms = termsOf(values);
  const cash = values.method_of_inv === 'CASH';
  const married = cash && values.is_married === '1';
  const spouse = needsSpouse(terms);
  return {
    id,
    invest_amount: terms.invest_amount,
    method_of_inv: values.method_of_inv,
    is_married: married ? '1' : '0',
    is_marital_state: married && values.is_marital_state === '1' ? '1' : '0',
    cosub_first_name: spouse ? values.cosub_first_name.trim() : '',
    cosub_last_name: spouse ? values.cosub_last_name.trim() : '',
    cosub_email: spouse ? values.cosub_email.trim() : '',
  };
}
