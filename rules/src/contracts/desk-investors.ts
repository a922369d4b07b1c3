import type { AccreditationType } from '../accreditation';
import type { RaiseState } from '../raise';
import type { Pagination, PortalChoice } from './desk-pages';

/** An account's accreditation as staff read it: the threshold, its date, and whether the investor will be asked again. */
export interface AccreditationView {
  accreditation: { value: number; type: AccreditationType; label: string } | null;
  accreditationDate: string | null;
  accreditationDue: boolean;
}

/** One account of the investor directory (GET /sponsor-desk/investors, docs/sponsor-desk.md). */
export interface DirectoryAccount extends AccreditationView {
  documentId: string;
  name: string;
  email: string;
  level: string;
  isActive: boolean;
  proofDocuments: { count: number; unreviewed: number };
  /** Accepted commitments to the portal's funds: how many, and their sum. */
  commitments: { count: number; amount: number };
  sessions: number;
}

/** GET /sponsor-desk/investors?portal=&q=: a page of the portal's accounts (none for staff who run no portal). */
export interface DirectoryPage {
  portal: PortalChoice | null;
  portals: PortalChoice[];
  results: DirectoryAccount[];
  pagination: Pagination;
}

/** A document of the investor's (tax, news, a completed agreement), as the desk lists it to open. */
export interface InvestorFile {
  documentId: string;
  title: string | null;
  originalName: string | null;
  year: number | null;
  fund: string | null;
  uploadedAt: string | null;
}

/** A proof document of the investor's, and whether staff reviewed it. */
export interface ProofDocumentRow {
  documentId: string;
  title: string | null;
  originalName: string | null;
  uploadedAt: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
}

/** GET /sponsor-desk/investors/:documentId: one account in full, as its portal sees it. */
export interface DeskInvestor extends AccreditationView {
  documentId: string;
  name: string;
  email: string;
  level: string;
  isActive: boolean;
  trustName: string | null;
  busEntityName: string | null;
  proofDocuments: ProofDocumentRow[];
  taxDocuments: InvestorFile[];
  newsDocuments: InvestorFile[];
  agreements: InvestorFile[];
  commitments: {
    documentId: string;
    fund: { documentId: string; name: string | null } | null;
    state: RaiseState;
    stateLabel: string;
    amount: number | null;
  }[];
  sessions: { label: string | null; startedAt: string | null; expiresAt: string | null; isGuestSession: boolean }[];
}

/** POST /sponsor-desk/proof-documents/:documentId/review. */
export interface ProofReviewAnswer {
  documentId: string;
  reviewedBy: string | null;
  reviewedAt: string | null;
}

/** POST /sponsor-desk/investors/:documentId/sign-out: how many sessions were open. */
export interface SignOutAnswer {
  ended: number;
}
