import type { Basis, FundEventType } from '../allocation';
import type { DistributionKind, LedgerType } from '../ledger';
import type { FundNamed, Pagination } from './desk-pages';

/** A fund the capital accounts' picker offers (GET /sponsor-desk/fund-choices), with its portal's name. */
export interface FundChoiceRow {
  documentId: string;
  name: string | null;
  portal: string | null;
}

export interface FundChoicesPage {
  results: FundChoiceRow[];
  pagination: Pagination;
}

export type FundEventState = 'draft' | 'posted';

/** One event of a fund as GET /sponsor-desk/fund-events lists it: without its allocation table. */
export interface FundEventSummary {
  documentId: string;
  type: FundEventType;
  state: FundEventState;
  date: string;
  due_date: string | null;
  /** With a table, its total; a draft that cannot be allocated now (`problem`) carries its stored total, null for a percent call. */
  total_cents: number | null;
  percent: number | null;
  basis: Basis | null;
  kind: DistributionKind | null;
  note: string | null;
  createdByName: string | null;
  postedByName: string | null;
  posted_at: string | null;
}

/** GET /sponsor-desk/fund-events?fund=&state=&type=: a page of a fund's events, newest date first. */
export interface FundEventsPage {
  fund: FundNamed & { id: number };
  results: FundEventSummary[];
  pagination: Pagination;
}

/** One investor's line of an event's allocation table. */
export interface AllocationLine {
  syndUser: { id: number; documentId: string };
  investor: { name: string; email: string | null };
  base_cents: number;
  /** The investor's part of the total: base / all bases (0 to 1, six decimals). */
  share: number;
  amount_cents: number;
  /** For a posted capital call: the day its money arrived, null while it is open. */
  paid_date?: string | null;
}

/**
 * A fund event with its whole allocation table: what POST /sponsor-desk/fund-events (a new draft) and
 * POST /fund-events/:id/post answer.
 */
export interface FundEventView extends FundEventSummary {
  id: number;
  fund: (FundNamed & { id: number }) | null;
  allocation: AllocationLine[];
  /** A draft's: the fingerprint of the table shown, sent back when posting it (what is posted is what was previewed). */
  allocationHash?: string | null;
  /** Why a draft cannot be posted as it stands (its allocation is then empty): staff change its terms or delete it. */
  problem?: string;
}

/** An event and one page of its allocation (GET /sponsor-desk/fund-events/:id/allocation, PUT /fund-events/:id). */
export interface FundEventPage extends FundEventView {
  /** How many investors the whole table shares among. */
  investors: number;
  pagination: Pagination;
}

/** One entry of a fund's ledger (GET /sponsor-desk/funds/:documentId/ledger), newest first. */
export interface DeskLedgerLine {
  documentId: string;
  effective_date: string | null;
  investor: { name: string; email: string | null };
  type: LedgerType;
  kind: DistributionKind | null;
  amount_cents: number;
  note: string | null;
  fundEvent: { documentId: string; type: FundEventType; date: string | null } | null;
  corrects: { documentId: string; type: LedgerType; effective_date: string | null } | null;
}

export interface FundLedgerPage {
  fund: FundNamed;
  results: DeskLedgerLine[];
  pagination: Pagination;
}

/** POST /sponsor-desk/imports?dryRun=: the accountant's CSV checked (and, asked and clean, written). */
export interface ImportAnswer {
  dryRun: boolean;
  lines: number;
  problems: { line: number; message: string }[];
  written: number;
  /** Each line's entry as read (its fund, investor, type, amount, date); the desk shows the counts and problems only. */
  entries: { line: number }[];
}
