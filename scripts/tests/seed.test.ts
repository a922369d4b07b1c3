import {
  fundStatus,
  isDeclined,
  isGoingToInvest,
  isInvesting,
  isSpouseInvestmentRequired,
  signingStep,
  type FundStatus,
} from '@portal/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_USER,
  ASSETS_ITEM,
  BLOG_ITEM,
  COMPANY,
  CONTENT,
  FUND,
  INVESTMENT,
  NOTIFICATION,
  NOTIFICATION_TEMPLATE,
  PORTAL,
  SETTING,
  SYND_USER,
  TEAM_MEMBER,
  USER,
} from '../src/lib/uids';
import type { SeedReport } from '../src/seed/index';
import { countOf, documents, inPortal, now, openSeeded, type Row, useSeededDatabase } from './seed-world';

/**
 * The demo seed on an empty database (src/seed): every kind of record, both portals with their texts, education,
 * funds in every status and portfolios, the notification templates and settings, and each demo investor in the state
 * intended. Its agreements, ledger stories and accounts: seed-accounts.test.ts; pictures and a second run:
 * seed-again.test.ts.
 */
useSeededDatabase();
let first: SeedReport;

beforeAll(async () => ({ first } = await openSeeded()));

describe('a first run on an empty database', () => {
  it('creates every kind of record and skips none', () => {
    for (const uid of [
      PORTAL,
      SETTING,
      NOTIFICATION_TEMPLATE,
      CONTENT,
      TEAM_MEMBER,
      BLOG_ITEM,
      COMPANY,
      FUND,
      INVESTMENT,
      ASSETS_ITEM,
      USER,
      SYND_USER,
      NOTIFICATION,
      ADMIN_USER,
    ]) {
      expect(countOf(first, uid)?.created, uid).toBeGreaterThan(0);
      expect(countOf(first, uid)?.skipped, uid).toBe(0);
    }
  });

  it('creates both portals, wasabistallions as the only default', async () => {
    const portals: Row[] = await documents(PORTAL).findMany({ sort: 'slug' });
    expect(portals.map((portal) => portal.slug)).toEqual(['oakharbor', 'wasabistallions']);
    const [oak, wasabi] = portals;
    expect(wasabi).toMatchObject({
      name: 'Wasabi Stallions',
      pageTitle: 'Wasabi Stallions',
      isDefault: true,
      portalColor: '#225',
      primaryColor: '#1976D2',
      secondaryColor: '#5BACA2',
      educationLabel: 'Education',
      domains: ['wasabistallions.com', 'www.wasabistallions.com', 'wasabistallions.localhost'],
    });
    for (const field of ['facebookUrl', 'youtubeUrl', 'twitterUrl', 'instagramUrl'])
      expect(wasabi[field], field).toMatch(/^https:\/\//);
    expect(oak).toMatchObject({
      name: 'Oak Harbor Capital',
      isDefault: false,
      portalColor: '#0B3D2E',
      primaryColor: '#2E7D32',
      secondaryColor: '#C9A227',
      educationLabel: 'Insights',
    });
    expect(oak.facebookUrl && oak.youtubeUrl).toBeTruthy();
    expect(oak.twitterUrl ?? null).toBeNull();
    expect(oak.instagramUrl ?? null).toBeNull();
  });

  it('gives each portal its own page texts, the welcome texts and its own e-sign disclosure only to wasabistallions, and 3-5 team members', async () => {
    const common = [
      'footer-terms',
      'privacy-policy',
      'terms-of-use',
      'investment-calculations-disclaimer',
      'homepage-hero',
      'homepage-intro',
      'homepage-how-it-works',
      'homepage-cta',
      'dashboard-extra',
    ];
    const wasabi: Row[] = await documents(CONTENT).findMany({ filters: inPortal('wasabistallions') });
    const oak: Row[] = await documents(CONTENT).findMany({ filters: inPortal('oakharbor') });
    expect(wasabi.map((content) => content.slug).sort()).toEqual(
      [...common, 'welcome-hero', 'welcome-intro', 'esign-disclosure'].sort(),
    );
    expect(oak.map((content) => content.slug).sort()).toEqual([...common].sort());
    for (const content of [...wasabi, ...oak]) expect(content.body, content.slug).toMatch(/^<(p|h2|ol|ul)>/);
    const footer = (contents: Row[]) => contents.find((content) => content.slug === 'footer-terms')?.body;
    expect(footer(wasabi)).not.toEqual(footer(oak));
    expect(wasabi.find((content) => content.slug === 'dashboard-extra')?.title).toBeTruthy();

    for (const portal of ['wasabistallions', 'oakharbor']) {
      const team: Row[] = await documents(TEAM_MEMBER).findMany({ filters: inPortal(portal) });
      expect(team.length).toBeGreaterThanOrEqual(3);
      expect(team.length).toBeLessThanOrEqual(5);
      for (const member of team)
        expect(member).toMatchObject({
          name: expect.any(String),
          position: expect.any(String),
          bio: expect.stringMatching(/^<p>/),
        });
    }
  });

  it('gives each portal enough education items to page, with drafts, links and a portfolio teaser', async () => {
    for (const portal of ['wasabistallions', 'oakharbor']) {
      const items: Row[] = await documents(BLOG_ITEM).findMany({ filters: inPortal(portal), limit: 1000 });
      const ofType = (type: string) => items.filter((item) => item.type === type);
      expect(ofType('video').length, portal).toBeGreaterThanOrEqual(10);
      expect(ofType('post').length, portal).toBeGreaterThanOrEqual(10);
      for (const video of ofType('video'))
        expect(video.url).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
      const links = ofType('link');
      expect(links.some((link) => link.body)).toBe(true);
      expect(links.some((link) => !link.body && link.url)).toBe(true);
      expect(items.filter((item) => !item.isPublished).length).toBeGreaterThanOrEqual(2);
      expect(new Set(items.map((item) => item.slug)).size).toBe(items.length);
      expect(items.every((item) => Number.isInteger(item.sortOrder) && item.sortOrder > 0)).toBe(true);
    }
    const teaser: Row[] = await documents(BLOG_ITEM).findMany({
      filters: { ...inPortal('wasabistallions'), isPublished: { $eq: true }, displayOnPortfolio: { $eq: true } },
    });
    expect(teaser.length).toBeGreaterThanOrEqual(6);
  });

  it('has wasabistallions funds in every status, each with its investment', async () => {
    const funds: Row[] = await documents(FUND).findMany({
      filters: { company: inPortal('wasabistallions') },
      populate: { company: true },
    });
    const statuses = funds.map((fund) => fundStatus(fund, now)).sort();
    expect(statuses).toEqual(
      (['Closed', 'Closed', 'Done', 'Done', 'New', 'Open', 'Started', 'Started'] as FundStatus[]).sort(),
    );
    expect(funds.filter((fund) => fund.fund_status === 'Closed')).toHaveLength(1);
    expect(fundStatus(funds.find((fund) => fund.name === 'Pre-2020 Stallion Fund')!, now)).toBe('Done');
    expect(funds.filter((fund) => fund.max_inv_amount === null)).toHaveLength(1);
    expect(funds.filter((fund) => fund.schedule_call_url)).toHaveLength(1);
    for (const fund of funds) {
      expect(fund, fund.name).toMatchObject({
        url_slug: expect.any(String),
        description: expect.stringMatching(/^<p>/),
        funding_my_investment_description: expect.stringMatching(/^<p>/),
      });
      expect(
        Number(fund.min_inv_amount) > 0 && Number(fund.total_inv_amount) > 0 && Number(fund.fee) > 0,
        fund.name,
      ).toBe(true);
      expect(fund.wire_instructions && fund.check_instructions, fund.name).toBeTruthy();
      if (['Closed', 'Done'].includes(fundStatus(fund, now)))
        expect(Number(fund.currentPercentageTotalReturned), fund.name).toBeGreaterThan(0);
      const investments: Row[] = await documents(INVESTMENT).findMany({
        filters: { fund: { documentId: { $eq: fund.documentId } } },
        populate: { company: true },
      });
      expect(investments, fund.name).toHaveLength(1);
      expect(investments[0]).toMatchObject({ url_slug: expect.any(String), company: { name: fund.company.name } });
      expect(Number(investments[0].inv_amount)).toBeGreaterThan(0);
    }

    const oakFunds: Row[] = await documents(FUND).findMany({ filters: { company: inPortal('oakharbor') } });
    expect(oakFunds.map((fund) => fundStatus(fund, now)).sort()).toEqual(['Done', 'Started']);
    expect(await documents(COMPANY).count({ filters: inPortal('oakharbor') })).toBe(2);
  });

  it('fills the wasabistallions portfolio, unnamed legacy assets included, and the oakharbor one', async () => {
    const assets: Row[] = await documents(ASSETS_ITEM).findMany({
      filters: inPortal('wasabistallions'),
      populate: { fund: true },
      limit: 1000,
    });
    expect(new Set(assets.map((asset) => asset.fund?.name)).size).toBeGreaterThanOrEqual(3);
    const legacy = assets.filter((asset) => asset.fundAsString === 'Pre-2020 Stallion Fund');
    expect(legacy.filter((asset) => !asset.name).length).toBeGreaterThanOrEqual(1);
    expect(legacy.every((asset) => asset.fund?.name === 'Pre-2020 Stallion Fund')).toBe(true);
    expect(new Set(assets.map((asset) => asset.assetType))).toEqual(new Set(['Stallion', 'Mare', 'Yearling']));
    const exited = assets.filter((asset) => asset.isExitedAsset);
    expect(exited.length).toBeGreaterThanOrEqual(2);
    expect(exited.every((asset) => asset.soldInfoNote)).toBe(true);
    expect(assets.some((asset) => !asset.imageUrl)).toBe(true);
    expect(assets.every((asset) => /^https:\/\//.test(asset.url) && asset.fundAsString === asset.fund?.name)).toBe(
      true,
    );

    const oak: Row[] = await documents(ASSETS_ITEM).findMany({ filters: inPortal('oakharbor') });
    expect(oak.length).toBeGreaterThanOrEqual(4);
    expect(oak.length).toBeLessThanOrEqual(6);
    for (const asset of oak)
      expect(asset).toMatchObject({
        name: expect.any(String),
        imageUrl: expect.stringMatching(/^\/uploads\//),
        url: expect.stringMatching(/^https:/),
        description: expect.stringMatching(/^<p>/),
      });
  });

  it('creates the notification templates, the app settings and a few notifications', async () => {
    const templates: Row[] = await documents(NOTIFICATION_TEMPLATE).findMany({});
    expect(templates.map((template) => template.name)).toEqual(
      expect.arrayContaining([
        'review_syndication',
        'review_syndication_document',
        'review_news_document',
        'proof_document_uploaded',
        'accreditation_status_updated',
        'new_offering',
      ]),
    );
    for (const template of templates) expect(template.subject).toMatch(/%\w+%/);

    const settings: Row[] = await documents(SETTING).findMany({ sort: 'name' });
    expect(settings.map(({ name, levelToRead }) => ({ name, levelToRead }))).toEqual([
      { name: 'registrationDisabled', levelToRead: 'guest' },
      { name: 'signInWithGoogleDisabled', levelToRead: 'guest' },
    ]);
    // Strapi stores a JSON value that is not an object as it is, so SQLite hands `false` back as 0 (PostgreSQL as false).
    for (const setting of settings) expect([false, 0]).toContain(setting.value);

    for (const email of ['user@wasabistallions.com', 'investor.going@wasabistallions.com']) {
      const notes: Row[] = await documents(NOTIFICATION).findMany({
        filters: { user: { email: { $eq: email } } },
        populate: { template: true },
      });
      expect(notes.length, email).toBeGreaterThanOrEqual(1);
      for (const note of notes) expect(note.template?.name && note.tags && typeof note.tags === 'object').toBeTruthy();
    }
  });

  it('puts each demo investor in the intended state, as @portal/rules read the stored rows', async () => {
    const rows: Row[] = await documents(SYND_USER).findMany({
      populate: { user: true, investment: true, fund: true },
      limit: 1000,
    });
    const ofUser = (email: string) => rows.filter((row) => row.user?.email === email);
    const onStarted = (email: string) => {
      const started = ofUser(email).filter((row) => fundStatus(row.fund, now) === 'Started');
      expect(started, email).toHaveLength(1);
      return started[0];
    };

    expect(ofUser('investor.new@wasabistallions.com')).toEqual([]);
    const declined = onStarted('investor.declined@wasabistallions.com');
    expect(isDeclined(declined) && !!declined.feedback).toBe(true);
    const going = onStarted('investor.going@wasabistallions.com');
    expect([isGoingToInvest(going), signingStep(going)]).toEqual([true, 1]);
    const signed = onStarted('investor.signed@wasabistallions.com');
    expect([isGoingToInvest(signed), isSpouseInvestmentRequired(signed), signingStep(signed)]).toEqual([
      true,
      false,
      3,
    ]);
    const spouse = onStarted('investor.spouse@wasabistallions.com');
    expect([isGoingToInvest(spouse), isSpouseInvestmentRequired(spouse), signingStep(spouse)]).toEqual([true, true, 2]);
    expect(spouse).toMatchObject({
      method_of_inv: 'CASH',
      is_married: true,
      cosub_first_name: expect.any(String),
      cosub_last_name: expect.any(String),
      cosub_email: expect.stringContaining('@'),
    });
    const investing = ofUser('investor.investing@wasabistallions.com');
    expect(investing.every((row) => isInvesting(row) && signingStep(row) === 4)).toBe(true);
    expect(investing.map((row) => fundStatus(row.fund, now)).sort()).toEqual(['Closed', 'Done', 'Started']);
    for (const row of rows) expect(row.userLastName, row.user?.email).toBe(row.user?.lastName);
  });
});
