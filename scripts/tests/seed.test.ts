import {
  fundStatus,
  isDeclined,
  isGoingToInvest,
  isInvesting,
  isSpouseInvestmentRequired,
  signingStep,
  type FundStatus,
} from '@portal/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  SIGNING,
  SYND_AGREEMENT,
  SYND_USER,
  TEAM_MEMBER,
  UPLOAD_FILE,
  USER,
} from '../src/lib/uids';
import fs from 'node:fs';
import path from 'node:path';
import { WASABI_CLOSED, WASABI_DONE, WASABI_STARTED } from '../src/seed/data/offerings';
import { seed, type SeedReport } from '../src/seed/index';
import { SEED_IMAGES_DIR } from '../src/seed/media';
import { openStrapi, runCli, useThrowAwayDatabase, type OpenStrapi } from './helpers';

const { uploadsDir } = useThrowAwayDatabase();
const PASSWORD = 'TestSeed2026!';
const now = new Date();
let app: OpenStrapi;
let first: SeedReport;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Strapi's query results are untyped here (the scripts compile without the CMS's generated types).
type Row = Record<string, any>;

const documents = (uid: Parameters<OpenStrapi['strapi']['documents']>[0]) => app.strapi.documents(uid);
const inPortal = (slug: string) => ({ portal: { slug: { $eq: slug } } });
const countOf = (report: SeedReport, uid: string) => report.counts.find((count) => count.uid === uid);

beforeAll(async () => {
  app = await openStrapi();
  first = await seed(app.strapi, { password: PASSWORD, now });
});
afterAll(() => app?.close());

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

  it('gives the demo investors real agreements: a sealed, complete one and one waiting for the spouse', async () => {
    const signersOf = async (email: string) =>
      app.strapi.db.query(SIGNING).findMany({
        where: { syndUser: { user: { email }, fund: { url_slug: WASABI_STARTED } } },
        orderBy: { id: 'asc' },
      }) as Promise<Row[]>;
    const complete = await signersOf('investor.investing@wasabistallions.com');
    expect(complete.map((row) => [row.role, Boolean(row.signedAt)])).toEqual([
      ['investor', true],
      ['management', true],
    ]);
    for (const row of complete) expect(row.documentSha256).toMatch(/^[0-9a-f]{64}$/);
    const agreement: Row | null = await app.strapi.db.query(SYND_AGREEMENT).findOne({
      where: {
        syndUser: { user: { email: 'investor.investing@wasabistallions.com' }, fund: { url_slug: WASABI_STARTED } },
      },
    });
    expect(agreement).toMatchObject({
      originalName: expect.stringMatching(/\.pdf$/),
      bucketId: 'local',
      docPath: expect.stringMatching(/^agreements\//),
    });
    const pdf = fs.readFileSync(path.join(process.env.PRIVATE_FILES_DIR as string, agreement!.docPath));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/ByteRange\s*\[/);

    const spouse = await signersOf('investor.spouse@wasabistallions.com');
    expect(spouse.map((row) => [row.role, Boolean(row.signedAt)])).toEqual([
      ['investor', true],
      ['spouse', false],
    ]);
    expect(new Date(spouse[1].expiresAt).getTime()).toBeGreaterThan(Date.now());
    // No mail goes out for demo data: the report gives the spouse's link instead.
    expect(first.signingLinks).toEqual([
      {
        name: 'Stan Spouse',
        email: 'stan.spouse@example.com',
        path: expect.stringMatching(/^\/sign\/[A-Za-z0-9_-]{20,}$/),
      },
    ]);
    const signed = await signersOf('investor.signed@wasabistallions.com');
    expect(signed.map((row) => [row.role, Boolean(row.signedAt)])).toEqual([['investor', true]]);

    // Every complete demo investment, on every portal, has its sealed agreement to download.
    const completeRows: Row[] = await app.strapi.db
      .query(SYND_USER)
      .findMany({ where: { sa_complete_date: { $notNull: true } }, populate: { user: true } });
    expect(completeRows.length).toBeGreaterThanOrEqual(4);
    for (const row of completeRows) {
      const stored: Row | null = await app.strapi.db
        .query(SYND_AGREEMENT)
        .findOne({ where: { syndUser: { id: row.id } } });
      expect(stored, `${row.user?.email} #${row.id}`).toMatchObject({
        docPath: expect.stringMatching(/^agreements\//),
      });
      expect(
        fs.readFileSync(path.join(process.env.PRIVATE_FILES_DIR as string, stored!.docPath)).toString('latin1'),
      ).toMatch(/\/ByteRange\s*\[/);
    }
  });

  it('tells one story per ledger fund: raised, agreements countersigned, funded, then called and paid out, shared by two partners', async () => {
    const day = (value: unknown) => new Date(value as string).toISOString().slice(0, 10);
    for (const slug of [WASABI_DONE, WASABI_CLOSED]) {
      const fund: Row = await app.strapi.db.query(FUND).findOne({ where: { url_slug: slug } });
      const commitments: Row[] = await app.strapi.db
        .query(SYND_USER)
        .findMany({ where: { fund: { id: fund.id } }, populate: { user: true }, orderBy: { id: 'asc' } });
      expect(commitments.map((row) => row.user.email).sort(), slug).toEqual([
        'investor.investing@wasabistallions.com',
        'investor.partner@wasabistallions.com',
      ]);
      const entries: Row[] = await app.strapi.db
        .query('api::ledger-entry.ledger-entry')
        .findMany({ where: { fund: { id: fund.id } }, orderBy: [{ effective_date: 'asc' }, { id: 'asc' }] });
      const events: Row[] = await app.strapi.db
        .query('api::fund-event.fund-event')
        .findMany({ where: { fund: { id: fund.id } }, orderBy: { date: 'asc' } });
      const funded = day(entries[0].effective_date);
      const firstCall = events.find((event) => event.type === 'capital_call')!.date;
      // The fund opened and closed before its first call; the money came in at the start of the ledger.
      expect(
        day(fund.open_date) < day(fund.close_date) && day(fund.close_date) <= funded && funded < firstCall,
        slug,
      ).toBe(true);
      for (const row of commitments) {
        // Countersigned while the fund was open, before any money; its first money is the ledger's first day.
        expect(
          day(row.sa_complete_date) >= day(fund.open_date) && day(row.sa_complete_date) <= day(fund.close_date),
          `${slug} ${row.user.email}`,
        ).toBe(true);
        expect(day(row.ft_start_date)).toBe(funded);
        expect(day(row.ft_complete_date) > funded && day(row.ft_complete_date) < day(now)).toBe(true);
      }
      // Every distribution is shared between the two partners, in proportion to what each funded.
      const distributions = entries.filter((entry) => entry.type === 'distribution');
      expect(new Set(distributions.map((entry) => day(entry.effective_date))).size * 2).toBe(distributions.length);
    }
  });

  it('creates confirmed, active site accounts on their portals whose password verifies, and the unconfirmed one', async () => {
    const users: Row[] = await documents(USER).findMany({ populate: { portal: true, role: true }, limit: 1000 });
    const byEmail = new Map(users.map((user) => [user.email, user]));
    for (const [email, level] of [
      ['superadmin@wasabistallions.com', 'superadmin'],
      ['admin@wasabistallions.com', 'admin'],
      ['user@wasabistallions.com', 'user'],
      ['guest@wasabistallions.com', 'guest'],
    ]) {
      expect(byEmail.get(email), email).toMatchObject({
        level,
        confirmed: true,
        isActive: true,
        portal: { slug: 'wasabistallions' },
        role: { type: 'authenticated' },
      });
    }
    expect(byEmail.get('unconfirmed@wasabistallions.com')).toMatchObject({ confirmed: false, isActive: false });
    expect(byEmail.get('investor@oakharbor.com')?.portal?.slug).toBe('oakharbor');
    expect(byEmail.get('user@oakharbor.com')?.portal?.slug).toBe('oakharbor');
    expect(users.every((user) => user.firstName && user.lastName)).toBe(true);

    const service = app.strapi.plugin('users-permissions').service('user');
    for (const user of users) {
      const { password } = await app.strapi.db.query(USER).findOne({ where: { id: user.id }, select: ['password'] });
      expect(password, user.email).not.toBe(PASSWORD);
      expect(await service.validatePassword(PASSWORD, password), user.email).toBe(true);
      expect(await service.validatePassword('wrong-password', password), user.email).toBe(false);
    }
    expect(first.accounts.filter((account) => account.kind === 'site')).toHaveLength(users.length);
  });

  it('creates a super admin, an editor and a sponsor admin who can sign in to the admin panel', async () => {
    // The panel's own sign-in check: the user exists, the password matches its hash, the user is active.
    const auth = app.strapi.service('admin::auth') as unknown as {
      checkCredentials(credentials: {
        email: string;
        password: string;
      }): Promise<[unknown, Row | false, { message: string }?]>;
    };
    for (const [email, code] of [
      ['admin@portal.local', 'strapi-super-admin'],
      ['editor@portal.local', 'strapi-editor'],
      ['sponsor@portal.local', 'sponsor-admin'],
    ]) {
      const [, user, problem] = await auth.checkCredentials({ email, password: PASSWORD });
      expect(problem, email).toBeUndefined();
      expect(user, email).toMatchObject({ email, isActive: true });
      const admin = await app.strapi.db.query(ADMIN_USER).findOne({ where: { email }, populate: ['roles'] });
      expect(
        admin.roles.map((role: Row) => role.code),
        email,
      ).toEqual([code]);
      expect(admin.password, email).not.toBe(PASSWORD);
    }
    expect(
      first.accounts.filter((account) => account.kind === 'admin' && account.passwordWorks && account.created),
    ).toHaveLength(3);
  });

  it('refuses a password the admin panel would not accept, before writing anything', async () => {
    await expect(seed(app.strapi, { password: 'short', now })).rejects.toThrow(/8\+ characters/);
  });
});

/** The media library's files, as the upload plugin stores them. */
const libraryFiles = (): Promise<Row[]> => app.strapi.db.query(UPLOAD_FILE).findMany({ orderBy: { id: 'asc' } });

describe('pictures', () => {
  it('uploads each seed picture once to the media library, where the local provider stores it', async () => {
    const files = await libraryFiles();
    const shipped = fs.readdirSync(SEED_IMAGES_DIR).filter((file) => file.endsWith('.jpg'));
    expect(files.map((file) => file.name).sort()).toEqual(shipped.sort());
    for (const file of files) {
      expect(file).toMatchObject({
        mime: 'image/jpeg',
        provider: 'local',
        url: expect.stringMatching(/^\/uploads\/[\w-]+\.jpg$/),
      });
      // A JPEG (the plugin may re-encode it smaller) in the upload folder the CMS serves /uploads from.
      const stored = fs.readFileSync(path.join(uploadsDir, path.basename(file.url)));
      expect(stored.subarray(0, 2).toString('hex'), file.name).toBe('ffd8');
      expect(file.width).toBeGreaterThan(0);
    }
  });

  it('points portfolio, team and education records at the uploaded files', async () => {
    const urls = new Set((await libraryFiles()).map((file) => file.url));
    for (const uid of [ASSETS_ITEM, TEAM_MEMBER, BLOG_ITEM]) {
      const rows: Row[] = await documents(uid).findMany({ limit: 1000 });
      const pictured = rows.filter((row) => row.imageUrl);
      expect(pictured.length, uid).toBeGreaterThan(rows.length / 2);
      for (const row of pictured) expect(urls, `${uid} ${row.name ?? row.title}`).toContain(row.imageUrl);
      // Some records have no picture on purpose: the site shows its placeholder for them.
      expect(
        rows.some((row) => !row.imageUrl),
        uid,
      ).toBe(true);
    }
    const harborPoint: Row | null = await documents(ASSETS_ITEM).findFirst({
      filters: { name: { $eq: 'Harbor Point Apartments' } },
    });
    const apartments = (await libraryFiles()).find((file) => file.name === 'oak-apartments.jpg');
    expect(harborPoint?.imageUrl).toBe(apartments?.url);
  });
});

describe('running it again', () => {
  it('creates nothing, skips everything, and keeps what staff changed in between', async () => {
    const portal = await documents(PORTAL).findFirst({ filters: { slug: { $eq: 'oakharbor' } } });
    await documents(PORTAL).update({
      documentId: portal!.documentId,
      data: { name: 'Oak Harbor (edited)', primaryColor: '#000000' },
    });
    const footer = await documents(CONTENT).findFirst({
      filters: { slug: { $eq: 'footer-terms' }, ...inPortal('wasabistallions') },
    });
    await documents(CONTENT).update({ documentId: footer!.documentId, data: { body: '<p>Edited by staff</p>' } });

    const filesBefore = await libraryFiles();
    const storedBefore = fs.readdirSync(uploadsDir).sort();

    const second = await seed(app.strapi, { password: PASSWORD, now: new Date() });
    expect(second.counts.map(({ uid, created, skipped }) => ({ uid, created, skipped }))).toEqual(
      first.counts.map(({ uid, created }) => ({ uid, created: 0, skipped: created })),
    );
    expect(second.accounts.every((account) => !account.created && account.passwordWorks)).toBe(true);
    expect(await documents(PORTAL).findOne({ documentId: portal!.documentId })).toMatchObject({
      name: 'Oak Harbor (edited)',
      primaryColor: '#000000',
    });
    expect((await documents(CONTENT).findOne({ documentId: footer!.documentId }))?.body).toBe('<p>Edited by staff</p>');
    expect(await documents(PORTAL).count({})).toBe(2);
    expect(await libraryFiles()).toEqual(filesBefore);
    expect(fs.readdirSync(uploadsDir).sort()).toEqual(storedBefore);
  });

  it('gives a record it creates again the picture already in the media library, without a second copy', async () => {
    const asset = await documents(ASSETS_ITEM).findFirst({ filters: { name: { $eq: 'Bayside Medical Offices' } } });
    await documents(ASSETS_ITEM).delete({ documentId: asset!.documentId });
    const filesBefore = await libraryFiles();

    const third = await seed(app.strapi, { password: PASSWORD, now: new Date() });
    expect(countOf(third, ASSETS_ITEM)).toMatchObject({ created: 1 });
    expect(await libraryFiles()).toEqual(filesBefore);
    const again: Row | null = await documents(ASSETS_ITEM).findFirst({
      filters: { name: { $eq: 'Bayside Medical Offices' } },
    });
    expect(again?.imageUrl).toBe(filesBefore.find((file) => file.name === 'oak-offices.jpg')?.url);
  });

  it('does the same as the real `npm run seed` command, which prints the counts and the demo accounts', async () => {
    await app.close();
    const { status, stdout, stderr } = await runCli(['src/seed.ts'], { SEED_PASSWORD: PASSWORD });
    expect(status, stderr).toBe(0);
    const total = first.counts.reduce((sum, count) => sum + count.created, 0);
    expect(stdout).toMatch(new RegExp(`Total\\s+0\\s+${total}\\n`));
    expect(stdout).toMatch(/Portal\s+0\s+2\n/);
    expect(stdout).toMatch(/investor\.spouse@wasabistallions\.com\s+user\s+wasabistallions, password TestSeed2026!/);
    expect(stdout).toMatch(/editor@portal\.local\s+strapi-editor\s+password TestSeed2026!/);
  });
});
