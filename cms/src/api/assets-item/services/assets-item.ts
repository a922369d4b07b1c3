import { factories, type Core } from '@strapi/strapi';
import type { Page, PortfolioAsset } from '@portal/rules';
import { FUND_NAME_POPULATE, withFundName, type FundNamed } from '../../fund/fund-name';
import type { PortalRow } from '../../portal/services/portal';
import { serviceAccessor } from '../../../utils/service';
import { ASSETS_ITEM } from '../../../utils/uids';
import type { Row } from '../../../utils/rows';

/** Stored fields of a portfolio asset in answers (docs/api-public.md); fundName is derived. */
const FIELDS = [
  'id',
  'name',
  'url',
  'imageUrl',
  'smallImageUrl',
  'assetType',
  'isExitedAsset',
  'soldInfoNote',
  'hasStar',
  'ownershipInfoString',
  'description',
  'createdAt',
  'fundAsString',
] as const;

// Strapi stamps createdAt on every row it creates; the generated schema lists it as optional all the same.
type AssetsItemRow = Pick<Row<typeof ASSETS_ITEM>, Exclude<(typeof FIELDS)[number], 'createdAt'>> & {
  createdAt: string;
} & FundNamed;

const assetsItemService = ({ strapi }: { strapi: Core.Strapi }) => ({
  /** The portal's portfolio assets, newest first, with how many it has in all. */
  async portfolio(portal: PortalRow, limit: number): Promise<Page<PortfolioAsset>> {
    const where = { portal: { id: portal.id } };
    const [rows, total]: [AssetsItemRow[], number] = await Promise.all([
      strapi.db.query(ASSETS_ITEM).findMany({
        where,
        select: [...FIELDS],
        populate: FUND_NAME_POPULATE,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        limit,
      }),
      strapi.db.query(ASSETS_ITEM).count({ where }),
    ]);
    return { items: rows.map(withFundName), total: Number(total) };
  },
});

export type AssetsItemService = ReturnType<typeof assetsItemService>;

/** The portfolio service, typed. */
export const assetsItems = serviceAccessor<AssetsItemService>(ASSETS_ITEM);

export default factories.createCoreService(ASSETS_ITEM, assetsItemService);
