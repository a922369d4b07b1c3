import { factories, type Core } from '@strapi/strapi';
import { FUND_NAME_POPULATE, withFundName, type FundNamed } from '../../fund/fund-name';
import type { PortalRow } from '../../portal/services/portal';
import { serviceAccessor } from '../../../utils/service';
import { ASSETS_ITEM } from '../../../utils/uids';

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
];

const assetsItemService = ({ strapi }: { strapi: Core.Strapi }) => ({
  /** The portal's portfolio assets, newest first, with how many it has in all. */
  async portfolio(portal: PortalRow, limit: number) {
    const where = { portal: { id: portal.id } };
    const [rows, total]: [(FundNamed & Record<string, unknown>)[], number] = await Promise.all([
      strapi.db.query(ASSETS_ITEM).findMany({
        where,
        select: FIELDS,
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
