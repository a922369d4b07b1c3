export const INVEST_STATUS = {
  accepted: 'Accepted investment',
  declined: 'Declined investment',
} as const;

export const METHODS_OF_INVESTMENT = ['CASH', 'TRUST', 'ENTITY'] as const;
export type MethodOfInvestment = (typeof METHODS_OF_INVESTMENT)[number];

export interface SyndUserState {
  invest_status?: string | null;
  sa_complete_date?: string | Date | null;
  method_of_inv?: string | null;
  is_married?: boolean | null;
  cosub_email?: string | null;
  syndAgreementSignedByCurrentUser?: boolean | null;
  syndAgreementSignedByCurrentUserCosub?: boolean | null;
}

type MaybeSyndUser = SyndUserState | null | undefined;

/** The investor said no. */
export function isDeclined(su: MaybeSyndUser): boolean {
  return su?.invest_status === INVEST_STATUS.declined;
}

/** The investor said yes but the agreement is not complete yet. */
export function isGoingToInvest(su: MaybeSyndUser): boolean {
  return su?.invest_status === INVEST_STATUS.accepted && !su.sa_complete_date;
}

/** The investor said yes and the agreement is complete. */
export function isInvesting(su: MaybeSyndUser): boolean {
  return su?.invest_status === INVEST_STATUS.accepted && !!su.sa_complete_date;
}

/** A spouse co-subscribes: method, marriage and co-subscriber email are all given. */
export function isSpouseInvestment(su: MaybeSyndUser): boolean {
  return !!(su?.method_of_inv && su.is_married && su.cosub_email);
}

/** The spouse must sign too: a spouse investment made as an individual (CASH). */
export function isSpouseInvestmentRequired(su: MaybeSyndUser): boolean {
  return isSpouseInvestment(su) && su?.method_of_inv === 'CASH';
}

/** The investor may still review (change) the choice while they have not accepted. */
export function canReview(su: MaybeSyndUser): boolean {
  return su?.invest_status !== INVEST_STATUS.accepted;
}

export type SigningStep = 0 | 1 | 2 | 3 | 4;

/**
 * Signing progress: 0 no syndication user; 1 the user has not signed; 2 the spouse must sign and has not;
 * 3 management has not signed; 4 the agreement is complete.
 */
export function signingStep(su: MaybeSyndUser): SigningStep {
  if (!su) return 0;
  if (su.sa_complete_date) return 4;
  if (!su.syndAgreementSignedByCurrentUser) return 1;
  if (isSpouseInvestmentRequired(su) && !su.syndAgreementSignedByCurrentUserCosub) return 2;
  return 3;
}
