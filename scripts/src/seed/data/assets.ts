import { ASSETS_ITEM } from '../../lib/uids';
import { record, type SeedRecord } from '../engine';
import { seedImage } from '../media';
import { fundRef, portalRef } from '../refs';
import {
  OAK_DONE,
  OAK_STARTED,
  WASABI_CLOSED,
  WASABI_DONE,
  WASABI_PRE_2020,
  WASABI_STARTED,
  fundName,
} from './offerings';

interface AssetSeed {
  fund: string;
  /** Empty for the unnamed legacy horses the site labels 'Pre-2020 Stallion Fund Asset'. */
  name: string;
  url: string;
  assetType?: string;
  ownershipInfoString?: string;
  exited?: string;
  hasStar?: boolean;
  noImage?: boolean;
  /** The seed picture (scripts/src/seed/images); horses get the one of their asset type. */
  picture?: string;
  description?: string;
}

const HORSE_PICTURES: Record<string, string> = {
  Stallion: 'wasabi-stallion.jpg',
  Mare: 'wasabi-paddock.jpg',
  Yearling: 'wasabi-racetrack.jpg',
};

const pedigree = (horse: string) => `https://www.pedigreequery.com/${horse}`;

const WASABI: AssetSeed[] = [
  {
    fund: WASABI_STARTED,
    name: 'Midnight Wasabi',
    url: pedigree('midnight+wasabi'),
    assetType: 'Stallion',
    ownershipInfoString: '60 of 60 shares',
    hasStar: true,
  },
  {
    fund: WASABI_STARTED,
    name: 'Ginger Rose',
    url: pedigree('ginger+rose'),
    assetType: 'Mare',
    ownershipInfoString: '100%',
  },
  { fund: WASABI_STARTED, name: 'Soy Storm', url: pedigree('soy+storm'), assetType: 'Yearling', noImage: true },
  {
    fund: WASABI_CLOSED,
    name: 'Tempura Flash',
    url: pedigree('tempura+flash'),
    assetType: 'Stallion',
    ownershipInfoString: '40 of 60 shares',
  },
  {
    fund: WASABI_CLOSED,
    name: 'Nori Belle',
    url: pedigree('nori+belle'),
    assetType: 'Mare',
    exited: 'Sold at Keeneland November 2025 for $410,000',
  },
  {
    fund: WASABI_DONE,
    name: 'Sashimi Sunset',
    url: pedigree('sashimi+sunset'),
    assetType: 'Stallion',
    exited: 'Sold privately to a Japanese stud in 2024',
  },
  {
    fund: WASABI_DONE,
    name: 'Kombu Queen',
    url: pedigree('kombu+queen'),
    assetType: 'Mare',
    noImage: true,
    exited: 'Sold at Fasig-Tipton February 2025',
  },
  { fund: WASABI_DONE, name: 'Umami Dancer', url: pedigree('umami+dancer'), assetType: 'Yearling' },
  {
    fund: WASABI_PRE_2020,
    name: 'Old Horseradish',
    url: pedigree('old+horseradish'),
    assetType: 'Stallion',
    exited: 'Pensioned 2019 after sixteen seasons',
  },
  { fund: WASABI_PRE_2020, name: '', url: pedigree('legacy+mare+2016'), assetType: 'Mare', noImage: true },
  {
    fund: WASABI_PRE_2020,
    name: '',
    url: pedigree('legacy+colt+2017'),
    assetType: 'Yearling',
    exited: 'Sold as a yearling in 2018',
  },
  { fund: WASABI_PRE_2020, name: 'Ponzu Prince', url: pedigree('ponzu+prince'), assetType: 'Stallion' },
];

const OAK: AssetSeed[] = [
  {
    fund: OAK_STARTED,
    name: 'Harbor Point Apartments',
    url: 'https://oakharborcapital.com/portfolio/harbor-point',
    picture: 'oak-apartments.jpg',
    description: '<p>312 units in Mount Pleasant, SC. Renovation of 180 units under way; 96% occupied.</p>',
  },
  {
    fund: OAK_STARTED,
    name: 'Savannah Oaks Residences',
    url: 'https://oakharborcapital.com/portfolio/savannah-oaks',
    picture: 'oak-apartments.jpg',
    description: '<p>224 garden-style units near the Savannah port, acquired in 2026.</p>',
  },
  {
    fund: OAK_DONE,
    name: 'Cedar Ridge Logistics Center',
    url: 'https://oakharborcapital.com/portfolio/cedar-ridge',
    picture: 'oak-logistics.jpg',
    exited: 'Sold in 2025 at a 1.9x equity multiple',
    description: '<p>410,000 sq ft distribution building off I-26, fully leased to two tenants.</p>',
  },
  {
    fund: OAK_DONE,
    name: 'Bayside Medical Offices',
    url: 'https://oakharborcapital.com/portfolio/bayside-medical',
    picture: 'oak-offices.jpg',
    exited: 'Sold in 2024',
    description: '<p>Three medical office buildings anchored by a regional hospital system.</p>',
  },
  {
    fund: OAK_DONE,
    name: 'Willow Creek Self Storage',
    url: 'https://oakharborcapital.com/portfolio/willow-creek',
    picture: 'oak-logistics.jpg',
    description: '<p>850 climate-controlled units in Summerville, SC.</p>',
  },
];

/** Named assets are found by name; the unnamed legacy ones by their (distinct) url. */
function assetsOf(portal: string, assets: AssetSeed[]): SeedRecord[] {
  return assets.map(({ fund, exited, noImage, picture, ...asset }) =>
    record(ASSETS_ITEM, [asset.name ? 'name' : 'url', 'portal'], {
      ...asset,
      fund: fundRef(fund),
      fundAsString: fundName(fund),
      isExitedAsset: !!exited,
      soldInfoNote: exited,
      imageUrl: noImage ? '' : seedImage(picture ?? HORSE_PICTURES[asset.assetType ?? 'Stallion']),
      portal: portalRef(portal),
    }),
  );
}

export const ASSETS: SeedRecord[] = [...assetsOf('wasabistallions', WASABI), ...assetsOf('oakharbor', OAK)];
