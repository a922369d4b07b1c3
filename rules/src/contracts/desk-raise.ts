import type { AccreditationType } from '../accreditation';
import type { FundStatus } from '../fund-status';
import type { RaiseState } from '../raise';
import type { FundNamed, Pagination, PortalChoice } from './desk-pages';

/** A state the board lists, with the words staff read for it. */
export interface BoardState {
  state: RaiseState;
  label: string;
}

/** One fund's card on the raise board (GET /sponsor-desk/funds?portal=, docs/sponsor-desk.md). */
export interface BoardFund {
  documentId: string;
  name: string | null;
  status: FundStatus;
  open_date: string | null;
  close_date: string | null;
  days_left: number | null;
  total: number | null;
  committed: number;
  funded: number;
  left: number | null;
  investors: number;
  /** Investors by state: every raise state; `transferred` only where the fund has such a position. */
  counts: Partial<Record<RaiseState, number>>;
  /** The latest declines (at most three, last changed first) with the feedback each investor gave. */
  declines: { name: string; feedback: string | null }[];
}

/** GET /sponsor-desk/funds?portal=&all=: the portal's funds, raising first, and the states their investors are in. */
export interface Board {
  /** Null for staff who run no portal: then no funds, and no states. */
  portal: PortalChoice | null;
  portals: PortalChoice[];
  funds: BoardFund[];
  /** Absent when `portal` is null. */
  states?: BoardState[];
}

/** Who a commitment waits for: the investor (to sign), their spouse, management (to countersign), the money. */
export type CommitmentWaitingFor = 'investor' | 'spouse' | 'management' | 'funding';

/** One investor's commitment to a fund, as the board's table shows it (docs/sponsor-desk.md). */
export interface CommitmentLine {
  documentId: string;
  state: RaiseState;
  investor: {
    documentId: string | null;
    name: string;
    email: string | null;
    accreditation: { value: number; type: AccreditationType; label: string } | null;
    accreditationDate: string | null;
    /** No accreditation, or stated more than a year ago: the investor will be asked again. */
    accreditationDue: boolean;
  };
  amount: number | null;
  method: string | null;
  is_married: boolean;
  spouse: { name: string; email: string | null } | null;
  investorSignedAt: string | null;
  spouseSignedAt: string | null;
  countersignedAt: string | null;
  fundedAt: string | null;
  /** The money the ledger holds from this investor for the fund (the commitment when funded before the ledger). */
  fundedAmount: number | null;
  lastRemindedAt: string | null;
  /** When the latest reminder's mail failed, if none was given since (the table says 'Failed'). */
  lastReminderFailedAt: string | null;
  feedback: string | null;
  updatedAt: string | null;
  waitingFor: CommitmentWaitingFor | null;
  /** It waits for the investor or the spouse, and a signing link of theirs waits for a signature ('New signing link'). */
  hasOpenLink: boolean;
}

/** GET /sponsor-desk/funds/:documentId/commitments: a page of the table. */
export interface CommitmentsPage {
  fund: FundNamed;
  results: CommitmentLine[];
  pagination: Pagination;
}

/**
 * POST /sponsor-desk/reminders: `sent` counts the reminders claimed, whose mails go out after the answer; the day is
 * the UTC date, as the once-a-day rule counts it.
 */
export interface RemindersAnswer {
  fund: FundNamed;
  state: RaiseState;
  day: string;
  sent: number;
  skipped: number;
  notNeeded: number;
  noAccount: number;
}

/** POST /sponsor-desk/countersign: each agreement's outcome, by the id it was asked by (one refused stops none of the others). */
export interface CountersignAnswer {
  countersigned: number;
  results: (
    | { syndUser: string | number; success: true; sa_complete_date: string | null }
    | { syndUser: string | number; success: false; error: string }
  )[];
}

/** POST /sponsor-desk/commitments/:documentId/signing-links: the signers mailed a new link. */
export interface ReissuedLinksAnswer {
  reissued: { role: string; email: string | null }[];
}

/** POST /sponsor-desk/commitments/:documentId/amend. */
export interface AmendAnswer {
  documentId: string;
  amount: number;
  previousAmount: number;
  /** What was voided when signing had started (a new agreement is then mailed). */
  voided: { signers: number; agreements: number } | null;
  signingLinkMailedTo: string | null;
}

/** POST /sponsor-desk/commitments/:documentId/transfer. */
export interface TransferAnswer {
  transfer: { documentId: string; amount: number; contributed: number; reason: string; by: string; at: string };
  from: { documentId: string; investor: { name: string; email: string | null }; state: 'transferred' };
  to: { documentId: string; investor: { name: string; email: string } };
  signingLinkMailedTo: string | null;
}
