import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USER, FUND, SIGNING, SYND_AGREEMENT, SYND_USER, USER } from '../src/lib/uids';
import fs from 'node:fs';
import path from 'node:path';
import { WASABI_CLOSED, WASABI_DONE, WASABI_STARTED } from '../src/seed/data/offerings';
import { seed, type SeedReport } from '../src/seed/index';
import { documents, now, openSeeded, PASSWORD, type Row, useSeededDatabase } from './seed-world';
import type { OpenStrapi } from './helpers';

/**
 * What the demo seed's first run makes for people (src/seed): real agreements, one sealed and complete and one
 * waiting for the spouse, one story per ledger fund, confirmed site accounts, and admin panel staff who can sign in;
 * and a password the panel would refuse is refused before anything is written.
 */
useSeededDatabase();
let app: OpenStrapi;
let first: SeedReport;

beforeAll(async () => ({ app, first } = await openSeeded()));

describe('a first run on an empty database', () => {
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
