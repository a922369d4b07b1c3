/** The fund whose unnamed assets get a label of their own, and which is listed after every other fund. */
export const PRE_2020_FUND = 'Pre-2020 Stallion Fund';
export const PRE_2020_ASSET_LABEL = 'Pre-2020 Stallion Fund Asset';
/** The label of an unnamed asset of any other fund, which the spec leaves open. */
export const UNNAMED_ASSET_LABEL = 'Unnamed Asset';
/** Where assets without a fund are grouped (the name the investment summary uses for them too). */
export const UNKNOWN_FUND = 'Unknown Fund';

/** What the portfolio rules read of an asset. */
export interface AssetFacts {
  name: string | null;
  assetType: string | null;
  fundName: string | null;
  /** Null (none stored) reads as not exited. */
  isExitedAsset: boolean | null;
  createdAt: string;
}

/** The visitor's choices: no asset type or fund chosen means every one. */
export interface PortfolioFilters {
  assetTypes: readonly string[];
  funds: readonly string[];
  exitedOnly: boolean;
}

export const NO_FILTERS: PortfolioFilters = { assetTypes: [], funds: [], exitedOnly: false };

export interface FundGroup<T> {
  fundName: string;
  assets: T[];
}

/** The fund an asset is listed under. */
function fundOf(asset: AssetFacts): string {
  return asset.fundName?.trim() || UNKNOWN_FUND;
}

const assetTypeOf = (asset: AssetFacts) => asset.assetType?.trim() || null;

/** The name shown on an asset's card. */
export function assetLabel(asset: AssetFacts): string {
  return asset.name?.trim() || (fundOf(asset) === PRE_2020_FUND ? PRE_2020_ASSET_LABEL : UNNAMED_ASSET_LABEL);
}

/** Funds by name descending, the Pre-2020 fund last. */
function compareFunds(a: string, b: string): number {
  if (a === PRE_2020_FUND || b === PRE_2020_FUND) return Number(a === PRE_2020_FUND) - Number(b === PRE_2020_FUND);
  return b.localeCompare(a, 'en');
}

/** An unreadable date counts as the oldest. */
const timeOf = (asset: AssetFacts) => Date.parse(asset.createdAt) || 0;

/** The assets the filters let through, in their given order. */
export function filterAssets<T extends AssetFacts>(assets: readonly T[], filters: PortfolioFilters): T[] {
  const allows = (chosen: readonly string[], value: string | null) =>
    chosen.length === 0 || (value !== null && chosen.includes(value));
  return assets.filter(
    (asset) =>
      allows(filters.assetTypes, assetTypeOf(asset)) &&
      allows(filters.funds, fundOf(asset)) &&
      (!filters.exitedOnly || asset.isExitedAsset),
  );
}

/** The assets grouped by fund: funds by name descending with the Pre-2020 fund last, newest asset first in each. */
export function groupByFund<T extends AssetFacts>(assets: readonly T[]): FundGroup<T>[] {
  const byFund = new Map<string, T[]>();
  for (const asset of assets) {
    const group = byFund.get(fundOf(asset));
    if (group) group.push(asset);
    else byFund.set(fundOf(asset), [asset]);
  }
  return [...byFund]
    .sort(([a], [b]) => compareFunds(a, b))
    .map(([fundName, fundAssets]) => ({ fundName, assets: fundAssets.sort((a, b) => timeOf(b) - timeOf(a)) }));
}

/** The choices the filters offer: every asset type (A to Z) and every fund (in the order funds are listed). */
export function filterOptions(assets: readonly AssetFacts[]): { assetTypes: string[]; funds: string[] } {
  const assetTypes = new Set(assets.map(assetTypeOf).filter((type): type is string => type !== null));
  return {
    assetTypes: [...assetTypes].sort((a, b) => a.localeCompare(b, 'en')),
    funds: [...new Set(assets.map(fundOf))].sort(compareFunds),
  };
}
