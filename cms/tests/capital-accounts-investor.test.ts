import { beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { call, openGuestSession } from './helpers/auth';
import { textOf } from './helpers/pdf-text';
import { createInvestor, createOffering, download, type Investor, type Offering } from './helpers/signing';
import { http, useStrapi, type TestApp, fixtureDocuments } from './helpers/strapi';
import { FUND, LEDGER_ENTRY, PORTAL, SYND_USER, USER } from '../src/utils/uids';

/**
 * The investor's side of the capital accounts (docs/capital-accounts.md): the ledger call as the issue writes it, the
 * transactions page a page at a time with its running balance and CSV, and statements (their limit, their public
 * check per portal, and guest sessions).
 */
let app: TestApp;
let home: Offering;
let away: Offering;
let ann: Investor;
let far: Investor;
const DAY = 86_400_000;
let entryCount = 0;

/** One ledger entry of the investor's position, written as the ledger service would. */
async function entry(who: Investor, fundDocumentId: string, data: Record<string, unknown>) {
  const fund = await app.strapi.db.query(FUND).findOne({ where: { documentId: fundDocumentId }, select: ['id'] });
  entryCount += 1;
  return app.strapi.db.query(LEDGER_ENTRY).create({
    data: { syndUser: who.syndUserId, fund: fund.id, entryKey: `investor-test-${entryCount}`, ...data },
  }) as Promise<{ id: number; documentId: string }>;
}

const dayAfter = (start: string, days: number) => new Date(Date.parse(start) + days * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  app = await useStrapi();
  home = await createOffering(app, 'ledger-home');
  away = await createOffering(app, 'ledger-away');
  ann = await createInvestor(app, home, 'ledger-ann', { spouse: false });
  far = await createInvestor(app, away, 'ledger-far', { spouse: false });
  await app.strapi.db.query(SYND_USER).update({
    where: { id: ann.syndUserId },
    data: { userFirstName: 'Ann', userLastName: 'Investor', sa_complete_date: new Date() },
  });
  await app.strapi.db.query(USER).update({ where: { id: ann.id }, data: { firstName: 'Ann', lastName: 'Investor' } });
});

describe('GET /api/ledger_entries?mine=true&limit=999', () => {
  it('answers each entry with its fund and syndication user, without a populate', async () => {
    await entry(ann, home.fund, {
      type: 'contribution',
      amount_cents: 2_500_000,
      effective_date: '2024-02-01',
      note: 'Funding received',
    });
    const answer = await call(app, 'GET', '/api/ledger_entries?mine=true&limit=999', undefined, {
      authCode: ann.authCode,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.items).toEqual([
      {
        id: expect.any(Number),
        documentId: expect.any(String),
        createdAt: expect.any(String),
        type: 'contribution',
        kind: null,
        amount_cents: 2_500_000,
        effective_date: '2024-02-01',
        note: 'Funding received',
        fund: { id: expect.any(Number), documentId: home.fund, name: 'ledger-home Fund I' },
        syndUser: { id: ann.syndUserId, documentId: ann.syndUser, name: 'Ann Investor' },
      },
    ]);
    // A populate answers the relation's fuller fields besides.
    const populated = await call(app, 'GET', '/api/ledger_entries?mine=true&populate=fund', undefined, {
      authCode: ann.authCode,
    });
    expect(populated.body.items[0].fund).toMatchObject({
      documentId: home.fund,
      name: 'ledger-home Fund I',
      url_slug: null,
    });
    expect(populated.body.items[0].syndUser).toEqual({
      id: ann.syndUserId,
      documentId: ann.syndUser,
      name: 'Ann Investor',
    });
    // The summary names each row's fund, so the site links that fund's transactions.
    const summary = await call(app, 'GET', '/api/syndication/summary', undefined, { authCode: ann.authCode });
    expect(summary.body.rows).toEqual([
      expect.objectContaining({ fund_name: 'ledger-home Fund I', fund_document_id: home.fund, has_ledger: true }),
    ]);
  });
});

describe('the transactions page', () => {
  it('pages the whole ledger newest first past 999 entries, with the capital in after each entry on every page', async () => {
    const who = await createInvestor(app, home, 'ledger-many', { spouse: false });
    const second = (
      await fixtureDocuments(app, 'api::fund.fund').create({
        data: { name: 'ledger-home Fund II', company: home.company } as never,
      })
    ).documentId;
    const other = await fixtureDocuments(app, 'api::synd-user.synd-user').create({
      data: {
        user: (await app.strapi.db.query(USER).findOne({ where: { id: who.id } })).documentId,
        fund: second,
        company: home.company,
        invest_amount: 10_000,
      } as never,
    });
    // 1,010 contributions of $1 a day from 2023-01-01, then a $200 distribution, and one in another fund.
    // One transaction: SQLite writes them at once rather than syncing each. Its synchronous queries never let the
    // event loop reach its timers, so it is let through now and then: else the server's idle connections time out
    // only when the next request is sent on one of them (ECONNRESET).
    await app.strapi.db.transaction(async () => {
      for (let day = 0; day < 1_010; day += 1) {
        await entry(who, home.fund, {
          type: 'contribution',
          amount_cents: 100,
          effective_date: dayAfter('2023-01-01', day),
        });
        if (day % 100 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      }
    });
    const newest = dayAfter('2023-01-01', 1_010);
    await entry(who, home.fund, {
      type: 'distribution',
      kind: 'income',
      amount_cents: 20_000,
      effective_date: newest,
      note: '=HYPERLINK("http://x")',
    });
    await entry({ ...who, syndUserId: other.id as number }, second, {
      type: 'fee',
      amount_cents: 5_000,
      effective_date: '2023-06-01',
    });
    const page = (query: string) =>
      call(app, 'GET', `/api/profile/transactions?${query}`, undefined, { authCode: who.authCode });

    const first = await page('pageSize=3');
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ page: 1, pageSize: 3, pageCount: 338, total: 1_012 });
    expect(
      first.body.results.map((row: Record<string, unknown>) => [
        row.effective_date,
        row.description,
        row.amount_cents,
        row.balance_cents,
      ]),
    ).toEqual([
      // $1,010 + $50 of fees in, $200 out: the newest entry is the first row, never dropped.
      [newest, 'Distribution (Income)', 20_000, 101_000 + 5_000 - 20_000],
      [dayAfter('2023-01-01', 1_009), 'Contribution', 100, 106_000],
      [dayAfter('2023-01-01', 1_008), 'Contribution', 100, 105_900],
    ]);
    expect(first.body.funds.map((fund: { name: string }) => fund.name)).toEqual([
      'ledger-home Fund I',
      'ledger-home Fund II',
    ]);
    expect(first.body.years).toEqual(['2025', '2024', '2023']);
    // The last page holds the oldest entries, with their balances right.
    const last = await page('pageSize=3&page=338');
    expect(last.body.results.map((row: Record<string, unknown>) => [row.effective_date, row.balance_cents])).toEqual([
      ['2023-01-01', 100],
    ]);
    const before = await page('pageSize=3&page=337');
    expect(before.body.results.map((row: Record<string, unknown>) => [row.effective_date, row.balance_cents])).toEqual([
      ['2023-01-04', 400],
      ['2023-01-03', 300],
      ['2023-01-02', 200],
    ]);

    // Filters go to the server; the balance is over the fund chosen, whatever the type or year.
    const filtered = await page(`fund=${home.fund}&year=2023&type=contribution&pageSize=2`);
    expect(filtered.body.pagination.total).toBe(365);
    expect(
      filtered.body.results.map((row: Record<string, unknown>) => [row.effective_date, row.balance_cents]),
    ).toEqual([
      ['2023-12-31', 36_500],
      ['2023-12-30', 36_400],
    ]);
    const fees = await page(`fund=${second}`);
    expect(fees.body.results.map((row: Record<string, unknown>) => [row.description, row.balance_cents])).toEqual([
      ['Fee', 5_000],
    ]);

    // The CSV holds exactly the rows the filter shows, formulas made inert.
    const csv = await download(
      `${app.url}/api/profile/transactions.csv?fund=${home.fund}&type=distribution`,
      who.authCode,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain('transactions.csv');
    expect(csv.bytes.toString('utf8').split('\r\n')).toEqual([
      'Date,Fund,Transaction,Amount,Net invested,Note',
      `${newest},ledger-home Fund I,Distribution (Income),200.00,810.00,"'=HYPERLINK(""http://x"")"`,
      '',
    ]);
    const everything = (await download(`${app.url}/api/profile/transactions.csv`, who.authCode)).bytes
      .toString('utf8')
      .trim()
      .split('\r\n');
    expect(everything).toHaveLength(1 + 1_012);
    expect(everything.at(-1)).toBe('2023-01-01,ledger-home Fund I,Contribution,1.00,1.00,');
  });

  it('cuts the CSV download when a batch fails after the header went out, so the browser sees a failed download, not a short file', async () => {
    // A database that goes away between two batches cannot be caused on demand: the test swaps the CSV for one whose
    // first batch fails, the real header first.
    const service = app.strapi.service('api::statement.transactions') as unknown as {
      csv(...args: unknown[]): Promise<AsyncGenerator<string>>;
    };
    const real = service.csv;
    service.csv = async (...args) => {
      const rows = await real.apply(service, args);
      return (async function* failing() {
        yield (await rows.next()).value as string;
        await rows.return(undefined);
        throw new Error('The database went away');
      })();
    };
    try {
      const response = await fetch(`${app.url}/api/profile/transactions.csv`, { headers: { authcode: ann.authCode } });
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow();
    } finally {
      service.csv = real;
    }
    expect((await download(`${app.url}/api/profile/transactions.csv`, ann.authCode)).status).toBe(200);
  });

  it('shows nobody else’s entries and says what is wrong with a bad filter', async () => {
    await entry(far, away.fund, {
      type: 'contribution',
      amount_cents: 700_000,
      effective_date: '2025-01-01',
      note: 'far-note',
    });
    const mine = await call(app, 'GET', '/api/profile/transactions', undefined, { authCode: ann.authCode });
    expect(JSON.stringify(mine.body)).not.toContain('far-note');
    expect(
      (await call(app, 'GET', `/api/profile/transactions?fund=${away.fund}`, undefined, { authCode: ann.authCode }))
        .body.error.message,
    ).toBe('Fund not found');
    expect(
      (await call(app, 'GET', '/api/profile/transactions?type=gift', undefined, { authCode: ann.authCode })).body.error
        .message,
    ).toBe('type must be one of contribution, distribution, fee, adjustment');
    expect(
      (await call(app, 'GET', '/api/profile/transactions?limit=999', undefined, { authCode: ann.authCode })).body.error
        .message,
    ).toBe('limit is not a parameter here (use fund, type, year, page, pageSize)');
    expect(
      (await call(app, 'GET', '/api/profile/transactions?pageSize=1000', undefined, { authCode: ann.authCode })).body
        .error.message,
    ).toBe('pageSize must be a whole number from 1 to 200');
    expect(
      (await call(app, 'GET', '/api/profile/transactions.csv?year=25', undefined, { authCode: ann.authCode })).body
        .error.message,
    ).toBe('year must be a year such as 2025');
    expect((await call(app, 'GET', '/api/profile/transactions')).status).toBe(401);
  });
});

describe('capital account statements', () => {
  const period = () => ({ syndUserId: ann.syndUser, from: '2024-01-01', to: '2024-12-31' });

  it('is checked only on the page of the portal that issued it', async () => {
    const issued = await call(app, 'POST', '/api/profile/statements/download', period(), { authCode: ann.authCode });
    expect(issued.status).toBe(200);
    const sha256 = createHash('sha256')
      .update((await download(issued.body.url, ann.authCode)).bytes)
      .digest('hex');
    const own = await http(app, 'GET', `/api/statements/verify/${sha256}?portal=ledger-home`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ valid: true, portal: 'Portal ledger-home', investorInitials: 'A. I.' });
    const other = await http(app, 'GET', `/api/statements/verify/${sha256}?portal=ledger-away`);
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe('Unknown: this portal issued no statement with this fingerprint');
  });

  it('prints the address of its own portal to check it, whichever site asked for it, as sealed agreements do', async () => {
    const printed = async () => {
      const issued = await call(app, 'POST', '/api/profile/statements/download', period(), {
        authCode: ann.authCode,
        headers: { origin: 'http://127.0.0.1:4173' },
      });
      expect(issued.status).toBe(200);
      return (await textOf((await download(issued.body.url, ann.authCode)).bytes)).replace(/\s+/g, ' ');
    };
    // No domain: SITE_URL, with the portal named (it is not the default one).
    expect(await printed()).toContain(
      'Check this statement at http://localhost:5173/statements/verify?portal=ledger-home.',
    );
    await app.strapi.db
      .query(PORTAL)
      .update({ where: { id: home.portal.id }, data: { domains: ['invest.ledger-home.example'] } });
    try {
      expect(await printed()).toContain('Check this statement at http://invest.ledger-home.example/statements/verify.');
    } finally {
      await app.strapi.db.query(PORTAL).update({ where: { id: home.portal.id }, data: { domains: [] } });
    }
  });

  it('is refused to a guest session: issuing seals a new document in the investor’s name', async () => {
    const guest = await openGuestSession(app, ann.id);
    const answer = await call(app, 'POST', '/api/profile/statements/download', period(), { authCode: guest });
    expect(answer.status).toBe(403);
    expect(answer.body.error.message).toBe('A guest session is read-only');
    // Reading the ledger stays open to it.
    expect((await call(app, 'GET', '/api/profile/transactions', undefined, { authCode: guest })).status).toBe(200);
  });

  it('limits how many statements one address issues', async () => {
    const limits = app.strapi.config.get('portal.rateLimit') as Record<string, number>;
    app.strapi.config.set('portal.rateLimit', { ...limits, ipMax: 2 });
    try {
      const ip = '10.251.0.1';
      for (let attempt = 0; attempt < 2; attempt += 1) {
        expect(
          (
            await call(
              app,
              'POST',
              '/api/profile/statements/download',
              { ...period(), from: 'soon' },
              { authCode: ann.authCode, ip },
            )
          ).status,
        ).toBe(400);
      }
      const over = await call(app, 'POST', '/api/profile/statements/download', period(), {
        authCode: ann.authCode,
        ip,
      });
      expect(over.status).toBe(429);
      expect(over.body.error.message).toBe('Too many attempts. Please try again in 15 minutes.');
    } finally {
      app.strapi.config.set('portal.rateLimit', limits);
    }
  });
});
