/**
 * Rows the CMS's generic collection calls answer (CMS server -> site): GET /api/{collection}, whose fields per
 * collection are listed in cms/src/api/collection/collections.ts (docs/api-collections.md describes them in words).
 */

/** One page of a list: GET /api/{collection}, and the education and portfolio lists (/api/contents/...). */
export interface Page<T> {
  items: T[];
  /** How many rows match in all. */
  total: number;
}

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

/**
 * A notification as GET /api/notifications answers it (the fields the site's bell reads; the CMS answers the message's
 * own subject, body and tags besides).
 */
export interface UserNotification {
  id: number;
  /** The template's subject with the tags filled in, else the notification's own; null when neither has one. */
  subject: string | null;
  /** ISO time. */
  createdAt: string;
  template: { name: string; color: string | null } | null;
  /**
   * The page of the site where it acts (a SITE_PATHS path, e.g. /dashboard/transactions); null when it asks nothing.
   * The CMS always answers it; a list the site cached before notifications had links lacks it.
   */
  link?: string | null;
}
