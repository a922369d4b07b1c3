import { formatUsd } from './money';
import { METHODS_OF_INVESTMENT } from './synd-user';

/** The states where a spouse co-owns what is bought during marriage (spec 02, section 5). */
export const COMMUNITY_PROPERTY_STATES = [
  'Alaska',
  'Arizona',
  'California',
  'Idaho',
  'Louisiana',
  'Nevada',
  'New Mexico',
  'Texas',
  'Washington',
  'Wisconsin',
] as const;

/** What an investor says when they commit; a yes/no left unanswered is null. */
export interface CommitmentTerms {
  invest_amount: number | null;
  method_of_inv: string | null;
  is_married: boolean | null;
  is_marital_state: boolean | null;
  cosub_first_name: string | null;
  cosub_last_name: string | null;
  cosub_email: string | null;
}

/** The amounts a commitment must fall between (see maxInvestment). */
export interface CommitmentLimits {
  minimum: number;
  maximum: number;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether the spouse must be named: an individual (CASH) investor, married, in a community-property state. */
export function needsSpouse(
  terms: Pick<CommitmentTerms, 'method_of_inv' | 'is_married' | 'is_marital_state'>,
): boolean {
  return terms.method_of_inv === 'CASH' && terms.is_married === true && terms.is_marital_state === true;
}

/**
 * A commitment's terms as they are stored, whoever sets them (the investor on the site, staff amending on the desk):
 * the marriage questions only for an individual (CASH) investor, the spouse only when one must be named, trimmed, the
 * email lower-cased.
 */
export function storedTerms(terms: CommitmentTerms): CommitmentTerms {
  const spouse = needsSpouse(terms);
  return {
    invest_amount: terms.invest_amount,
    method_of_inv: terms.method_of_inv,
    is_married: terms.method_of_inv === 'CASH' ? Boolean(terms.is_married) : null,
    is_marital_state: terms.method_of_inv === 'CASH' && terms.is_married ? Boolean(terms.is_marital_state) : null,
    cosub_first_name: spouse ? (terms.cosub_first_name ?? '').trim() : null,
    cosub_last_name: spouse ? (terms.cosub_last_name ?? '').trim() : null,
    cosub_email: spouse ? (terms.cosub_email ?? '').trim().toLowerCase() : null,
  };
}

/**
 * The first thing wrong with a commitment, as the message the investor sees, or null when it may be stored. The
 * site and the CMS both ask this, so the form and the server never disagree.
 */
export function commitmentProblem(terms: CommitmentTerms, { minimum, maximum }: CommitmentLimits): string | null {
  const amount = terms.invest_amount;
  if (amount === null || !Number.isFinite(amount) || amount <= 0) return 'Investment amount is required';
  if (amount < minimum) return `Minimum investment Amount is ${formatUsd(minimum)}`;
  if (amount > maximum) return `Maximum investment Amount is ${formatUsd(maximum)}`;
  if (!METHODS_OF_INVESTMENT.includes(terms.method_of_inv as (typeof METHODS_OF_INVESTMENT)[number]))
    return 'Method of investment is required';
  if (terms.method_of_inv !== 'CASH') return null;
  if (terms.is_married === null) return 'Please answer: Are you married?';
  if (!terms.is_married) return null;
  if (terms.is_marital_state === null) return 'Please answer: Do you live in a community-property state?';
  if (!needsSpouse(terms)) return null;
  if (!terms.cosub_first_name?.trim()) return 'Spouse first name is required';
  if (!terms.cosub_last_name?.trim()) return 'Spouse last name is required';
  if (!terms.cosub_email?.trim()) return 'Spouse email is required';
  if (!EMAIL.test(terms.cosub_email.trim())) return 'Spouse email is not valid';
  return null;
}

/** A yes/no as the site sends it: true only for '1' (or true), false for '0', false or '', null when not answered. */
export function yesNo(value: unknown): boolean | null {
  if (value === '1' || value === true) return true;
  if (value === '0' || value === false || value === '') return false;
  return null;
}
