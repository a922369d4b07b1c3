import { factories, type Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { EducationItem, Page } from '@portal/rules';
import { FUND_NAME_POPULATE, withFundName, type FundNamed } from '../../fund/fund-name';
import type { PortalRow } from '../../portal/services/portal';
import { serviceAccessor } from '../../../utils/service';
import { BLOG_ITEM } from '../../../utils/uids';
import type { Row } from '../../../utils/rows';

/** Stored fields of an education item in answers (docs/api-public.md); fundName is derived. */
const FIELDS = [
  'id',
  'documentId',
  'title',
  'slug',
  'type',
  'url',
  'listLinkHref',
  'body',
  'imageUrl',
  'sortOrder',
  'isFeatured',
  'displayOnPortfolio',
  'displayOnHomepage',
  'createdAt',
  'fundAsString',
] as const;

export type EducationSort = '-sortOrder' | '-createdAt';

export interface EducationListQuery {
  /** video: videos only; other: everything else (papers, links, posts). */
  kind?: 'video' | 'other';
  displayOnPortfolio: boolean;
  limit: number;
  offset: number;
  sort: EducationSort;
}

// Strapi stamps createdAt on every row it creates; the generated schema lists it as optional all the same.
type BlogItemRow = Pick<Row<typeof BLOG_ITEM>, Exclude<(typeof FIELDS)[number], 'createdAt'>> & {
  createdAt: string;
} & FundNamed;

// Newer items first among equals, then id, so pages never repeat or skip an item.
const ORDER: Record<EducationSort, Record<string, 'desc'>[]> = {
  '-sortOrder': [{ sortOrder: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }],
  '-createdAt': [{ createdAt: 'desc' }, { id: 'desc' }],
};

// An item with no type is not a video; `$ne` alone would drop it (NULL <> 'video' is not true in SQL).
const KIND_FILTER = {
  video: { type: 'video' },
  other: { $or: [{ type: { $ne: 'video' } }, { type: { $null: true } }] },
};

const blogItemService = ({ strapi }: { strapi: Core.Strapi }) => ({
  /** One page of the portal's published education items and how many match in all. */
  async education(portal: PortalRow, query: EducationListQuery): Promise<Page<EducationItem>> {
    const where = {
      $and: [
        { portal: { id: portal.id }, isPublished: true },
        query.kind ? KIND_FILTER[query.kind] : {},
        query.displayOnPortfolio ? { displayOnPortfolio: true } : {},
      ],
    };
    const [rows, total]: [BlogItemRow[], number] = await Promise.all([
      strapi.db.query(BLOG_ITEM).findMany({
        where,
        select: [...FIELDS],
        populate: FUND_NAME_POPULATE,
        orderBy: ORDER[query.sort],
        limit: query.limit,
        offset: query.offset,
      }),
      strapi.db.query(BLOG_ITEM).count({ where }),
    ]);
    return { items: rows.map(withFundName), total: Number(total) };
  },

  /** The portal's published education item with this slug; 404 'Not found' when there is none. */
  async educationBySlug(portal: PortalRow, slug: string): Promise<EducationItem> {
    const row: BlogItemRow | null = await strapi.db.query(BLOG_ITEM).findOne({
      where: { slug, portal: { id: portal.id }, isPublished: true },
      select: [...FIELDS],
      populate: FUND_NAME_POPULATE,
    });
    if (!row) throw new errors.NotFoundError('Not found');
    return withFundName(row);
  },
});

export type BlogItemService = ReturnType<typeof blogItemService>;

/** The education item service, typed. */
export const blogItems = serviceAccessor<BlogItemService>(BLOG_ITEM);

export default factories.createCoreService(BLOG_ITEM, blogItemService);
