import { describe, expect, it } from 'vitest';
import {
  type AssetFacts,
  NO_FILTERS,
  PRE_2020_ASSET_LABEL,
  PRE_2020_FUND,
  UNKNOWN_FUND,
  UNNAMED_ASSET_LABEL,
  assetLabel,
  filterAssets,
  filterOptions,
  groupByFund,
} from '../portfolio-rules';

interface TestAsset extends AssetFacts {
  id: string;
}

function asset(id: string, fundName: string | null, facts: Partial<AssetFacts> = {}): TestAsset {
  return {
    id,
    name: id,
    assetType: 'Stallion',
    fundName,
    isExitedAsset: false,
    createdAt: '2025-01-01T00:00:00Z',
    ...facts,
  };
}

const ids = (assets: readonly TestAsset[]) => assets.map(({ id }) => id);

const ASSETS = [
  asset('old-horse', PRE_2020_FUND, { createdAt: '2019-01-01T00:00:00Z', isExitedAsset: true }),
  asset('fund-3-mare', 'Fund III', { assetType: 'Mare', isExitedAsset: true }),
  asset('fund-5-old', 'Fund V', { createdAt: '2024-01-01T00:00:00Z' }),
  asset('fund-5-new', 'Fund V', { createdAt: '2026-01-01T00:00:00Z', assetType: 'Yearling' }),
  asset('fund-4', 'Fund IV', { assetType: 'Mare' }),
  asset('zebra', 'Zebra Fund'),
];

describe('groupByFund', () => {
  it("lists funds by name descending with 'Pre-2020 Stallion Fund' last, newest asset first in each", () => {
    const groups = groupByFund(ASSETS);
    expect(groups.map(({ fundName }) => fundName)).toEqual([
      'Zebra Fund',
      'Fund V',
      'Fund IV',
      'Fund III',
      PRE_2020_FUND,
    ]);
    expect(ids(groups[1].assets)).toEqual(['fund-5-new', 'fund-5-old']);
  });

  it('keeps the Pre-2020 fund last even when its name would sort first, and groups assets without a fund together', () => {
    const groups = groupByFund([
      asset('a', 'Alpha Fund'),
      asset('pre', PRE_2020_FUND),
      asset('none', null),
      asset('blank', '  '),
      asset('z', 'Zulu Fund'),
    ]);
    expect(groups.map(({ fundName }) => fundName)).toEqual(['Zulu Fund', UNKNOWN_FUND, 'Alpha Fund', PRE_2020_FUND]);
    expect(ids(groups[1].assets)).toEqual(['none', 'blank']);
  });

  it('puts an asset with an unreadable date after the dated ones', () => {
    const [group] = groupByFund([asset('undated', 'F', { createdAt: 'soon' }), asset('dated', 'F')]);
    expect(ids(group.assets)).toEqual(['dated', 'undated']);
  });
});

describe('filterAssets', () => {
  it('shows every asset when nothing is chosen', () => {
    expect(ids(filterAssets(ASSETS, NO_FILTERS))).toEqual(ids(ASSETS));
  });

  it('keeps the assets of any chosen asset type and any chosen fund', () => {
    expect(ids(filterAssets(ASSETS, { ...NO_FILTERS, assetTypes: ['Mare', 'Yearling'] }))).toEqual([
      'fund-3-mare',
      'fund-5-new',
      'fund-4',
    ]);
    expect(ids(filterAssets(ASSETS, { ...NO_FILTERS, funds: ['Fund V', PRE_2020_FUND] }))).toEqual([
      'old-horse',
      'fund-5-old',
      'fund-5-new',
    ]);
  });

  it('combines the filters: an asset must pass each of them', () => {
    expect(
      ids(filterAssets(ASSETS, { assetTypes: ['Mare'], funds: ['Fund IV', 'Fund III'], exitedOnly: true })),
    ).toEqual(['fund-3-mare']);
  });

  it('keeps only exited assets with the exited filter', () => {
    expect(ids(filterAssets(ASSETS, { ...NO_FILTERS, exitedOnly: true }))).toEqual(['old-horse', 'fund-3-mare']);
  });

  it('leaves out an asset without a type once a type is chosen', () => {
    expect(filterAssets([asset('untyped', 'F', { assetType: null })], { ...NO_FILTERS, assetTypes: ['Mare'] })).toEqual(
      [],
    );
  });
});

describe('filterOptions', () => {
  it('offers each asset type once from A to Z, and each fund once in the order funds are listed', () => {
    expect(filterOptions([...ASSETS, asset('untyped', null, { assetType: ' ' })])).toEqual({
      assetTypes: ['Mare', 'Stallion', 'Yearling'],
      funds: ['Zebra Fund', UNKNOWN_FUND, 'Fund V', 'Fund IV', 'Fund III', PRE_2020_FUND],
    });
  });
});

describe('assetLabel', () => {
  it("labels an unnamed asset of the Pre-2020 fund 'Pre-2020 Stallion Fund Asset'", () => {
    expect(assetLabel(asset('x', PRE_2020_FUND, { name: '' }))).toBe('Pre-2020 Stallion Fund Asset');
    expect(PRE_2020_ASSET_LABEL).toBe('Pre-2020 Stallion Fund Asset');
    expect(assetLabel(asset('x', PRE_2020_FUND, { name: null }))).toBe(PRE_2020_ASSET_LABEL);
  });

  it('shows the name when there is one, and a generic label for an unnamed asset of another fund', () => {
    expect(assetLabel(asset('x', PRE_2020_FUND, { name: ' Ponzu Prince ' }))).toBe('Ponzu Prince');
    expect(assetLabel(asset('x', 'Fund V', { name: '' }))).toBe(UNNAMED_ASSET_LABEL);
  });
});
