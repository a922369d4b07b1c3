import { formatUsd, fundStatus, type FundDates, type FundStatus } from '@portal/rules';
import { COMPANY, FUND, INVESTMENT } from '../../lib/uids';
import { record, type Fields, type SeedRecord } from '../engine';
import { companyRef, fundRef, investmentRef, portalRef } from '../refs';

interface CompanySeed {
  portal: string;
  name: string;
  address: string;
  city: string;
  state: string;
  postal_code: string;
  email: string;
}

const COMPANIES: CompanySeed[] = [
  {
    portal: 'wasabistallions',
    name: 'Wasabi Stallions LLC',
    address: '4100 Old Frankfort Pike',
    city: 'Lexington',
    state: 'KY',
    postal_code: '40510',
    email: 'funds@wasabistallions.com',
  },
  {
    portal: 'wasabistallions',
    name: 'Wasabi Bloodstock Partners',
    address: '88 Paris Pike',
    city: 'Paris',
    state: 'KY',
    postal_code: '40361',
    email: 'bloodstock@wasabistallions.com',
  },
  {
    portal: 'oakharbor',
    name: 'Oak Harbor Capital Partners LP',
    address: '200 Harbor Drive, Suite 900',
    city: 'Charleston',
    state: 'SC',
    postal_code: '29401',
    email: 'funds@oakharborcapital.com',
  },
  {
    portal: 'oakharbor',
    name: 'Harborview Real Estate Holdings',
    address: '15 Meeting Street',
    city: 'Charleston',
    state: 'SC',
    postal_code: '29401',
    email: 'holdings@oakharborcapital.com',
  },
];

/** A date: days from the seed's `now` (negative is the past), or a fixed ISO date. */
type When = number | string;

/** A fund, the one investment offered through it, and the status it must have when seeded. */
interface OfferingSeed {
  intended: FundStatus;
  portal: string;
  company: string;
  slug: string;
  name: string;
  fund_code: string;
  type: string;
  dates: { open: When; start: When; close: When; end: When };
  fund_status?: 'Closed' | 'Done';
  min_inv_amount: number;
  max_inv_amount?: number;
  total_inv_amount: number;
  fee: number;
  returned?: { total: number; value: number };
  /** Its money is seeded as a ledger (seed/ledger.ts): its investors' funds-transfer dates come from their funding and calls. */
  ledger?: true;
  schedule_call_url?: string;
  summary: string;
  investment: { name: string; inv_type: string; inv_amount: number; website?: string };
}

export const WASABI_STARTED = 'wasabi-stallion-fund-v';
export const WASABI_CLOSED = 'wasabi-stallion-fund-iv';
export const WASABI_DONE = 'wasabi-stallion-fund-iii';
export const WASABI_PRE_2020 = 'pre-2020-stallion-fund';
export const OAK_STARTED = 'oak-harbor-income-fund-i';
export const OAK_DONE = 'oak-harbor-growth-fund-2019';

const WASABI_WIRE =
  '<p>Wire to <strong>First Bluegrass Bank</strong>, ABA 042000013, account 7700 1234 5678, ' +
  'beneficiary Wasabi Stallions LLC. Put your full name and the fund name in the reference.</p>';
const WASABI_CHECK =
  '<p>Make checks payable to <strong>Wasabi Stallions LLC</strong> and mail them to 4100 Old Frankfort Pike, Lexington, KY 40510.</p>';
const OAK_WIRE =
  '<p>Wire to <strong>Palmetto Trust Company</strong>, ABA 053207766, account 4455 6677 88, beneficiary Oak Harbor Capital Partners LP.</p>';
const OAK_CHECK =
  '<p>Checks payable to <strong>Oak Harbor Capital Partners LP</strong>, 200 Harbor Drive, Suite 900, Charleston, SC 29401.</p>';

const OFFERINGS: OfferingSeed[] = [
  {
    intended: 'New',
    portal: 'wasabistallions',
    company: 'Wasabi Stallions LLC',
    slug: 'wasabi-2027-yearling-fund',
    name: 'Wasabi 2027 Yearling Fund',
    fund_code: 'WS-Y27',
    type: 'Yearling',
    dates: { open: 14, start: 45, close: 90, end: 3 * 365 },
    min_inv_amount: 25_000,
    max_inv_amount: 250_000,
    total_inv_amount: 2_000_000,
    fee: 2.5,
    summary: 'Twelve yearlings bought at the 2027 September sale, prepared and resold or raced.',
    investment: { name: '2027 Yearling Portfolio', inv_type: 'Bloodstock', inv_amount: 2_000_000 },
  },
  {
    intended: 'Open',
    portal: 'wasabistallions',
    company: 'Wasabi Stallions LLC',
    slug: 'wasabi-broodmare-fund-ii',
    name: 'Wasabi Broodmare Fund II',
    fund_code: 'WS-BM2',
    type: 'Broodmare',
    dates: { open: -5, start: 10, close: 40, end: 4 * 365 },
    min_inv_amount: 50_000,
    max_inv_amount: 500_000,
    total_inv_amount: 3_000_000,
    fee: 2,
    summary: 'Six proven broodmares and their next three foal crops.',
    investment: { name: 'Broodmare Band II', inv_type: 'Bloodstock', inv_amount: 3_000_000 },
  },
  {
    intended: 'Started',
    portal: 'wasabistallions',
    company: 'Wasabi Stallions LLC',
    slug: WASABI_STARTED,
    name: 'Wasabi Stallion Fund V',
    fund_code: 'WS-SF5',
    type: 'Stallion',
    dates: { open: -30, start: -10, close: 20, end: 5 * 365 },
    min_inv_amount: 25_000,
    max_inv_amount: 400_000,
    total_inv_amount: 4_000_000,
    fee: 2.5,
    schedule_call_url: 'https://calendly.com/wasabistallions/fund-v',
    summary: 'Shares in Midnight Wasabi, a multiple graded-stakes winner entering stud in 2026.',
    investment: {
      name: 'Midnight Wasabi Stallion Syndicate',
      inv_type: 'Stallion share',
      inv_amount: 4_000_000,
      website: 'https://wasabistallions.com/midnight-wasabi',
    },
  },
  {
    // The one fund without a per-investor cap: the site must fall back to the amount left.
    intended: 'Started',
    portal: 'wasabistallions',
    company: 'Wasabi Bloodstock Partners',
    slug: 'wasabi-racing-syndicate-2026',
    name: 'Wasabi Racing Syndicate 2026',
    fund_code: 'WS-RS26',
    type: 'Racing',
    dates: { open: -20, start: -5, close: 45, end: 2 * 365 },
    min_inv_amount: 10_000,
    total_inv_amount: 1_200_000,
    fee: 3,
    summary: 'Four two-year-olds in training for the 2026 racing season.',
    investment: { name: 'Racing Syndicate 2026', inv_type: 'Racing partnership', inv_amount: 1_200_000 },
  },
  {
    intended: 'Closed',
    portal: 'wasabistallions',
    company: 'Wasabi Stallions LLC',
    slug: WASABI_CLOSED,
    name: 'Wasabi Stallion Fund IV',
    fund_code: 'WS-SF4',
    type: 'Stallion',
    // Raised before its ledger starts (seed/ledger.ts: funded 730 days ago, first call 640 days ago).
    dates: { open: -820, start: -800, close: -750, end: 700 },
    ledger: true,
    min_inv_amount: 25_000,
    max_inv_amount: 300_000,
    total_inv_amount: 3_500_000,
    fee: 2.5,
    returned: { total: 12.5, value: 118 },
    summary: 'Tempura Flash and Nori Belle: a stallion in his second season and a graded-stakes mare.',
    investment: { name: 'Tempura Flash Syndicate', inv_type: 'Stallion share', inv_amount: 3_500_000 },
  },
  {
    // Stored as Closed although its dates alone would still say Started: staff closed it early.
    intended: 'Closed',
    portal: 'wasabistallions',
    company: 'Wasabi Bloodstock Partners',
    fund_status: 'Closed',
    slug: 'wasabi-mare-fund-i',
    name: 'Wasabi Mare Fund I',
    fund_code: 'WS-MF1',
    type: 'Broodmare',
    dates: { open: -90, start: -60, close: 30, end: 3 * 365 },
    min_inv_amount: 20_000,
    max_inv_amount: 200_000,
    total_inv_amount: 1_500_000,
    fee: 2,
    returned: { total: 4, value: 102 },
    summary: 'Three young mares, fully subscribed ahead of schedule.',
    investment: { name: 'Mare Fund I Band', inv_type: 'Bloodstock', inv_amount: 1_500_000 },
  },
  {
    intended: 'Done',
    portal: 'wasabistallions',
    company: 'Wasabi Stallions LLC',
    slug: WASABI_DONE,
    name: 'Wasabi Stallion Fund III',
    fund_code: 'WS-SF3',
    type: 'Stallion',
    dates: { open: -1200, start: -1150, close: -1000, end: -30 },
    ledger: true,
    min_inv_amount: 25_000,
    max_inv_amount: 250_000,
    total_inv_amount: 2_500_000,
    fee: 2.5,
    returned: { total: 85, value: 60 },
    summary: 'Sashimi Sunset and two mares; the stallion was sold privately in 2024.',
    investment: { name: 'Sashimi Sunset Syndicate', inv_type: 'Stallion share', inv_amount: 2_500_000 },
  },
  {
    intended: 'Done',
    portal: 'wasabistallions',
    company: 'Wasabi Bloodstock Partners',
    fund_status: 'Done',
    slug: WASABI_PRE_2020,
    name: 'Pre-2020 Stallion Fund',
    fund_code: 'WS-PRE20',
    type: 'Stallion',
    dates: {
      open: '2016-01-15T00:00:00.000Z',
      start: '2016-03-01T00:00:00.000Z',
      close: '2016-06-30T00:00:00.000Z',
      end: '2019-12-31T00:00:00.000Z',
    },
    min_inv_amount: 10_000,
    max_inv_amount: 100_000,
    total_inv_amount: 1_000_000,
    fee: 2,
    returned: { total: 140, value: 35 },
    summary: 'The horses our investors owned before the portal existed, gathered in one legacy fund.',
    investment: { name: 'Pre-2020 Stallion Holdings', inv_type: 'Legacy', inv_amount: 1_000_000 },
  },
  {
    intended: 'Started',
    portal: 'oakharbor',
    company: 'Oak Harbor Capital Partners LP',
    slug: OAK_STARTED,
    name: 'Oak Harbor Income Fund I',
    fund_code: 'OH-IF1',
    type: 'Multifamily',
    dates: { open: -15, start: -7, close: 30, end: 7 * 365 },
    min_inv_amount: 50_000,
    max_inv_amount: 1_000_000,
    total_inv_amount: 12_000_000,
    fee: 1.5,
    summary: 'Stabilised apartment communities in Charleston and Savannah paying quarterly distributions.',
    investment: {
      name: 'Harbor Point Apartments',
      inv_type: 'Real estate LP',
      inv_amount: 12_000_000,
      website: 'https://oakharborcapital.com/harbor-point',
    },
  },
  {
    intended: 'Done',
    portal: 'oakharbor',
    company: 'Harborview Real Estate Holdings',
    slug: OAK_DONE,
    name: 'Oak Harbor Growth Fund 2019',
    fund_code: 'OH-GF19',
    type: 'Industrial',
    dates: {
      open: '2019-02-01T00:00:00.000Z',
      start: '2019-03-01T00:00:00.000Z',
      close: '2019-06-30T00:00:00.000Z',
      end: -60,
    },
    min_inv_amount: 100_000,
    max_inv_amount: 2_000_000,
    total_inv_amount: 20_000_000,
    fee: 1.75,
    returned: { total: 62, value: 88 },
    summary: 'Value-add industrial buildings, all sold by the end of the fund.',
    investment: { name: 'Cedar Ridge Logistics Center', inv_type: 'Real estate LP', inv_amount: 20_000_000 },
  },
];

function dateOf(when: When, now: Date): string {
  return typeof when === 'string' ? when : new Date(now.getTime() + when * 86_400_000).toISOString();
}

function offeringOf(slug: string): OfferingSeed {
  const offering = OFFERINGS.find((candidate) => candidate.slug === slug);
  if (!offering) throw new Error(`Seed data names an unknown offering "${slug}"`);
  return offering;
}

/** The fund's status fields; throws if they do not give the status the offering is meant to have. */
function statusFields(offering: OfferingSeed, now: Date): FundDates {
  const { dates } = offering;
  const fields: FundDates = {
    fund_status: offering.fund_status,
    open_date: dateOf(dates.open, now),
    start_date: dateOf(dates.start, now),
    close_date: dateOf(dates.close, now),
    end_date: dateOf(dates.end, now),
  };
  // Statuses come from dates relative to `now`; fail loudly if an edit here stops a fund meaning what it says.
  const status = fundStatus(fields, now);
  if (status !== offering.intended) {
    throw new Error(`Seed fund "${offering.name}" is meant to be ${offering.intended} but its data make it ${status}`);
  }
  return fields;
}

function fundData(offering: OfferingSeed, now: Date): Fields {
  const { returned } = offering;
  return {
    name: offering.name,
    type: offering.type,
    fund_code: offering.fund_code,
    url_slug: offering.slug,
    description: `<p>${offering.summary}</p><p>Minimum commitment and fees are set out in the private placement memorandum.</p>`,
    funding_my_investment_description:
      `<p>Your subscription to <strong>${offering.name}</strong> is complete. Send your funds within ten business days ` +
      'by wire or check using the instructions below; we confirm receipt by email.</p>',
    wire_instructions: offering.portal === 'oakharbor' ? OAK_WIRE : WASABI_WIRE,
    check_instructions: offering.portal === 'oakharbor' ? OAK_CHECK : WASABI_CHECK,
    fee: offering.fee,
    ...statusFields(offering, now),
    min_inv_amount: offering.min_inv_amount,
    max_inv_amount: offering.max_inv_amount,
    total_inv_amount: offering.total_inv_amount,
    schedule_call_url: offering.schedule_call_url,
    company: companyRef(offering.company, offering.portal),
    ...(returned && {
      currentPercentageTotalReturned: returned.total,
      currentFundValuePercentage: returned.value,
      currentPercentagesUpdatedAt: dateOf(-7, now),
    }),
  };
}

/** The relations a syndication user needs to point at one offering. */
export function offeringRefs(slug: string): Fields {
  const offering = offeringOf(slug);
  return {
    fund: fundRef(slug),
    investment: investmentRef(slug),
    company: companyRef(offering.company, offering.portal),
  };
}

/**
 * When an investor who commits to this offering signed and, where no ledger is seeded for it, funded: the agreement
 * started two days after the fund opened and completed (countersigned) three days later, the money (the spec's funds
 * transfer) in two and two and a half days after that; never later than now. A fund seeded with a ledger gets its
 * funds-transfer dates from it (its funding and paid calls), so none here.
 */
export function commitmentDates(
  slug: string,
  now: Date,
): { signStart: string; signComplete: string; transfer: { start: string; complete: string } | null } {
  const offering = offeringOf(slug);
  const opened = new Date(dateOf(offering.dates.open, now)).getTime();
  // `days` after the opening; for a fund opened less than eight days ago, as many hours before now (in the same order).
  const day = (days: number) =>
    new Date(Math.min(opened + days * 86_400_000, now.getTime() - (8 - days) * 3_600_000)).toISOString();
  return {
    signStart: day(2),
    signComplete: day(5),
    transfer: offering.ledger ? null : { start: day(7), complete: day(7.5) },
  };
}

/** A fund's name, for records that keep it as text too. */
export function fundName(slug: string): string {
  return offeringOf(slug).name;
}

export function companies(): SeedRecord[] {
  return COMPANIES.map(({ portal, ...company }) =>
    record(COMPANY, ['name', 'portal'], { ...company, portal: portalRef(portal) }),
  );
}

export function funds(now: Date): SeedRecord[] {
  return OFFERINGS.map((offering) => record(FUND, ['url_slug'], fundData(offering, now)));
}

/**
 * One investment per fund. It carries its fund's url_slug: the site links a fund at /syndication/dashboard/{url_slug}
 * and the syndication API finds the investment by that same slug.
 */
export function investments(): SeedRecord[] {
  return OFFERINGS.map((offering) =>
    record(INVESTMENT, ['url_slug'], {
      ...offering.investment,
      url_slug: offering.slug,
      // What the investment is; the fund's description (above) says what the offering is, so the page repeats nothing.
      description: `<p>${offering.investment.name}: ${offering.investment.inv_type.toLowerCase()} interests offered through ${offering.name}, ${formatUsd(offering.investment.inv_amount)} in all.</p>`,
      company: companyRef(offering.company, offering.portal),
      fund: fundRef(offering.slug),
    }),
  );
}
