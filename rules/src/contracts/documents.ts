import type { FileItem } from './collections';

/**
 * The investor's files (CMS server -> site): downloads of stored and issued documents, the proof document upload
 * (POST /api/profile/proof_documents/upload and save, cms/src/api/proof-document) and the public check of a capital
 * account statement (cms/src/api/statement). docs/api-files.md and docs/capital-accounts.md describe them in words.
 */

/**
 * A short-lived link to one file and the name to save it as: POST /api/profile/{tax,news,proof,synd}_documents/download,
 * /api/profile/synd_agreements/download and /api/profile/statements/download.
 */
export interface DownloadLink {
  url: string;
  originalName: string;
}

/** Where and how a browser posts one file: every field of formData, then the file as `file`, to postURL. */
export interface UploadPolicy {
  postURL: string;
  formData: Record<string, string>;
}

/** What POST /api/profile/proof_documents/upload answers: where and how to post the file, and the size limit. */
export interface UploadTicket {
  data: UploadPolicy;
  /** The storage key the file will have (under the caller's own prefix). */
  path: string;
  bucket: string;
  maxBytes: number;
}

/** POST /api/profile/proof_documents/save: the uploaded file recorded, as the caller's proof document list shows it. */
export interface ProofDocumentSaved {
  success: true;
  item: FileItem;
}

/** GET /api/statements/verify/:sha256?portal=: the portal issued this statement, when, for whose initials (else 404). */
export interface StatementVerdict {
  valid: true;
  issuedAt: string;
  /** The portal's name. */
  portal: string;
  investorInitials: string;
}
