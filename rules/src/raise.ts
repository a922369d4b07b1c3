import { INVEST_STATUS, isSpouseInvestmentRequired, type SyndUserState } from './synd-user';

/**
 * Where an investor stands in a raise, as the sponsor desk's board counts them (docs/sponsor-desk.md): the furthest
 * step reached, one state each. `reviewed`: opened the offering without committing; `committed`: said yes, has not
 * signed; `investor_signed`: signed, waiting for their spouse (when one must sign) or management;
 * `spouse_signed`: both signed, waiting for management; `countersigned`: the agreement is complete, the money not
 * received; `funded`: the money is received; `declined`: said no; `transferred`: the sponsor desk moved the position
 * to another investor (it counts neither as committed nor as funded; its history stays).
 */
export const RAISE_STATES = [
  'reviewed',
  'committed',
  'investor_signed',
  'spouse_signed',
  'countersigned',
  'funded',
  'declined',
] as const;
/**
 * Every state a commitment reads: the raise's steps, and `transferred` for a position that left the raise (moved to
 * another investor; the board counts it apart, and lists it only where there is one).
 */
export const COMMITMENT_STATES = [...RAISE_STATES, 'transferred'] as const;
export type RaiseState = (typeof COMMITMENT_STATES)[number];

export const RAISE_STATE_LABELS: Record<RaiseState, string> = {
  reviewed: 'Reviewed',
  committed: 'Committed',
  investor_signed: 'Investor signed',
  spouse_signed: 'Spouse signed',
  countersigned: 'Countersigned',
  funded: 'Funded',
  declined: 'Declined',
  transferred: 'Transferred',
};

export const isRaiseState = (value: unknown): value is RaiseState => COMMITMENT_STATES.includes(value as RaiseState);

export interface RaiseRow extends SyndUserState {
  ft_complete_date?: string | Date | null;
  transferredAt?: string | Date | null;
}

/** The state of one investor's commitment to a fund. */
export function raiseState(row: RaiseRow): RaiseState {
  if (row.transferredAt) return 'transferred';
  if (row.invest_status === INVEST_STATUS.declined) return 'declined';
  if (row.invest_status !== INVEST_STATUS.accepted) return 'reviewed';
  if (row.ft_complete_date) return 'funded';
  if (row.sa_complete_date) return 'countersigned';
  if (!row.syndAgreementSignedByCurrentUser) return 'committed';
  return isSpouseInvestmentRequired(row) && row.syndAgreementSignedByCurrentUserCosub
    ? 'spouse_signed'
    : 'investor_signed';
}

/** Who a reminder goes to, and what it asks of them. */
export interface RaiseReminder {
  /** The investor (bell and mail), or their spouse (a mail with the spouse's own signing link: they have no account). */
  to: 'investor' | 'spouse';
  step: string;
}

/** The reminder a commitment's state calls for, or null when the state needs nothing of the investor's side. */
export function reminderOf(row: RaiseRow): RaiseReminder | null {
  const state = raiseState(row);
  if (state === 'committed') return { to: 'investor', step: 'Please sign your subscription agreement' };
  // Investor signed with a spouse who must sign: the spouse has not (signed, the state is spouse_signed).
  if (state === 'investor_signed' && isSpouseInvestmentRequired(row)) {
    return {
      to: 'spouse',
      step: "Please sign the subscription agreement as the investor's spouse (your signing link is in this mail)",
    };
  }
  if (state === 'countersigned')
    return {
      to: 'investor',
      step: 'Please fund your commitment (the funding instructions are on the investment page)',
    };
  return null;
}

/** The states whose investors a reminder may go to: those who must still sign or fund. */
export const REMINDABLE_STATES: readonly RaiseState[] = ['committed', 'investor_signed', 'countersigned'];
