/**
 * Rows the CMS's generic collection calls answer (CMS server -> site): GET /api/{collection}, whose fields per
 * collection are listed in cms/src/api/collection/collections.ts (docs/api-collections.md describes them in words).
 */

/** A person on the team page, as GET /api/team_members answers it. */
export interface TeamMember {
  id: number;
  documentId: string;
  name: string;
  position: string | null;
  /** HTML. */
  bio: string | null;
  imageUrl: string | null;
  sortOrder: number | null;
}

/**
 * A file row as the CMS's file lists answer it: GET /api/{tax,news,proof,synd}_documents, a fund's
 * /api/funds/:fundId/synd_documents, and the `item` of POST /api/profile/proof_documents/save. The CMS answers
 * `isDeleted` and `displayTitle` besides; the site reads neither (its list applies the shared title rule itself, so
 * a row from any source reads the same).
 */
export interface FileItem {
  id: number;
  documentId: string;
  originalName: string | null;
  title: string | null;
  createdAt: string;
  /** Tax and news documents only. */
  year?: number | null;
  /** Only when the list populates the fund. */
  fund?: { id: number; documentId: string; name: string | null } | null;
}
