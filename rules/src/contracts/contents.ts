/**
 * The public content calls (CMS server -> site): content blocks by slug and their editing, education items and the
 * portfolio (/api/contents/..., cms/src/api/content, blog-item and assets-item; docs/api-public.md describes them).
 */

/** A content item as POST /api/contents/byslug answers it, keyed by slug. */
export interface Content {
  title: string | null;
  body: string | null;
}

/** POST /api/contents/byslug: the portal's items of the slugs asked for that exist, keyed by slug. */
export interface ContentsBySlug {
  contents: Record<string, Content>;
}

/** What POST /api/contents/update answers: the item as stored (its body sanitised). */
export interface ContentUpdateAnswer {
  success: true;
  content: Content & { slug: string };
}

/** An education item (the spec's blog item) as the CMS's education calls answer it. */
export interface EducationItem {
  id: number;
  documentId: string;
  title: string;
  slug: string | null;
  /** Null when the stored item has none: neither a video nor a link. */
  type: 'video' | 'link' | 'post' | null;
  url: string | null;
  listLinkHref: string | null;
  body: string | null;
  imageUrl: string | null;
  sortOrder: number | null;
  /** The switches are null when the stored row holds none (the site reads that as off). */
  isFeatured: boolean | null;
  displayOnPortfolio: boolean | null;
  displayOnHomepage: boolean | null;
  createdAt: string;
  /** The fund's name, else the item's fundAsString. */
  fundName: string | null;
}

/** POST /api/contents/educationbyslug: one published education item of the portal (a 404 when there is none). */
export interface EducationItemBySlug {
  blogItem: EducationItem;
}

/** A portfolio asset as GET /api/contents/portfolio answers it. */
export interface PortfolioAsset {
  id: number;
  name: string | null;
  url: string | null;
  imageUrl: string | null;
  smallImageUrl: string | null;
  assetType: string | null;
  /** The fund's name, else the asset's fundAsString. */
  fundName: string | null;
  /** The switches are null when the stored row holds none (the site reads that as off). */
  isExitedAsset: boolean | null;
  soldInfoNote: string | null;
  hasStar: boolean | null;
  ownershipInfoString: string | null;
  /** HTML. */
  description: string | null;
  createdAt: string;
}
