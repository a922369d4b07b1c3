import type { SyndUserView } from '../contracts';
import type { Pagination } from './desk-pages';

/**
 * The signing answers (CMS server -> site): the investor's own start of signing (POST /api/syndication/request_sign
 * and sync_sign, cms/src/api/signing/services/opening.ts and provider-refresh.ts), a signer's link (GET and POST
 * /api/signing/:token and its steps, cms/src/api/signing/services/signing-by-link.ts) and the public check of a
 * completed agreement (GET /api/agreements/verify/:sha256). docs/signing.md describes them in words.
 */

/** POST /api/syndication/request_sign: signing started (when it was not), and the caller's own link, null once signed. */
export interface SignRequestAnswer {
  success: true;
  url: string | null;
  syndAgreementSignedByCurrentUser: boolean;
  syndAgreementSignedByCurrentUserCosub: boolean;
}

/** POST /api/syndication/sync_sign: the signing state read from the provider, as the syndication user now has it. */
export type SyncSignAnswer = Pick<
  SyndUserView,
  | 'syndAgreementSignedByCurrentUser'
  | 'syndAgreementSignedByCurrentUserCosub'
  | 'sa_complete_date'
  | 'syndAgreementsCount'
> & { success: true };

/** Who signs on a link: the investor side only (management countersigns in the portal, with no link). */
export type LinkSignerRole = 'investor' | 'spouse';

/** The electronic records disclosure a signer accepts before signing (the portal's own wording, else the default). */
export interface SigningDisclosure {
  title: string;
  /** HTML (stored sanitised; the site sanitises again before showing it). */
  body: string;
  /** The first 16 hex characters of `sha256`: what the page shows and sends back on accepting. */
  version: string;
  /** The SHA-256 of the wording (title, a line break, body), kept with the wording on the signer's row. */
  sha256: string;
}

/** A disclosure accepted: the version the signer read, and when (ISO). */
export interface DisclosureAccepted {
  version: string;
  acceptedAt: string;
}

/** How the signer proves who they are, and where that stands. */
export interface SignerIdentity {
  /** session: the investor's own signed-in session proves it; email-code: a six-digit code mailed to them. */
  method: 'session' | 'email-code';
  /** Half hidden: holding the link does not tell whose mailbox it is. */
  email: string | null;
  /** When the code that still works was sent; null when none does. */
  codeSentAt: string | null;
  /** Locked after five wrong codes until then; null when not locked. */
  lockedUntil: string | null;
  /** Suspended after three lock-outs: no code and no signature until a new link is sent. */
  suspended: boolean;
}

/**
 * GET /api/signing/:token: who signs what (no session needed, the token is the key), and the checks before signing:
 * the electronic records disclosure and how the signer proves who they are.
 */
export interface SigningRequest {
  signer: { role: LinkSignerRole; name: string | null };
  document: { title: string | null; investmentName: string | null; fundName: string | null; amount: number | null };
  signed: boolean;
  /** The spouse signs after the investor: false until the investor has. */
  canSign: boolean;
  /** local: read and signed on the site's page; dropbox-sign: signed in Dropbox Sign's embedded signer (EmbeddedSigning). */
  provider: 'local' | 'dropbox-sign';
  /** Where the PDF to sign is read (a path of the CMS); null when there is none to read. */
  documentUrl: string | null;
  disclosure: SigningDisclosure;
  /** The current disclosure's acceptance; null when not accepted (or another wording was). */
  disclosureAccepted: DisclosureAccepted | null;
  identity: SignerIdentity;
}

/** POST /api/signing/:token: the signature of a signer signing on the site's page. */
export interface Signature {
  name: string;
  /** A drawn signature as a data:image/png;base64 URL, when one was drawn. */
  signature?: string;
  consent: true;
  /** The proof the code check answered (not needed with the investor's own session). */
  verification?: string;
}

/** What POST /api/signing/:token answers: signed; `syndUserId` is the commitment's documentId (the success page's). */
export interface Signed {
  success: true;
  syndUserId: string;
}

/**
 * POST /api/signing/:token/refresh: whether the link's signer has signed, as the link's view says it (`signed`), read
 * from the signing service first (Dropbox Sign) so that the link's page records a signature without a session.
 */
export type SigningRefreshed = Pick<SigningRequest, 'signed'>;

/** POST /api/signing/:token/paper: consent withdrawn; the sponsor (at `contact`) sends the agreement on paper. */
export interface PaperRequested {
  requested: true;
  contact: string;
}

/** POST /api/signing/:token/code: the code was mailed to `sentTo` (half hidden) and works until `expiresAt`. */
export interface CodeSent {
  sentTo: string;
  expiresAt: string;
}

/** POST /api/signing/:token/code/verify: the code was right; `verification` is the proof to send with the signature. */
export interface CodeVerified {
  verified: true;
  verification: string;
}

/** POST /api/signing/:token/embedded: Dropbox Sign's embedded signer of the link and what hellosign-embedded needs. */
export interface EmbeddedSigning {
  url: string;
  clientId: string;
  testMode: boolean;
  /** The commitment's documentId: where the site goes once signed (the signature success page). */
  syndUserId: string;
}

/** GET /api/agreements/verify/:sha256: the portal issued this completed agreement (a 404 says it did not). */
export interface AgreementVerdict {
  valid: true;
  completedAt: string;
  /** The portal's name. */
  portal: string;
  signerInitials: string[];
  /** Only on an agreement the sponsor voided when amending the commitment: another agreement replaces it. */
  superseded?: true;
  supersededAt?: string;
}

/** One agreement waiting for management, as GET /api/syndication/countersign lists it (admins of the portal). */
export interface CountersignItem {
  syndUser: SyndUserView;
  investor: { name: string | null; email: string | null };
  investment: { name: string | null; url_slug: string | null };
  invest_amount: number | null;
  /** When the investor side's last signature was made. */
  signedAt: string | null;
}

/** GET /api/syndication/countersign?page=&pageSize=: a page of the portal's agreements waiting for management. */
export interface CountersignWaiting {
  items: CountersignItem[];
  pagination: Pagination;
}

/** POST /api/syndication/countersign: management signed; the agreement is complete. */
export interface Countersigned {
  success: true;
  sa_complete_date: string | null;
}
