import type { TaxScheduleState } from '../tax-schedule';
import type { FundNamed, Pagination } from './desk-pages';

/** A fund's tax year as the desk's K-1 calls answer it (docs/sponsor-desk.md, K-1s). */
export interface TaxScheduleView {
  documentId: string;
  fund: FundNamed | null;
  taxYear: number;
  documentName: string;
  expectedDate: string | null;
  state: TaxScheduleState;
  issuedAt: string | null;
  issuedBy: string | null;
}

/** A tax year with how many partners it has and how many hold their document. */
export interface TaxScheduleCounted extends TaxScheduleView {
  investors: number;
  issued: number;
}

/** GET /sponsor-desk/tax-schedules?fund=: a fund's years, newest first. */
export interface TaxSchedulesAnswer {
  fund: FundNamed;
  results: TaxScheduleCounted[];
}

/** A partner of the year's fund, and what was issued to them. */
export interface TaxPartner {
  /** Their commitment (null only when it was removed while the page was read). */
  syndUser: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string;
  document: { documentId: string; originalName: string | null; issuedAt: string } | null;
}

/** GET /sponsor-desk/tax-schedules/:documentId?state=&q=: the year, its counts, and a page of its partners. */
export interface TaxSchedulePage extends TaxScheduleCounted {
  results: TaxPartner[];
  pagination: Pagination;
}

/** POST /sponsor-desk/tax-schedules/:documentId/match: whose each file is, by its name; null where staff choose. */
export interface K1MatchAnswer {
  matches: {
    name: string;
    syndUser: string | null;
    investor: { firstName: string | null; lastName: string | null; email: string } | null;
  }[];
}

/** POST /sponsor-desk/tax-schedules/:documentId/documents: the document issued, and where the year stands. */
export interface K1IssueAnswer {
  document: { documentId: string; title: string; originalName: string };
  issued: number;
  investors: number;
  state: TaxScheduleState;
}
