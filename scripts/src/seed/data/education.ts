import { BLOG_ITEM } from '../../lib/uids';
import { record, type SeedRecord } from '../engine';
import { seedImage } from '../media';
import { portalRef } from '../refs';

/** One education item; published unless `draft`, shown in the portfolio teaser when `portfolio`. */
interface EducationSeed {
  type: 'video' | 'post' | 'link';
  title: string;
  summary: string;
  /** An 11-character YouTube id (videos). */
  videoId?: string;
  /** The outside page (links). */
  href?: string;
  /** Links without a body open `href` directly; with one they get their own page. */
  noBody?: boolean;
  draft?: boolean;
  portfolio?: boolean;
  noImage?: boolean;
}

const video = (title: string, videoId: string, summary: string, flags: Partial<EducationSeed> = {}): EducationSeed => ({
  type: 'video',
  title,
  videoId,
  summary,
  ...flags,
});
const paper = (title: string, summary: string, flags: Partial<EducationSeed> = {}): EducationSeed => ({
  type: 'post',
  title,
  summary,
  ...flags,
});
const link = (title: string, href: string, summary: string, flags: Partial<EducationSeed> = {}): EducationSeed => ({
  type: 'link',
  title,
  href,
  summary,
  ...flags,
});

/**
 * The demo video both portals open with: a real public video that fits an investor portal, "How The Economic Machine
 * Works" by Ray Dalio (Bridgewater's founder, 2013): a 30-minute animated primer on credit, debt cycles and rates.
 */
const ECONOMIC_MACHINE = video(
  'How the Economic Machine Works',
  'PHe0bXAIuk0',
  "Ray Dalio's thirty-minute animated primer on credit, debt cycles and interest rates: the economy every fund lives in.",
  { portfolio: true },
);

const WASABI: EducationSeed[] = [
  ECONOMIC_MACHINE,
  video('A Day at the Breeding Shed', 'aqz-KE-bpKQ', 'Follow our farm manager through a February covering day.', {
    portfolio: true,
  }),
  video('Reading a Sales Catalogue Page', 'jNQXAC9IVRw', 'Black type, dosage and what the catalogue leaves out.'),
  video(
    'Yearling Prep: Ninety Days to the Sale',
    'M7lc1UVf-VE',
    'Conditioning, farriery and vetting before Keeneland September.',
    { portfolio: true },
  ),
  video('Meet the Mares of Broodmare Fund II', 'kJQP7kiw5Fk', 'The six mares in our open fund and their matings.'),
  video('Stud Fee Economics', '9bZkp7q19f0', "Why a stallion's fee moves with his first crop's results."),
  video('Investor Q&A: Spring 2026', 'L_jWHffIx5E', 'Recorded answers to the questions sent in by investors.'),
  video('From Foal to First Start', 'fJ9rUzIMcZQ', 'Two years in the life of a racehorse, in twelve minutes.'),
  video('Insurance for Bloodstock', 'hTWKbfoikeg', 'Mortality, fertility and transit cover: what each protects.'),
  video('Pinhooking Explained', 'YQHsXMglC9A', 'Buying weanlings to resell as yearlings, with real numbers.'),
  video(
    'Behind the Scenes: Stallion Fund V Tour (rough cut)',
    'CevxZvSJLk8',
    'Unedited footage from the fund V stallion barn.',
    { draft: true, portfolio: true },
  ),
  paper(
    'Thoroughbred Syndication: An Investor Primer',
    'The structure of a syndicate, how shares are priced and what can go wrong.',
    { portfolio: true },
  ),
  paper('Tax Treatment of Bloodstock Partnerships', 'Depreciation schedules, passive-activity rules and your K-1.', {
    portfolio: true,
  }),
  paper('Understanding Stud Fee Guarantees', "Live-foal guarantees and how they shape a season's income."),
  paper('Valuing a Stallion Prospect', 'Race record, pedigree and physique: how we weigh them.', { portfolio: true }),
  paper('The Keeneland September Sale in Numbers', 'Ten years of average prices by book, with commentary.'),
  paper('Mare Selection Criteria', 'Why we pay up for proven producers and when we do not.', { noImage: true }),
  paper('Exit Strategies for Syndicated Horses', 'Private sales, public auction and standing abroad compared.'),
  paper('Glossary of Bloodstock Terms', 'From "black type" to "weanling": the words used in our reports.', {
    noImage: true,
  }),
  paper('How We Report Fund Values', 'The method behind the current-value column of your dashboard.'),
  paper('Risk Factors in Equine Investing', 'Injury, infertility and market cycles, and how we mitigate each.'),
  paper('Draft: 2027 Yearling Fund Thesis', 'Working notes on the next fund; not ready for investors.', {
    draft: true,
  }),
  link(
    'Jockey Club Fact Book',
    'https://www.jockeyclub.com/Default.asp?section=Resources&area=11',
    'Industry statistics from The Jockey Club.',
    { noBody: true },
  ),
  link('Equibase Race Results', 'https://www.equibase.com/', 'Official race results and past performances.', {
    portfolio: true,
  }),
  link('Keeneland Sales Results', 'https://www.keeneland.com/sales', 'Live and past results of the Keeneland sales.', {
    noBody: true,
  }),
];

const OAK: EducationSeed[] = [
  video('What Is a Real Estate Syndication?', 'OPf0YbXqDm0', 'General partners, limited partners and the waterfall.', {
    portfolio: true,
  }),
  video('Cap Rates in Plain English', 'RgKAFK5djSk', 'How capitalisation rates turn rent into value.'),
  video('Touring Harbor Point Apartments', 'JGwWNGJdvx8', 'A walk through our renovated units and amenities.', {
    portfolio: true,
  }),
  video('Debt Structures: Fixed vs Floating', 'e-ORhEE9VVg', 'How we finance acquisitions and hedge rate risk.'),
  video('Quarterly Webinar: Q1 2026', '60ItHLz5WEA', 'Occupancy, rent growth and distributions across the portfolio.'),
  video('Industrial Property 101', 'lp-EO5I60KA', 'Why last-mile logistics buildings are in demand.'),
  video('Reading a Rent Roll', 'pRpeEdMmmQ0', 'The one spreadsheet that tells you most about a building.'),
  video('Depreciation and Cost Segregation', 'bx1Bh8ZvH84', 'How investors defer tax on real estate income.'),
  video('Meet the Oak Harbor Team', 'ScMzIvxBSi4', 'The people who find, finance and run our properties.'),
  ECONOMIC_MACHINE,
  video('Unreleased: Fund II Preview', 'aqz-KE-bpKQ', 'Internal preview of the next fund.', { draft: true }),
  paper('The Oak Harbor Underwriting Standard', 'The assumptions every acquisition must clear before we bid.', {
    portfolio: true,
  }),
  paper('Preferred Returns and Waterfalls', 'How cash flows from the property to limited partners first.'),
  paper('Understanding Your K-1', 'A line-by-line guide to the partnership tax form.'),
  paper('Multifamily Market Outlook 2026', 'Supply, demand and rent forecasts for our six markets.'),
  paper('Value-Add Renovations: What Pays Back', 'Which upgrades earned their cost in our last fund.', {
    noImage: true,
  }),
  paper('Accredited Investor Rules', 'Who qualifies under Regulation D and how to prove it.'),
  paper('How Distributions Are Calculated', 'From net operating income to the amount in your account.'),
  paper('Interest Rate Sensitivity', 'What higher rates mean for values and refinancing.'),
  paper('Glossary of Real Estate Terms', 'NOI, DSCR, IRR and the rest, defined.', { noImage: true }),
  paper('Case Study: Cedar Ridge Logistics', 'From acquisition to stabilisation in eighteen months.'),
  paper('Draft: ESG Policy', 'Working draft of our environmental policy.', { draft: true }),
  link(
    'SEC: Accredited Investors',
    'https://www.sec.gov/resources-small-businesses/capital-raising-building-blocks/accredited-investors',
    "The regulator's own explanation.",
    { noBody: true },
  ),
  link('NMHC Research', 'https://www.nmhc.org/research-insight/', 'Apartment industry research we rely on.'),
  link(
    'FRED Mortgage Rates',
    'https://fred.stlouisfed.org/series/MORTGAGE30US',
    'Thirty-year mortgage rates over time.',
    { noBody: true },
  ),
];

const SIGN_OFF: Record<string, string> = {
  wasabistallions: 'Questions about this topic? Ask the Wasabi Stallions syndication desk.',
  oakharbor: 'Oak Harbor investor relations is happy to walk you through it.',
};

/** Each portal's pictures for its education cards, by type (scripts/src/seed/images). */
const PICTURES: Record<string, Record<EducationSeed['type'], string>> = {
  wasabistallions: { video: 'wasabi-video.jpg', post: 'wasabi-paper.jpg', link: 'wasabi-link.jpg' },
  oakharbor: { video: 'oak-video.jpg', post: 'oak-paper.jpg', link: 'oak-link.jpg' },
};

const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function itemsOf(portal: string, items: EducationSeed[]): SeedRecord[] {
  return items.map((item, index) => {
    const slug = slugOf(item.title);
    const hasBody = !(item.type === 'link' && item.noBody);
    const url = item.type === 'video' ? `https://www.youtube.com/watch?v=${item.videoId}` : item.href;
    return record(BLOG_ITEM, ['slug', 'portal'], {
      title: item.title,
      slug,
      type: item.type,
      // Lists sort by -sortOrder, so the first item of each table comes first.
      sortOrder: (items.length - index) * 10,
      url,
      listLinkHref: item.type === 'link' ? item.href : undefined,
      body: hasBody ? `<p>${item.summary}</p><p>${SIGN_OFF[portal]}</p>` : undefined,
      // The seed's own pictures rather than YouTube's thumbnails, so the cards show pictures offline too.
      imageUrl: item.noImage ? '' : seedImage(PICTURES[portal][item.type]),
      isPublished: !item.draft,
      displayOnPortfolio: !!item.portfolio,
      portal: portalRef(portal),
    });
  });
}

export const EDUCATION: SeedRecord[] = [...itemsOf('wasabistallions', WASABI), ...itemsOf('oakharbor', OAK)];
