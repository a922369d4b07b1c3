/**
 * What every paged answer of the sponsor desk's admin routes carries (cms/src/plugins/sponsor-desk/server/routes/admin.ts,
 * docs/sponsor-desk.md), as Strapi's own admin lists answer it.
 */
export interface Pagination {
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
}

/** A portal the staff member runs, as the desk's portal pickers list it. */
export interface PortalChoice {
  slug: string;
  name: string;
}

/** A fund named in an answer: which one the page is of. */
export interface FundNamed {
  documentId: string;
  name: string | null;
}
