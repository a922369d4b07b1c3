import { factories, type Core } from '@strapi/strapi';
import { FUND_NAME_POPULATE, withFundName, type FundNamed } from '../../fund/fund-name';
import { portals } from '../../portal/services/portal';

const ASSETS_ITEM = 'api::assets-item.assets-item';

/** Stored fields of a portfolio asset in answers (docs/api-public.md); fundName is derived. */
const FIELDS = [
  'id', 'name', 'url', 'imageUrl', 'smallImageUrl', 'assetType', 'isExitedAsset', 'soldInfoNote', 'hasStar',
  'ownershipInfoString', 'description', 'createdAt', 'fundAsString',
];

const assetsItemService = ({ strapi }: { strapi: Core.Strapi }) => ({
  /** The portal's portfolio assets, newest first, with how many it has in all; 404 for an unknown portal. */
  async portfolio(portalSlug: string, limit: number) {
    const portal = await portals(strapi).requireBySlug(portalSlug);
    const where = { portal: { id: portal.id } };
    const [rows, total]: [(FundNamed & Record<string, unknown>)[], number] = await Promise.all([
      strapi.db.query(ASSETS_ITEM).findMany({ where, select: FIELDS, populate: FUND_NAME_POPULATE, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit }),
      strapi.db.query(ASSETS_ITEM).count({ where }),
    ]);
    return { items: rows.map(withFundName), total: Number(total) };
  },
});

/** The custom methods, typed for the controller. */
export type AssetsItemService = ReturnType<typeof assetsItemService>;

export default factories.createCoreService(ASSETS_ITEM, assetsItemService);
