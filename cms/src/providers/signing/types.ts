import type { SigningProviderName } from '../../utils/portal-config';

/** The investor side of an agreement: the investor, and their spouse when the spouse must co-sign. */
export type SignerRole = 'investor' | 'spouse';

export interface Signer {
  role: SignerRole;
  name: string;
  email: string;
}

/** What the subscription agreement says: the investor's terms as they committed them. */
export interface AgreementTerms {
  title: string;
  portalName: string;
  fundName: string;
  investmentName: string;
  investorName: string;
  investorEmail: string;
  amount: number;
  method: string | null;
  isMarried: boolean;
  isMaritalState: boolean;
  spouseName: string | null;
  spouseEmail: string | null;
  date: Date;
}

export interface OpenRequest {
  terms: AgreementTerms;
  /** In signing order: investor first. */
  signers: Signer[];
  /** The fund's agreement templates at the signing service (sa_doc_template_1_id to _4_id), empty ones left out. */
  templateIds: string[];
  /** Names the request in the storage and at the service (the syndication user's documentId). */
  reference: string;
}

export interface OpenedRequest {
  /** The request's id at the service; null for the local signer. */
  requestId: string | null;
  /** The stored document the signers sign, when it is known from the start (local); else fetched once all signed. */
  documentKey: string | null;
  /** Each signer's id at the service. */
  signatureIds: Partial<Record<SignerRole, string>>;
}

/** One signer's state at the service. */
export interface ProviderSignature {
  signatureId: string;
  signedAt: Date | null;
}

/** Collects the investor side's signatures. Management countersigns in the portal, whichever provider collected them. */
export interface SigningProvider {
  readonly name: SigningProviderName;
  /** Opens signing: the document rendered (local) or a request made from the fund's templates (Dropbox Sign). */
  open(request: OpenRequest): Promise<OpenedRequest>;
  /** The service's own signing page for a signer, fetched fresh (they expire); null where the site's page signs (local). */
  embeddedUrl(signatureId: string): Promise<string | null>;
  /** Each signer's state at the service; null when the portal's own signer rows are the record (local). */
  signatures(requestId: string): Promise<ProviderSignature[] | null>;
  /**
   * The request's document as it stands at the service: the one to read before signing (Dropbox Sign answers the
   * unsigned document until a signer signs), the signed one once every signer signed.
   */
  document(requestId: string): Promise<Buffer>;
  /** Withdraws a request nobody signed (the investor changed their terms), so its mailed links stop working. */
  cancel(requestId: string): Promise<void>;
}
