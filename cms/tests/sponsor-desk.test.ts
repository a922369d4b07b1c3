import { beforeAll, describe, expect, it, vi } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { xirr } from '@portal/rules';
import { PDFDocument } from 'pdf-lib';
import { adminToken, call, mailsTo, signedInUser, waitForMail } from './helpers/auth';
import { verifySealedPdf } from './helpers/pdf-seal';
import { download } from './helpers/signing';
import { createPortal, type TestPortal } from './helpers/records';
import { http, useStrapi, type TestApp, fixtureDocuments } from './helpers/strapi';
import { upkeep } from '../src/api/upkeep/services/upkeep';
import {
  CALL_ITEM,
  FILE_DOWNLOAD,
  FUND,
  FUND_EVENT,
  LEDGER_ENTRY,
  NEWS_DOCUMENT,
  NOTIFICATION,
  SYND_USER,
  USER,
  VALUATION,
} from '../src/utils/uids';

/**
 * The money after the raise (docs/capital-accounts.md): staff draft a capital call or distribution and see its allocation,
 * an admin posts it once, funding and valuations are recorded, and each investor reads only their own ledger and
 * figures through the site's calls.
 */
let app: TestApp;
let home: TestPortal;
let editorToken: string;
let superToken: string;
const DAY = 86_400_000;

const panel = (token: string, method: string, route: string, body?: unknown) =>
  http(app, method, route, body, { Authorization: `Bearer ${token}` });
const editor = (method: string, route: string, body?: unknown) => panel(editorToken, method, route, body);
const admin = (method: string, route: string, body?: unknown) => panel(superToken, method, route, body);

interface Investor {
  id: number;
  email: string;
  authCode: string;
  syndUser: { id: number; documentId: string };
}

/** A fund of `portal` with investors who committed these amounts (dollars) and whose agreements are complete; its wire instructions name the fund's account (`wiring(slug)`). */
async function fundWith(
  portal: TestPortal,
  slug: string,
  amounts: number[],
): Promise<{ fund: { id: number; documentId: string }; investors: Investor[] }> {
  const company = await fixtureDocuments(app, 'api::company.company').create({
    data: { name: `${slug} co`, portal: portal.documentId } as never,
  });
  const fund = await fixtureDocuments(app, 'api::fund.fund').create({
    data: {
      name: `${slug} fund`,
      url_slug: slug,
      company: company.documentId,
      min_inv_amount: 1_000,
      total_inv_amount: 10_000_000,
      open_date: new Date(Date.now() - 10 * DAY),
      start_date: new Date(Date.now() - 5 * DAY),
      close_date: new Date(Date.now() + 20 * DAY),
      end_date: new Date(Date.now() + 400 * DAY),
      currentPercentageTotalReturned: 10,
      currentFundValuePercentage: 100,
      wire_instructions: `<p>Bank: First Test Bank &amp; Trust, ABA 021000021</p><p>Account: ${slug} Fund LLC, 000123456789</p>`,
    } as never,
  });
  const investment = await fixtureDocuments(app, 'api::investment.investment').create({
    data: { name: `${slug} deal`, url_slug: slug, fund: fund.documentId, company: company.documentId } as never,
  });
  const investors: Investor[] = [];
  for (const [index, amount] of amounts.entries()) {
    const user = await signedInUser(app, `${slug}-${index}`, 'user', portal);
    await app.strapi.db
      .query(USER)
      .update({ where: { id: user.id }, data: { accreditation: 1, firstName: `Investor${index}`, lastName: slug } });
    const committed = await call(
      app,
      'POST',
      '/api/syndication/set_investing',
      { id: investment.documentId, invest_amount: amount, method_of_inv: 'TRUST' },
      { authCode: user.authCode },
    );
    expect(committed.status).toBe(200);
    const syndUser = committed.body.syndUser as { id: number; documentId: string };
    await app.strapi.db.query(SYND_USER).update({ where: { id: syndUser.id }, data: { sa_complete_date: new Date() } });
    investors.push({
      id: user.id,
      email: user.email,
      authCode: user.authCode,
      syndUser: { id: syndUser.id, documentId: syndUser.documentId },
    });
  }
  return { fund: { id: fund.id as number, documentId: fund.documentId }, investors };
}

const entriesOf = async (syndUserId: number) =>
  (await app.strapi.db.query(LEDGER_ENTRY).findMany({
    where: { syndUser: { id: syndUserId } },
    select: ['type', 'kind', 'amount_cents', 'effective_date'],
  })) as { type: string; amount_cents: string | number; effective_date: string }[];
/** What posted capital calls ask of one investor (paid or not): the amounts in cents. */
const calledOf = async (syndUserId: number) =>
  (
    (await app.strapi.db
      .query(CALL_ITEM)
      .findMany({ where: { syndUser: { id: syndUserId } }, select: ['amount_cents'] })) as {
      amount_cents: string | number;
    }[]
  ).map((item) => Number(item.amount_cents));
/** The text of a PDF as poppler's pdftotext lays it out (its file in the system's temporary folder). */
function pdfText(pdf: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'statement-')), 'statement.pdf');
  fs.writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return text;
}
/** The investor's only notice among their News Documents: its title as listed, and the PDF with its lines as the investor reads them (each line's runs of spaces as one). */
async function onlyNotice(investor: Investor): Promise<{ displayTitle: string; pdf: PDFDocument; lines: string[] }> {
  const listed = await call(app, 'GET', '/api/news_documents?mine=true&limit=999', undefined, {
    authCode: investor.authCode,
  });
  expect(listed.body.items).toHaveLength(1);
  const [{ id, displayTitle }] = listed.body.items as { id: number; displayTitle: string }[];
  const link = await call(app, 'POST', '/api/profile/news_documents/download', { id }, { authCode: investor.authCode });
  const { bytes } = await download(link.body.url);
  const lines = pdfText(bytes)
    .split('\n')
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  return { displayTitle, pdf: await PDFDocument.load(bytes), lines };
}
/** A distribution of income drafted and posted on the desk by the super admin. */
async function distribute(fund: string, date: string, totalCents: number) {
  const draft = await admin('POST', '/sponsor-desk/fund-events', {
    fund,
    type: 'distribution',
    date,
    total_cents: totalCents,
    kind: 'income',
  });
  expect((await admin('POST', `/sponsor-desk/fund-events/${draft.body.documentId}/post`)).status).toBe(200);
}
/** An ISO date `days` from today (UTC). */
const daysFromToday = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  app = await useStrapi();
  home = await createPortal(app, 'desk-home');
  editorToken = await adminToken(app, 'desk-editor@portal.local', 'strapi-editor', ['Eddie', 'Editor'], [home]);
  superToken = await adminToken(app, 'desk-admin@portal.local', 'strapi-super-admin', ['Ada', 'Admin']);
});

describe('capital calls and distributions', () => {
  it('lets an editor draft a call and see its allocation to the cent, and only an admin post it, once', async () => {
    const { fund, investors } = await fundWith(home, 'desk-call', [10_000, 10_000, 10_000]);
    // A third of $10,000.01 each is not a whole number of cents: one investor takes the odd cent.
    const draft = await editor('POST', '/sponsor-desk/fund-events', {
      fund: fund.documentId,
      type: 'capital_call',
      date: '2026-01-10',
      due_date: '2026-01-31',
      total_cents: 1_000_001,
      basis: 'commitment',
    });
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({
      type: 'capital_call',
      state: 'draft',
      total_cents: 1_000_001,
      createdByName: 'Eddie Editor',
    });
    expect(draft.body.allocation.map((line: { amount_cents: number }) => line.amount_cents).sort()).toEqual(
      [333_333, 333_334, 333_334].sort(),
    );
    expect(draft.body.allocation.map((line: { investor: { email: string } }) => line.investor.email).sort()).toEqual(
      investors.map((each) => each.email).sort(),
    );
    expect(
      draft.body.allocation.map((line: { base_cents: number; share: number }) => [line.base_cents, line.share]),
    ).toEqual([
      [1_000_000, 0.333333],
      [1_000_000, 0.333333],
      [1_000_000, 0.333333],
    ]);
    expect(await entriesOf(investors[0].syndUser.id)).toEqual([]);

    const refused = await editor('POST', `/sponsor-desk/fund-events/${draft.body.documentId}/post`);
    expect(refused.status).toBe(403);
    expect(
      (
        await call(app, 'POST', `/sponsor-desk/fund-events/${draft.body.documentId}/post`, undefined, {
          authCode: investors[0].authCode,
        })
      ).status,
    ).toBe(401);
    expect((await http(app, 'POST', `/sponsor-desk/fund-events/${draft.body.documentId}/post`)).status).toBe(401);

    const posted = await admin('POST', `/sponsor-desk/fund-events/${draft.body.documentId}/post`);
    expect(posted.status).toBe(200);
    expect(posted.body).toMatchObject({ state: 'posted', postedByName: 'Ada Admin', total_cents: 1_000_001 });
    const again = await admin('POST', `/sponsor-desk/fund-events/${draft.body.documentId}/post`);
    expect(again.status).toBe(200);
    // Staff who may read see the posted event as written: each investor's amount and part of the total.
    const read = await editor('GET', `/sponsor-desk/fund-events/${draft.body.documentId}`);
    expect(read.body).toMatchObject({ state: 'posted', total_cents: 1_000_001 });
    expect(read.body.allocation.map((line: { share: number }) => line.share).sort()).toEqual([
      0.333333, 0.333334, 0.333334,
    ]);
    // Posting records what each investor owes; no money is in the ledger until it arrives.
    expect((await Promise.all(investors.map((each) => entriesOf(each.syndUser.id)))).flat()).toEqual([]);
    const owed = (await Promise.all(investors.map((each) => calledOf(each.syndUser.id)))).flat();
    expect(owed.sort()).toEqual([333_333, 333_334, 333_334].sort());
    expect(read.body.allocation.map((line: { paid_date: string | null }) => line.paid_date)).toEqual([
      null,
      null,
      null,
    ]);

    // Each investor hears of their share once (bell and mail), with the notice among their News Documents.
    for (const investor of investors) {
      const share = draft.body.allocation.find(
        (line: { investor: { email: string } }) => line.investor.email === investor.email,
      ).amount_cents as number;
      const amount = `$${(share / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
      const subject = `Capital call for desk-call fund: ${amount} due 2026-01-31`;
      // The notices go after the answer.
      await waitForMail(investor.email, subject);
      await expect
        .poll(
          async () =>
            (await app.strapi.db.query(FUND_EVENT).findOne({ where: { documentId: draft.body.documentId } }))
              .noticesDoneAt,
          { timeout: 15_000 },
        )
        .toBeTruthy();
      expect(
        mailsTo(investor.email)
          .filter((mail) => mail.text.includes('Capital call for'))
          .map((mail) => /^Subject: (.*)$/m.exec(mail.text)?.[1]),
      ).toEqual([subject]);
      const bell = await call(
        app,
        'GET',
        '/api/notifications?mine=true&populate=template&sort=-createdAt&limit=10',
        undefined,
        { authCode: investor.authCode },
      );
      expect(bell.body.items.map((item: { subject: string }) => item.subject)).toContain(subject);
      const notice = await onlyNotice(investor);
      expect(notice.displayTitle).toBe('Capital call notice, 2026-01-10');
      expect(notice.pdf.getTitle()).toBe('Capital call notice - desk-call fund - 2026-01-10');
      // The notice asks for their share to the cent, by the due date, and says where to wire it (the fund's
      // instructions, paragraph by paragraph, as text).
      const called = ({ 333_333: '$3,333.33', 333_334: '$3,333.34' } as Record<number, string>)[share];
      expect(notice.lines).toEqual(
        expect.arrayContaining([
          'CAPITAL CALL NOTICE',
          'Commitment $10,000',
          `Amount called ${called}`,
          'Due date 2026-01-31',
          'Wire instructions',
          'Bank: First Test Bank & Trust, ABA 021000021',
          'Account: desk-call Fund LLC, 000123456789',
        ]),
      );
    }
  });

  it('delivers a notice whose mail failed from the upkeep, once: one PDF, one bell and one mail per investor', async () => {
    const { fund, investors } = await fundWith(home, 'desk-resume', [10_000, 20_000, 30_000]);
    const [, unlucky] = investors;
    const draft = await admin('POST', '/sponsor-desk/fund-events', {
      fund: fund.documentId,
      type: 'capital_call',
      date: '2026-03-01',
      due_date: '2026-03-15',
      percent: 10,
    });
    // The mail server refuses the unlucky investor's mail while the call is posted.
    const mailer = app.strapi.plugin('email').service('email') as { send(options: { to: string }): Promise<unknown> };
    const original = mailer.send.bind(mailer);
    const refusing = vi
      .spyOn(mailer, 'send')
      .mockImplementation((options) =>
        options.to === unlucky.email ? Promise.reject(new Error('The mail server is away')) : original(options),
      );
    const desk = app.strapi.service('api::fund-event.fund-event') as unknown as {
      post(id: string, by: string): Promise<{ notices: Promise<number> }>;
    };
    const delivered = await (
      await desk.post(draft.body.documentId, 'Test')
    ).notices.finally(() => refusing.mockRestore());
    expect(delivered).toBe(2);
    const noticesOf = (email: string) =>
      mailsTo(email).filter((mail) => mail.text.includes('Capital call for desk-resume fund')).length;
    expect(investors.map((investor) => noticesOf(investor.email))).toEqual([1, 0, 1]);
    const event = await app.strapi.db.query(FUND_EVENT).findOne({ where: { documentId: draft.body.documentId } });
    // Not done: the unlucky investor's notice is owed.
    expect(event.noticesDoneAt).toBeNull();
    // An hour later the upkeep tries it again: the mail goes, the PDF and the bell made the first time stand.
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    await app.strapi.db.query(FUND_EVENT).update({ where: { id: event.id }, data: { posted_at: hourAgo } });
    await app.strapi.db.query(CALL_ITEM).updateMany({
      where: { fundEvent: { id: event.id }, noticeSentAt: { $null: true } },
      data: { noticeClaimedAt: hourAgo },
    });
    expect((await upkeep(app.strapi).run()).noticesResumed).toBe(1);
    expect(investors.map((investor) => noticesOf(investor.email))).toEqual([1, 1, 1]);
    for (const investor of investors) {
      const bell = await call(app, 'GET', '/api/notifications?mine=true&limit=10', undefined, {
        authCode: investor.authCode,
      });
      expect(
        bell.body.items.filter((item: { subject: string }) =>
          item.subject.startsWith('Capital call for desk-resume fund'),
        ),
      ).toHaveLength(1);
      const listed = await call(app, 'GET', '/api/news_documents?mine=true&limit=999', undefined, {
        authCode: investor.authCode,
      });
      expect(listed.body.items.map((item: { displayTitle: string }) => item.displayTitle)).toEqual([
        'Capital call notice, 2026-03-01',
      ]);
    }
    expect((await app.strapi.db.query(FUND_EVENT).findOne({ where: { id: event.id } })).noticesDoneAt).toBeTruthy();
    expect((await upkeep(app.strapi).run()).noticesResumed).toBe(0);
  });

  it('resumes the notices of an instance that stopped after claiming them, without sending one twice', async () => {
    const { fund, investors } = await fundWith(home, 'desk-stopped', [10_000, 20_000]);
    const draft = await admin('POST', '/sponsor-desk/fund-events', {
      fund: fund.documentId,
      type: 'capital_call',
      date: '2026-03-01',
      due_date: '2026-03-15',
      percent: 10,
    });
    const desk = app.strapi.service('api::fund-event.fund-event') as unknown as {
      post(id: string, by: string): Promise<{ notices: Promise<number> }>;
    };
    await (
      await desk.post(draft.body.documentId, 'Test')
    ).notices;
    const event = await app.strapi.db.query(FUND_EVENT).findOne({ where: { documentId: draft.body.documentId } });
    // As if the instance had stopped between claiming the second notice and finishing it (its bell and mail went).
    const [, second] = await app.strapi.db
      .query(CALL_ITEM)
      .findMany({ where: { fundEvent: { id: event.id } }, orderBy: { id: 'asc' } });
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    await app.strapi.db
      .query(CALL_ITEM)
      .update({ where: { id: second.id }, data: { noticeSentAt: null, noticeClaimedAt: hourAgo } });
    await app.strapi.db
      .query(FUND_EVENT)
      .update({ where: { id: event.id }, data: { noticesDoneAt: null, posted_at: hourAgo } });
    expect((await upkeep(app.strapi).run()).noticesResumed).toBe(1);
    const noticesOf = (email: string) =>
      mailsTo(email).filter((mail) => mail.text.includes('Capital call for desk-stopped fund')).length;
    expect(investors.map((investor) => noticesOf(investor.email))).toEqual([1, 1]);
    expect((await app.strapi.db.query(FUND_EVENT).findOne({ where: { id: event.id } })).noticesDoneAt).toBeTruthy();
  });

  it('writes one set of entries when the same event is posted five times at once', async () => {
    const { fund, investors } = await fundWith(home, 'desk-race', [25_000, 75_000]);
    const draft = await admin('POST', '/sponsor-desk/fund-events', {
      fund: fund.documentId,
      type: 'capital_call',
      date: '2026-02-01',
      due_date: '2026-02-15',
      percent: 50,
    });
    expect(
      draft.body.allocation
        .map((line: { amount_cents: number }) => line.amount_cents)
        .sort((a: number, b: number) => a - b),
    ).toEqual([1_250_000, 3_750_000]);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => admin('POST', `/sponsor-desk/fund-events/${draft.body.documentId}/post`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const written = (await Promise.all(investors.map((each) => calledOf(each.syndUser.id)))).flat();
    expect(written.sort((a, b) => a - b)).toEqual([1_250_000, 3_750_000]);
  });

  it('writes one set of entries when the same distribution is posted five times at once, and one notice each', async () => {
    const { fund, investors } = await fundWith(home, 'desk-race-dist', [20_000, 30_000]);
    const draft = await admin('POST', '/sponsor-desk/fund-events', {
      fund: fund.documentId,
      type: 'distribution',
      date: '2026-03-31',
      total_cents: 500_001,
      basis: 'commitment',
      kind: 'income',
    });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => admin('POST', `/sponsor-desk/fund-events/${draft.body.documentId}/post`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const written = (await Promise.all(investors.map((each) => entriesOf(each.syndUser.id)))).flat();
    // Shared to the cent by commitment (2:3): $2,000.00 and $3,000.01 (the odd cent by the largest remainder).
    expect(
      written.map((entry) => [entry.type, Number(entry.amount_cents)]).sort((a, b) => Number(a[1]) - Number(b[1])),
    ).toEqual([
      ['distribution', 200_000],
      ['distribution', 300_001],
    ]);
    const notices = (email: string) =>
      mailsTo(email).filter((mail) => /^Subject: Distribution from desk-race-dist fund: /m.test(mail.raw)).length;
    for (const investor of investors) await expect.poll(() => notices(investor.email)).toBe(1);
    // However many posts raced, no investor is told twice.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(investors.map((investor) => notices(investor.email))).toEqual([1, 1]);
    // Each notice says what was paid and of which kind.
    for (const [investor, paid] of [
      [investors[0], '$2,000'],
      [investors[1], '$3,000.01'],
    ] as const) {
      const { lines } = await onlyNotice(investor);
      expect(lines).toEqual(
        expect.arrayContaining(['DISTRIBUTION NOTICE', `Amount distributed ${paid}`, `Of which Income: ${paid}`]),
      );
    }
  });

  it('writes every entry of a post or none: a write failing half-way leaves a draft with no entry, notice or bell, and a post then writes them once', async () => {
    const { fund, investors } = await fundWith(home, 'desk-atomic', [10_000, 20_000, 30_000]);
    const draft = await admin('POST', '/sponsor-desk/fund-events', {
      fund: fund.documentId,
      type: 'distribution',
      date: '2026-04-30',
      total_cents: 600_000,
      basis: 'commitment',
      kind: 'return_of_capital',
    });
    expect(draft.status).toBe(200);
    const event = await app.strapi.db.query(FUND_EVENT).findOne({ where: { documentId: draft.body.documentId } });
    // Posting writes a distribution's entries one investor at a time: the second write fails, after the first went.
    const ledger = app.strapi.db.query(LEDGER_ENTRY);
    const create = ledger.create;
    let writes = 0;
    const failing = vi.spyOn(ledger, 'create').mockImplementation(async function (this: typeof ledger, params) {
      writes += 1;
      if (writes === 2) throw new Error('The database went away');
      return create.call(this, params);
    });
    const failed = await admin('POST', `/sponsor-desk/fund-events/${draft.body.documentId}/post`).finally(() =>
      failing.mockRestore(),
    );
    expect(writes).toBe(2);
    expect([failed.status, failed.body.error.message]).toEqual([500, 'Internal Server Error']);
    // Nothing of it stands: the event is a draft, and nobody has an entry, a notice or a bell for it.
    expect(await app.strapi.db.query(FUND_EVENT).findOne({ where: { id: event.id } })).toMatchObject({
      state: 'draft',
      posted_at: null,
      postedByName: null,
    });
    const userIds = investors.map((investor) => investor.id);
    const written = async () => ({
      entries: await app.strapi.db
        .query(LEDGER_ENTRY)
        .count({ where: { $or: [{ fundEvent: { id: event.id } }, { fund: { id: fund.id } }] } }),
      notices: await app.strapi.db.query(NEWS_DOCUMENT).count({ where: { user: { id: { $in: userIds } } } }),
      bells: await app.strapi.db.query(NOTIFICATION).count({ where: { user: { id: { $in: userIds } } } }),
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await written()).toEqual({ entries: 0, notices: 0, bells: 0 });
    expect(investors.map((investor) => mailsTo(investor.email).length)).toEqual([0, 0, 0]);

    // Posted again with nothing failing: the whole set, once, and one notice each.
    const posted = await admin('POST', `/sponsor-desk/fund-events/${draft.body.documentId}/post`);
    expect([posted.status, posted.body.state]).toEqual([200, 'posted']);
    const amounts = await Promise.all(
      investors.map(async (investor) =>
        (await entriesOf(investor.syndUser.id)).map((entry) => [entry.type, Number(entry.amount_cents)]),
      ),
    );
    expect(amounts).toEqual([[['distribution', 100_000]], [['distribution', 200_000]], [['distribution', 300_000]]]);
    await expect
      .poll(async () => (await app.strapi.db.query(FUND_EVENT).findOne({ where: { id: event.id } })).noticesDoneAt, {
        timeout: 15_000,
      })
      .toBeTruthy();
    expect(await written()).toEqual({ entries: 3, notices: 3, bells: 3 });
    const { lines } = await onlyNotice(investors[0]);
    expect(lines).toEqual(expect.arrayContaining(['Amount distributed $1,000', 'Of which Return of capital: $1,000']));
  });

  it('shares a distribution by funded capital, and says what is wrong with a bad event without writing it', async () => {
    const { fund, investors } = await fundWith(home, 'desk-dist', [50_000, 50_000]);
    const bad = async (body: Record<string, unknown>, message: string, status = 400) => {
      const answer = await admin('POST', '/sponsor-desk/fund-events', body);
      expect(answer.status, message).toBe(status);
      expect(answer.body.error.message).toBe(message);
    };
    const base = {
      fund: fund.documentId,
      type: 'distribution',
      date: '2026-03-31',
      total_cents: 100_000,
      kind: 'income',
    };
    await bad({ ...base, type: 'dividend' }, "type must be 'capital_call' or 'distribution'");
    await bad({ ...base, date: '2026-02-30' }, 'date must be a date (YYYY-MM-DD)');
    await bad({ ...base, percent: 5 }, 'Give either total_cents or percent');
    await bad({ ...base, total_cents: -5 }, 'total_cents must be a whole number of cents above zero');
    await bad({ ...base, total_cents: 10.5 }, 'total_cents must be a whole number of cents above zero');
    await bad({ ...base, kind: 'windfall' }, 'kind must be one of return_of_capital, income, gain');
    await bad(
      { ...base, type: 'capital_call', kind: undefined },
      'due_date must be a date (YYYY-MM-DD) for a capital call',
    );
    await bad({ ...base, fund: 'no-such-fund' }, 'Fund not found', 404);
    // Nobody has funded yet: a distribution by funded capital has nobody to go to.
    await bad(base, 'Nobody has funded this fund yet: share by commitment instead');
    expect(await app.strapi.db.query(FUND_EVENT).count({ where: { fund: { id: fund.id } } })).toBe(0);

    // One investor funded $30,000, the other $10,000: $1,000.00 goes 3:1.
    for (const [index, cents] of [3_000_000, 1_000_000].entries()) {
      const funded = await admin('POST', '/sponsor-desk/funding', {
        syndUser: investors[index].syndUser.documentId,
        amount_cents: cents,
        date: '2026-01-20',
      });
      expect(funded.status).toBe(200);
    }
    const draft = await editor('POST', '/sponsor-desk/fund-events', base);
    expect(draft.status).toBe(200);
    const byEmail = Object.fromEntries(
      draft.body.allocation.map((line: { investor: { email: string }; amount_cents: number; base_cents: number }) => [
        line.investor.email,
        [line.base_cents, line.amount_cents],
      ]),
    );
    expect(byEmail).toEqual({ [investors[0].email]: [3_000_000, 75_000], [investors[1].email]: [1_000_000, 25_000] });
  });

  it('opens a draft the fund has moved past with its terms and why it cannot be posted, so staff change it', async () => {
    const { fund, investors } = await fundWith(home, 'desk-stale', [10_000]);
    const [ann] = investors;
    const draft = await editor('POST', '/sponsor-desk/fund-events', {
      fund: fund.documentId,
      type: 'capital_call',
      date: '2026-02-01',
      due_date: '2026-02-20',
      percent: 50,
    });
    expect(draft.status).toBe(200);
    // Ann's whole $10,000 arrives before the call is posted: its 50% ($5,000) is more than is left of her commitment.
    expect(
      (
        await admin('POST', '/sponsor-desk/funding', {
          syndUser: ann.syndUser.documentId,
          amount_cents: 1_000_000,
          date: '2026-01-25',
        })
      ).status,
    ).toBe(200);
    const problem =
      'This call asks Investor0 desk-stale for $5,000, more than is left of their commitment: $10,000 committed, $10,000 funded, $0 called and unpaid';
    const read = await editor('GET', `/sponsor-desk/fund-events/${draft.body.documentId}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      state: 'draft',
      type: 'capital_call',
      date: '2026-02-01',
      due_date: '2026-02-20',
      percent: 50,
      total_cents: null,
      allocation: [],
      problem,
    });
    expect(read.body.allocationHash).toBeUndefined();
    const page = await editor('GET', `/sponsor-desk/fund-events/${draft.body.documentId}/allocation`);
    expect(page.body).toMatchObject({ investors: 0, allocation: [], problem });
    // Posting it is refused with the same words, and writes nothing; new terms replace it.
    const posted = await admin('POST', `/sponsor-desk/fund-events/${draft.body.documentId}/post`);
    expect([posted.status, posted.body.error.message]).toEqual([400, problem]);
    expect(await calledOf(ann.syndUser.id)).toEqual([]);
    const replaced = await editor('PUT', `/sponsor-desk/fund-events/${draft.body.documentId}`, {
      fund: fund.documentId,
      type: 'distribution',
      date: '2026-03-31',
      total_cents: 50_000,
      kind: 'income',
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.allocation.map((line: { amount_cents: number }) => line.amount_cents)).toEqual([50_000]);
    expect(await app.strapi.db.query(FUND_EVENT).count({ where: { fund: { id: fund.id } } })).toBe(1);
  });
});

describe('funding and valuations', () => {
  it('records a funding once, sets the funds-transfer date, and refuses the same funding twice', async () => {
    const { investors } = await fundWith(home, 'desk-fund', [30_000]);
    const [investor] = investors;
    const body = { syndUser: investor.syndUser.documentId, amount_cents: 2_000_000, date: '2026-01-05' };
    expect((await editor('POST', '/sponsor-desk/funding', body)).status).toBe(403);
    const first = await admin('POST', '/sponsor-desk/funding', body);
    expect(first.status).toBe(200);
    const twice = await admin('POST', '/sponsor-desk/funding', body);
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toBe('This funding is recorded already (same commitment, date and amount)');
    // $20,000 of $30,000: the transfer started, not complete (docs/capital-accounts.md, Funding).
    const row = await app.strapi.db.query(SYND_USER).findOne({ where: { id: investor.syndUser.id } });
    expect(new Date(row.ft_start_date).toISOString().slice(0, 10)).toBe('2026-01-05');
    expect(row.ft_complete_date).toBeNull();
    expect(await entriesOf(investor.syndUser.id)).toHaveLength(1);
    expect((await admin('POST', '/sponsor-desk/funding', { ...body, amount_cents: 0 })).body.error.message).toBe(
      'amount_cents must be a whole number of cents above zero',
    );
    expect((await admin('POST', '/sponsor-desk/funding', { ...body, syndUser: 'nobody' })).body.error.message).toBe(
      'syndUser must be an id or documentId',
    );
    expect((await admin('POST', '/sponsor-desk/funding', { ...body, syndUser: 99_999_999_999 })).status).toBe(400);
    expect(
      (await admin('POST', '/sponsor-desk/funding', { ...body, syndUser: 'zzzzzzzzzzzzzzzzzzzzzzzz' })).status,
    ).toBe(404);
    // The admin page names the commitment by its fund and the investor's email (any case).
    const byEmail = await admin('POST', '/sponsor-desk/funding', {
      fund: 'desk-fund',
      investor_email: investor.email.toUpperCase(),
      amount_cents: 500_000,
      date: '2026-02-01',
    });
    expect(byEmail.body.syndUser).toEqual(investor.syndUser);
    expect(
      (
        await admin('POST', '/sponsor-desk/funding', {
          fund: 'desk-fund',
          investor_email: 'nobody@example.com',
          amount_cents: 500_000,
          date: '2026-02-01',
        })
      ).status,
    ).toBe(404);
  });

  it('shows the investor their own ledger, their IRR and equity multiple, and nobody else’s', async () => {
    const { fund, investors } = await fundWith(home, 'desk-returns', [100_000, 100_000]);
    const [ann, ben] = investors;
    // 730 and 365 days ago: XIRR counts years of 365 days, so these are two years and one exactly.
    const [twoYearsAgo, aYearAgo] = [daysFromToday(-730), daysFromToday(-365)];
    await admin('POST', '/sponsor-desk/funding', {
      syndUser: ann.syndUser.documentId,
      amount_cents: 10_000_000,
      date: twoYearsAgo,
    });
    await admin('POST', '/sponsor-desk/funding', {
      syndUser: ben.syndUser.documentId,
      amount_cents: 10_000_000,
      date: twoYearsAgo,
    });
    const distribution = await admin('POST', '/sponsor-desk/fund-events', {
      fund: fund.documentId,
      type: 'distribution',
      date: aYearAgo,
      total_cents: 2_000_000,
      kind: 'income',
    });
    await admin('POST', `/sponsor-desk/fund-events/${distribution.body.documentId}/post`);
    // The accountant gives the fund's total value after that distribution: $220,000 of the $200,000 contributed is 110%.
    const valued = await admin('POST', '/sponsor-desk/valuations', {
      fund: fund.documentId,
      date: aYearAgo,
      total_value_cents: 22_000_000,
    });
    expect(valued.status).toBe(200);
    expect(valued.body).toMatchObject({ value_percent: 110, total_value_cents: 22_000_000 });
    expect((await app.strapi.db.query(FUND).findOne({ where: { id: fund.id } })).currentFundValuePercentage).toBe(110);

    const ledger = await call(app, 'GET', '/api/ledger_entries?mine=true&limit=999', undefined, {
      authCode: ann.authCode,
    });
    expect(ledger.status).toBe(200);
    expect(
      ledger.body.items.map((entry: { type: string; amount_cents: number; kind: string | null }) => [
        entry.type,
        entry.amount_cents,
        entry.kind,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['contribution', 10_000_000, null],
        ['distribution', 1_000_000, 'income'],
      ]),
    );
    expect(ledger.body.items).toHaveLength(2);
    const bens = await call(
      app,
      'GET',
      `/api/ledger_entries?limit=999&filters[syndUser][id]=${ben.syndUser.id}`,
      undefined,
      { authCode: ann.authCode },
    );
    expect(bens.body.items).toEqual([]);
    expect((await call(app, 'GET', '/api/ledger_entries?mine=true')).status).toBe(401);

    const summary = await call(app, 'GET', '/api/syndication/summary', undefined, { authCode: ann.authCode });
    const row = summary.body.rows.find((each: { fund_name: string }) => each.fund_name === 'desk-returns fund');
    // $100,000 in two years ago; $10,000 out a year later and $110,000 held today:
    // 10,000 / 1.1 + 110,000 / 1.1^2 = 9,090.91 + 90,909.09 = 100,000, so the IRR is 10.00% exactly; 1.2x; DPI 0.1.
    expect(row).toMatchObject({
      investment_made: 100_000,
      current_distribution: 10_000,
      percentage_returned: 10,
      current_value: 110_000,
      irr: 10,
      equity_multiple: 1.2,
      dpi: 0.1,
    });
    // The chart's series: in two years ago, out and revalued a year ago, and today.
    expect(summary.body.history.slice(0, 2)).toEqual([
      { date: twoYearsAgo, contributed: 100_000, distributed: 0, value: 100_000 },
      { date: aYearAgo, contributed: 100_000, distributed: 10_000, value: 110_000 },
    ]);
    expect(summary.body.history.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
    // A fund without a ledger keeps the spec's figures and has no IRR.
    const plain = await fundWith(home, 'desk-plain', [30_000]);
    const plainSummary = await call(app, 'GET', '/api/syndication/summary', undefined, {
      authCode: plain.investors[0].authCode,
    });
    expect(plainSummary.body.rows[0]).toMatchObject({
      investment_made: 30_000,
      current_distribution: 3_000,
      percentage_returned: 10,
      current_value: 30_000,
      irr: null,
      equity_multiple: 1.1,
    });
    expect(plainSummary.body.history).toEqual([]);
  });

  it('shares a valuation given as a total among the investors to the cent, not by a rounded percent', async () => {
    const { fund, investors } = await fundWith(home, 'desk-total-value', [10_000, 10_000, 10_000]);
    for (const each of investors)
      await admin('POST', '/sponsor-desk/funding', {
        syndUser: each.syndUser.documentId,
        amount_cents: 1_000_000,
        date: '2026-01-05',
      });
    // $10,000.01 for $30,000 contributed: 33.33% would make each $3,333 (and lose a dollar and a cent).
    const valued = await admin('POST', '/sponsor-desk/valuations', {
      fund: fund.documentId,
      date: '2026-03-31',
      total_value_cents: 1_000_001,
    });
    expect(valued.body).toMatchObject({ value_percent: 33.33, total_value_cents: 1_000_001 });
    const values = await Promise.all(
      investors.map(async (each) =>
        Math.round(
          (await call(app, 'GET', '/api/syndication/summary', undefined, { authCode: each.authCode })).body.rows[0]
            .current_value * 100,
        ),
      ),
    );
    expect(values.sort((a, b) => a - b)).toEqual([333_333, 333_334, 333_334]);
  });

  it('reads a total value against the capital contributed by its date, and refuses one before any, or a valuation after today', async () => {
    const { fund, investors } = await fundWith(home, 'desk-backdated', [20_000, 20_000]);
    const [ann, ben] = investors;
    await admin('POST', '/sponsor-desk/funding', {
      syndUser: ann.syndUser.documentId,
      amount_cents: 1_000_000,
      date: '2026-02-01',
    });
    await admin('POST', '/sponsor-desk/funding', {
      syndUser: ben.syndUser.documentId,
      amount_cents: 1_000_000,
      date: '2026-04-01',
    });
    const early = await admin('POST', '/sponsor-desk/valuations', {
      fund: fund.documentId,
      date: '2026-01-31',
      total_value_cents: 5_000_000,
    });
    expect([early.status, early.body.error.message]).toEqual([
      400,
      'Nothing was contributed to this fund by 2026-01-31: a total value is shared by the capital contributed by its date, so date it on or after the first contribution (or give value_percent)',
    ]);
    const ahead = await admin('POST', '/sponsor-desk/valuations', {
      fund: fund.documentId,
      date: daysFromToday(1),
      value_percent: 120,
    });
    expect([ahead.status, ahead.body.error.message]).toEqual([
      400,
      `date must not be after today (${daysFromToday(0)}): a valuation is what the fund was worth on a day that has come`,
    ]);
    expect(await app.strapi.db.query(VALUATION).count({ where: { fund: { id: fund.id } } })).toBe(0);
    // $11,000 on 2026-03-31, when only Ann's $10,000 was in: 110% (not 55% of the $20,000 in today), all of it hers.
    const valued = await admin('POST', '/sponsor-desk/valuations', {
      fund: fund.documentId,
      date: '2026-03-31',
      total_value_cents: 1_100_000,
    });
    expect(valued.body).toMatchObject({ value_percent: 110, total_value_cents: 1_100_000 });
    const valueOf = async (who: Investor) =>
      (await call(app, 'GET', '/api/syndication/summary', undefined, { authCode: who.authCode })).body.rows[0]
        .current_value;
    expect([await valueOf(ann), await valueOf(ben)]).toEqual([11_000, 10_000]);

    // A total dated before any contribution, as the desk took one before it refused them: nobody to share it among.
    // Every reader still answers, counting it by its stored percent.
    await app.strapi.db
      .query(VALUATION)
      .create({ data: { fund: fund.id, date: '2026-01-15', value_percent: 50, total_value_cents: 5_000_000 } });
    const summary = await call(app, 'GET', '/api/syndication/summary', undefined, { authCode: ann.authCode });
    expect(summary.status).toBe(200);
    expect(summary.body.rows[0]).toMatchObject({ investment_made: 10_000, current_value: 11_000 });
    const statement = await call(
      app,
      'POST',
      '/api/profile/statements/download',
      { syndUserId: ann.syndUser.documentId, from: '2026-01-01', to: '2026-03-31' },
      { authCode: ann.authCode },
    );
    expect(statement.status).toBe(200);
    const csv = [
      'fund,investor_email,period_start,period_end,contributions,distributions,fees,closing_balance',
      `desk-backdated,${ann.email},2026-01-01,2026-03-31,10000.00,0,0,11000.00`,
    ].join('\n');
    const dryRun = await admin('POST', '/sponsor-desk/imports?dryRun=true', { csv });
    expect([dryRun.status, dryRun.body.problems]).toEqual([200, []]);
  });

  it('lowers the value by capital returned the day it is paid, where no valuation came after it', async () => {
    const { fund, investors } = await fundWith(home, 'desk-returned', [100_000]);
    const [ann] = investors;
    await admin('POST', '/sponsor-desk/funding', {
      syndUser: ann.syndUser.documentId,
      amount_cents: 10_000_000,
      date: daysFromToday(-730),
    });
    const returned = await admin('POST', '/sponsor-desk/fund-events', {
      fund: fund.documentId,
      type: 'distribution',
      date: daysFromToday(-365),
      total_cents: 4_000_000,
      kind: 'return_of_capital',
    });
    await admin('POST', `/sponsor-desk/fund-events/${returned.body.documentId}/post`);
    const summary = await call(app, 'GET', '/api/syndication/summary', undefined, { authCode: ann.authCode });
    // No valuation: $100,000 in, $40,000 of it back, $60,000 held at cost: 1.0x, 0%, counted once.
    expect(summary.body.rows[0]).toMatchObject({
      investment_made: 100_000,
      current_distribution: 40_000,
      current_value: 60_000,
      equity_multiple: 1,
      irr: 0,
    });
  });

  it('keeps a capital call open for the investor until its money arrives, and counts it from the day it arrived', async () => {
    const { fund, investors } = await fundWith(home, 'desk-open-call', [40_000]);
    const [ann] = investors;
    await admin('POST', '/sponsor-desk/funding', {
      syndUser: ann.syndUser.documentId,
      amount_cents: 2_000_000,
      date: '2026-01-05',
    });
    const posted = async (body: Record<string, unknown>) => {
      const draft = await admin('POST', '/sponsor-desk/fund-events', {
        fund: fund.documentId,
        type: 'capital_call',
        ...body,
      });
      expect(draft.status).toBe(200);
      expect((await admin('POST', `/sponsor-desk/fund-events/${draft.body.documentId}/post`)).status).toBe(200);
      return draft.body.documentId as string;
    };
    // 25% and then 10% of the $40,000 committed.
    const first = await posted({ date: '2026-02-01', due_date: '2026-02-20', percent: 25 });
    const second = await posted({ date: '2026-03-01', due_date: '2026-03-20', percent: 10 });
    const summaryOf = async () =>
      (await call(app, 'GET', '/api/syndication/summary', undefined, { authCode: ann.authCode })).body;
    const open = (fundEvent: string, amount: number, due: string) => ({
      fund_name: 'desk-open-call fund',
      fund_slug: 'desk-open-call',
      amount,
      due_date: due,
      fundEvent,
    });
    expect((await summaryOf()).openCalls).toEqual([
      open(first, 10_000, '2026-02-20'),
      open(second, 4_000, '2026-03-20'),
    ]);
    // A fund whose only record is a call not paid yet has no ledger: its investor keeps the spec's figures (the
    // commitment at the fund's value), and sees the call owed.
    const fresh = await fundWith(home, 'desk-first-call', [50_000]);
    const firstCall = await admin('POST', '/sponsor-desk/fund-events', {
      fund: fresh.fund.documentId,
      type: 'capital_call',
      date: '2026-02-01',
      due_date: '2026-02-20',
      percent: 20,
    });
    await admin('POST', `/sponsor-desk/fund-events/${firstCall.body.documentId}/post`);
    const freshSummary = (
      await call(app, 'GET', '/api/syndication/summary', undefined, { authCode: fresh.investors[0].authCode })
    ).body;
    expect(freshSummary.rows[0]).toMatchObject({ investment_made: 50_000, current_value: 50_000, has_ledger: false });
    expect(freshSummary.openCalls).toEqual([
      {
        fund_name: 'desk-first-call fund',
        fund_slug: 'desk-first-call',
        amount: 10_000,
        due_date: '2026-02-20',
        fundEvent: firstCall.body.documentId,
      },
    ]);
    // A posted call is owed, not paid: nothing more is invested until the money arrives.
    expect((await summaryOf()).rows[0]).toMatchObject({ investment_made: 20_000 });
    expect((await entriesOf(ann.syndUser.id)).map((entry) => Number(entry.amount_cents))).toEqual([2_000_000]);

    // The second call's money arrives first: the first stays open.
    const paid = await admin('POST', '/sponsor-desk/funding', {
      syndUser: ann.syndUser.documentId,
      amount_cents: 400_000,
      date: '2026-03-10',
      fundEvent: second,
    });
    expect(paid.status).toBe(200);
    expect(paid.body.entry).toMatchObject({
      type: 'contribution',
      amount_cents: 400_000,
      effective_date: '2026-03-10',
    });
    expect((await summaryOf()).openCalls).toEqual([open(first, 10_000, '2026-02-20')]);

    const funding = { syndUser: ann.syndUser.documentId, fundEvent: first };
    expect(
      (await admin('POST', '/sponsor-desk/funding', { ...funding, date: '2026-03-02', amount_cents: 900_000 })).body
        .error.message,
    ).toBe('The amount differs from the share called (1000000 cents): record the difference as an adjustment');
    expect(
      (await admin('POST', '/sponsor-desk/funding', { ...funding, date: '2026-01-31', amount_cents: 1_000_000 })).body
        .error.message,
    ).toBe('date must not be before the call (2026-02-01)');
    // Paid late, on 2026-03-02: the contribution is dated that day, not the due date.
    expect(
      (await admin('POST', '/sponsor-desk/funding', { ...funding, date: '2026-03-02', amount_cents: 1_000_000 }))
        .status,
    ).toBe(200);
    expect((await summaryOf()).openCalls).toEqual([]);
    const again = await admin('POST', '/sponsor-desk/funding', {
      ...funding,
      date: '2026-03-02',
      amount_cents: 1_000_000,
    });
    expect([again.status, again.body.error.message]).toEqual([400, 'This capital call is funded already']);
    expect(
      (await entriesOf(ann.syndUser.id))
        .map((entry) => [Number(entry.amount_cents), String(entry.effective_date).slice(0, 10)])
        .sort(),
    ).toEqual(
      [
        [1_000_000, '2026-03-02'],
        [2_000_000, '2026-01-05'],
        [400_000, '2026-03-10'],
      ].sort(),
    );
    const read = await admin('GET', `/sponsor-desk/fund-events/${first}`);
    expect(
      read.body.allocation.map((line: { amount_cents: number; paid_date: string | null }) => [
        line.amount_cents,
        line.paid_date,
      ]),
    ).toEqual([[1_000_000, '2026-03-02']]);
    expect((await summaryOf()).rows[0]).toMatchObject({ investment_made: 34_000 });
    const row = await app.strapi.db.query(SYND_USER).findOne({ where: { id: ann.syndUser.id } });
    expect(new Date(row.ft_complete_date).toISOString().slice(0, 10)).toBe('2026-03-10');
  });

  it('brings commitments funded before the ledger into it when the fund posts its first distribution or call', async () => {
    // Funded the spec's way: the funds transfer completed, no contribution recorded.
    const { fund, investors } = await fundWith(home, 'desk-before', [30_000, 10_000, 40_000]);
    const [ann, ben, cat] = investors;
    for (const [each, day] of [
      [ann, '2025-06-01'],
      [ben, '2025-07-01'],
    ] as const) {
      await app.strapi.db
        .query(SYND_USER)
        .update({ where: { id: each.syndUser.id }, data: { ft_complete_date: new Date(`${day}T00:00:00Z`) } });
    }
    const summaryOf = async (who: Investor) =>
      (await call(app, 'GET', '/api/syndication/summary', undefined, { authCode: who.authCode })).body.rows[0];
    expect(await summaryOf(ann)).toMatchObject({ investment_made: 30_000, has_ledger: false });
    // Shared by funded capital: Ann's $30,000 and Ben's $10,000 count as funded; Cat has not funded.
    const draft = await admin('POST', '/sponsor-desk/fund-events', {
      fund: fund.documentId,
      type: 'distribution',
      date: '2026-06-30',
      total_cents: 400_000,
      kind: 'income',
    });
    expect(
      draft.body.allocation.map((line: { base_cents: number; amount_cents: number }) => [
        line.base_cents,
        line.amount_cents,
      ]),
    ).toEqual([
      [3_000_000, 300_000],
      [1_000_000, 100_000],
      [0, 0],
    ]);
    expect((await admin('POST', `/sponsor-desk/fund-events/${draft.body.documentId}/post`)).status).toBe(200);
    expect(
      (await entriesOf(ann.syndUser.id))
        .map((entry) => [entry.type, Number(entry.amount_cents), String(entry.effective_date).slice(0, 10)])
        .sort(),
    ).toEqual([
      ['contribution', 3_000_000, '2025-06-01'],
      ['distribution', 300_000, '2026-06-30'],
    ]);
    const notes = (await app.strapi.db
      .query(LEDGER_ENTRY)
      .findMany({ where: { syndUser: { id: ben.syndUser.id }, type: 'contribution' }, select: ['note'] })) as {
      note: string;
    }[];
    expect(notes.map((each) => each.note)).toEqual(['Funded before the ledger']);
    // The investors' dashboards keep their money: invested, distributed, a value and a rate of return.
    const row = await summaryOf(ann);
    expect(row).toMatchObject({ investment_made: 30_000, current_distribution: 3_000, has_ledger: true });
    expect(row.current_value).toBeGreaterThan(0);
    expect(row.irr).not.toBeNull();
    expect(await summaryOf(ben)).toMatchObject({
      investment_made: 10_000,
      current_distribution: 1_000,
      has_ledger: true,
    });
    // Cat funds later on the desk: Ann's and Ben's contributions are not written twice.
    expect(
      (
        await admin('POST', '/sponsor-desk/funding', {
          syndUser: cat.syndUser.documentId,
          amount_cents: 4_000_000,
          date: '2026-07-01',
        })
      ).status,
    ).toBe(200);
    expect(
      await app.strapi.db.query(LEDGER_ENTRY).count({ where: { fund: { id: fund.id }, type: 'contribution' } }),
    ).toBe(3);
  });

  it('writes the funded-before-the-ledger contributions when the first money is confirmed on the desk', async () => {
    const { investors } = await fundWith(home, 'desk-before-funding', [20_000, 10_000]);
    const [ann, ben] = investors;
    await app.strapi.db
      .query(SYND_USER)
      .update({ where: { id: ann.syndUser.id }, data: { ft_complete_date: new Date('2025-05-01T00:00:00Z') } });
    expect(
      (
        await admin('POST', '/sponsor-desk/funding', {
          syndUser: ben.syndUser.documentId,
          amount_cents: 1_000_000,
          date: '2026-01-05',
        })
      ).status,
    ).toBe(200);
    expect(
      (await entriesOf(ann.syndUser.id)).map((entry) => [
        entry.type,
        Number(entry.amount_cents),
        String(entry.effective_date).slice(0, 10),
      ]),
    ).toEqual([['contribution', 2_000_000, '2025-05-01']]);
    expect(
      (await call(app, 'GET', '/api/syndication/summary', undefined, { authCode: ann.authCode })).body.rows[0],
    ).toMatchObject({ investment_made: 20_000, has_ledger: true });
  });

  it('adds the summary totals in cents: 10 cents and 20 cents make 30 cents', async () => {
    const first = await fundWith(home, 'desk-cents-a', [1_000]);
    const second = await fundWith(home, 'desk-cents-b', [1_000]);
    const [ann] = first.investors;
    // Ann's commitment to the second fund too.
    await app.strapi.db
      .query(SYND_USER)
      .update({ where: { id: second.investors[0].syndUser.id }, data: { user: ann.id } });
    for (const [{ fund, investors }, cents] of [
      [first, 10],
      [second, 20],
    ] as const) {
      await admin('POST', '/sponsor-desk/funding', {
        syndUser: investors[0].syndUser.documentId,
        amount_cents: 100_000,
        date: '2026-01-05',
      });
      const draft = await admin('POST', '/sponsor-desk/fund-events', {
        fund: fund.documentId,
        type: 'distribution',
        date: '2026-03-31',
        total_cents: cents,
        kind: 'income',
      });
      expect((await admin('POST', `/sponsor-desk/fund-events/${draft.body.documentId}/post`)).status).toBe(200);
    }
    const summary = (await call(app, 'GET', '/api/syndication/summary', undefined, { authCode: ann.authCode })).body;
    expect(summary.rows.map((row: { current_distribution: number }) => row.current_distribution).sort()).toEqual([
      0.1, 0.2,
    ]);
    expect(summary.totals).toMatchObject({ invested: 2_000, distribution: 0.3 });
  });

  it('never calls or takes more than an investor committed, and reads a percent call as a percent of each commitment', async () => {
    const { fund, investors } = await fundWith(home, 'desk-cap', [40_000, 10_000]);
    const [ann, ben] = investors;
    await admin('POST', '/sponsor-desk/funding', {
      syndUser: ann.syndUser.documentId,
      amount_cents: 3_000_000,
      date: '2026-01-05',
    });
    const call30 = {
      fund: fund.documentId,
      type: 'capital_call',
      date: '2026-02-01',
      due_date: '2026-02-20',
      percent: 30,
    };
    // Ann has $30,000 of $40,000 funded: 30% more ($12,000) is $2,000 too many. Nothing is drafted.
    const over = await admin('POST', '/sponsor-desk/fund-events', call30);
    expect(over.status).toBe(400);
    expect(over.body.error.message).toBe(
      'This call asks Investor0 desk-cap for $12,000, more than is left of their commitment: $40,000 committed, $30,000 funded, $0 called and unpaid',
    );
    expect(await app.strapi.db.query(FUND_EVENT).count({ where: { fund: { id: fund.id } } })).toBe(0);
    // A percent is of each commitment: 25% of $40,000 and of $10,000, whatever was funded.
    const quarter = await admin('POST', '/sponsor-desk/fund-events', { ...call30, percent: 25 });
    expect(
      quarter.body.allocation.map((line: { base_cents: number; amount_cents: number }) => [
        line.base_cents,
        line.amount_cents,
      ]),
    ).toEqual([
      [4_000_000, 1_000_000],
      [1_000_000, 250_000],
    ]);
    expect(
      (await admin('POST', '/sponsor-desk/fund-events', { ...call30, percent: 25, basis: 'funded' })).body.error
        .message,
    ).toBe(
      'A percent call is a percent of each commitment: its basis is commitment (give total_cents to share by funded capital)',
    );
    expect((await admin('POST', `/sponsor-desk/fund-events/${quarter.body.documentId}/post`)).status).toBe(200);
    // Ann owes $10,000 now: $30,000 funded + $10,000 called leaves nothing for another $1.
    const funding = await admin('POST', '/sponsor-desk/funding', {
      syndUser: ann.syndUser.documentId,
      amount_cents: 100,
      date: '2026-02-02',
    });
    expect([funding.status, funding.body.error.message]).toEqual([
      400,
      "This funding of $1 is more than is left of the commitment: $40,000 committed, $30,000 funded, $10,000 called and unpaid (confirm a call's money with its fundEvent)",
    ]);
    expect(
      (
        await admin('POST', '/sponsor-desk/funding', {
          syndUser: ben.syndUser.documentId,
          amount_cents: 750_000,
          date: '2026-02-02',
        })
      ).status,
    ).toBe(200);
  });

  it('refuses money for a commitment whose agreement is not countersigned, saying why', async () => {
    const { investors } = await fundWith(home, 'desk-unsigned', [10_000]);
    await app.strapi.db
      .query(SYND_USER)
      .update({ where: { id: investors[0].syndUser.id }, data: { sa_complete_date: null } });
    const refused = await admin('POST', '/sponsor-desk/funding', {
      syndUser: investors[0].syndUser.documentId,
      amount_cents: 1_000_000,
      date: '2026-01-05',
    });
    expect([refused.status, refused.body.error.message]).toEqual([
      400,
      'This commitment’s subscription agreement is not countersigned yet: countersign it before recording its money',
    ]);
    expect(await entriesOf(investors[0].syndUser.id)).toEqual([]);
  });

  it('records one funding of two identical ones sent at once, the other refused with a message', async () => {
    const { investors } = await fundWith(home, 'desk-twice', [10_000]);
    const body = { syndUser: investors[0].syndUser.documentId, amount_cents: 1_000_000, date: '2026-01-05' };
    const answers = await Promise.all([
      admin('POST', '/sponsor-desk/funding', body),
      admin('POST', '/sponsor-desk/funding', body),
    ]);
    // The second waits for the fund's turn and finds the first: never a 500.
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.status !== 200)!.body.error.message).toBe(
      'This funding is recorded already (same commitment, date and amount)',
    );
    expect(await entriesOf(investors[0].syndUser.id)).toHaveLength(1);
  });

  it('posts the allocation that was previewed, and asks for a new preview when it changed', async () => {
    const { fund, investors } = await fundWith(home, 'desk-preview', [20_000, 20_000]);
    const [ann, ben] = investors;
    for (const each of investors)
      await admin('POST', '/sponsor-desk/funding', {
        syndUser: each.syndUser.documentId,
        amount_cents: 500_000,
        date: '2026-01-05',
      });
    const draft = await admin('POST', '/sponsor-desk/fund-events', {
      fund: fund.documentId,
      type: 'distribution',
      date: '2026-03-31',
      total_cents: 100_000,
      kind: 'income',
    });
    expect(draft.body.allocation.map((line: { amount_cents: number }) => line.amount_cents)).toEqual([50_000, 50_000]);
    // Ann's money arrives after the preview: shared by funded capital, the split is no longer 1:1.
    await admin('POST', '/sponsor-desk/funding', {
      syndUser: ann.syndUser.documentId,
      amount_cents: 250_000,
      date: '2026-01-10',
    });
    const changed = 'The allocation changed since you previewed it: review it again';
    const stale = await admin('POST', `/sponsor-desk/fund-events/${draft.body.documentId}/post`);
    expect([stale.status, stale.body.error.message]).toEqual([409, changed]);
    expect((await entriesOf(ben.syndUser.id)).map((entry) => entry.type)).toEqual(['contribution']);
    // Reading the draft (any staff who may read) shows the new table and changes nothing: the admin page still holding
    // the old preview is refused.
    const again = await editor('GET', `/sponsor-desk/fund-events/${draft.body.documentId}`);
    expect(again.body).toMatchObject({ state: 'draft' });
    expect(again.body.allocation.map((line: { amount_cents: number }) => line.amount_cents)).toEqual([60_000, 40_000]);
    expect(
      (await editor('GET', `/sponsor-desk/fund-events/${draft.body.documentId}/allocation`)).body.allocationHash,
    ).toBe(again.body.allocationHash);
    const old = await admin('POST', `/sponsor-desk/fund-events/${draft.body.documentId}/post`, {
      allocationHash: draft.body.allocationHash,
    });
    expect([old.status, old.body.error.message]).toEqual([409, changed]);
    expect(
      (await admin('POST', `/sponsor-desk/fund-events/${draft.body.documentId}/post`, { allocationHash: 'not a hash' }))
        .status,
    ).toBe(400);
    // Posting the table reviewed posts it.
    expect(
      (
        await admin('POST', `/sponsor-desk/fund-events/${draft.body.documentId}/post`, {
          allocationHash: again.body.allocationHash,
        })
      ).status,
    ).toBe(200);
    expect(
      (await entriesOf(ann.syndUser.id))
        .filter((entry) => entry.type === 'distribution')
        .map((entry) => Number(entry.amount_cents)),
    ).toEqual([60_000]);
  });

  it('takes percents with two decimals at most, so a call posts the total it previewed', async () => {
    const { fund } = await fundWith(home, 'desk-decimals', [30_000]);
    const thirds = await admin('POST', '/sponsor-desk/fund-events', {
      fund: fund.documentId,
      type: 'capital_call',
      date: '2026-02-01',
      due_date: '2026-02-20',
      percent: 33.333,
    });
    expect([thirds.status, thirds.body.error.message]).toEqual([
      400,
      'percent must have at most 2 decimals (like 33.33)',
    ]);
    const valued = await admin('POST', '/sponsor-desk/valuations', {
      fund: fund.documentId,
      date: '2026-01-31',
      value_percent: 110.125,
    });
    expect([valued.status, valued.body.error.message]).toEqual([
      400,
      'value_percent must have at most 2 decimals (like 112.5)',
    ]);
    const draft = await admin('POST', '/sponsor-desk/fund-events', {
      fund: fund.documentId,
      type: 'capital_call',
      date: '2026-02-01',
      due_date: '2026-02-20',
      percent: 33.33,
    });
    expect(draft.body.total_cents).toBe(999_900);
    const posted = await admin('POST', `/sponsor-desk/fund-events/${draft.body.documentId}/post`);
    expect([posted.status, posted.body.total_cents]).toEqual([200, 999_900]);
  });

  it('records an adjustment that corrects an entry, on its investor and fund, for admins only', async () => {
    const { fund, investors } = await fundWith(home, 'desk-adjust', [10_000]);
    const [ann] = investors;
    const funded = await admin('POST', '/sponsor-desk/funding', {
      syndUser: ann.syndUser.documentId,
      amount_cents: 1_000_000,
      date: '2026-01-05',
    });
    const correction = {
      corrects: funded.body.entry.documentId,
      amount_cents: -10_000,
      date: '2026-01-06',
      note: 'The bank kept $100 of the wire',
    };
    expect((await editor('POST', '/sponsor-desk/adjustments', correction)).status).toBe(403);
    const bad = async (body: Record<string, unknown>, status: number, message: string) => {
      const answer = await admin('POST', '/sponsor-desk/adjustments', body);
      expect([answer.status, answer.body.error.message]).toEqual([status, message]);
    };
    await bad(
      { ...correction, corrects: undefined },
      400,
      'corrects is required: the entry this adjustment corrects (documentId or id)',
    );
    await bad({ ...correction, corrects: 'zzzzzzzzzzzzzzzzzzzzzzzz' }, 404, 'Ledger entry not found');
    await bad(
      { ...correction, amount_cents: 0 },
      400,
      'amount_cents must be a whole number of cents, not zero (negative takes away)',
    );
    await bad({ ...correction, date: '2026-02-30' }, 400, 'date must be a date (YYYY-MM-DD)');
    // The desk works in a portal and a fund: an entry of another is refused.
    const elsewhere = await fundWith(await createPortal(app, 'desk-adjust-other'), 'desk-adjust-other', [10_000]);
    await bad({ ...correction, portal: 'desk-adjust-other' }, 400, 'corrects names an entry of another portal');
    await bad({ ...correction, fund: elsewhere.fund.documentId }, 400, 'corrects names an entry of another fund');
    const made = await admin('POST', '/sponsor-desk/adjustments', {
      ...correction,
      fund: fund.documentId,
      portal: home.slug,
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      type: 'adjustment',
      amount_cents: -10_000,
      effective_date: '2026-01-06',
      syndUser: ann.syndUser,
      fund: { id: fund.id, documentId: fund.documentId },
      corrects: { documentId: funded.body.entry.documentId, type: 'contribution' },
    });
    await bad(correction, 400, 'This adjustment is recorded already (same entry, date and amount)');
    await bad(
      { ...correction, corrects: made.body.documentId },
      400,
      'An adjustment corrects a contribution, distribution or fee, not another adjustment: name the entry it corrects',
    );
    // The investor's ledger shows it, and their invested capital is $9,900.
    const ledger = await call(app, 'GET', '/api/ledger_entries?mine=true&limit=999', undefined, {
      authCode: ann.authCode,
    });
    expect(
      ledger.body.items.map((entry: { type: string; amount_cents: number }) => [entry.type, entry.amount_cents]).sort(),
    ).toEqual(
      [
        ['adjustment', -10_000],
        ['contribution', 1_000_000],
      ].sort(),
    );
    const summary = await call(app, 'GET', '/api/syndication/summary', undefined, { authCode: ann.authCode });
    expect(summary.body.rows[0]).toMatchObject({ investment_made: 9_900 });
  });

  it('checks an adjustment where it is written, as a funding is, and moves the funds-transfer dates with it', async () => {
    const { fund, investors } = await fundWith(home, 'desk-adjust-cap', [10_000]);
    const [ann] = investors;
    const funded = await admin('POST', '/sponsor-desk/funding', {
      syndUser: ann.syndUser.documentId,
      amount_cents: 1_000_000,
      date: '2026-01-05',
    });
    const transfer = async () => {
      const row = await app.strapi.db
        .query(SYND_USER)
        .findOne({ where: { id: ann.syndUser.id }, select: ['ft_start_date', 'ft_complete_date'] });
      const day = (value: string | null) => (value ? new Date(value).toISOString().slice(0, 10) : null);
      return { started: day(row.ft_start_date), completed: day(row.ft_complete_date) };
    };
    const completed = async () => (await transfer()).completed;
    const board = async () =>
      (await admin('GET', `/sponsor-desk/funds/${fund.documentId}/commitments`)).body.results[0];
    expect(await completed()).toBe('2026-01-05');
    const adjust = (amount_cents: number, date: string) =>
      admin('POST', '/sponsor-desk/adjustments', { corrects: funded.body.entry.documentId, amount_cents, date });
    const over = await adjust(100_000_000, '2026-01-06');
    expect([over.status, over.body.error.message]).toEqual([
      400,
      'This adjustment of $1,000,000 is more than is left of the commitment: $10,000 committed, $10,000 funded, $0 called and unpaid',
    ]);
    const below = await adjust(-2_000_000, '2026-01-06');
    expect([below.status, below.body.error.message]).toEqual([
      400,
      'This adjustment takes away $20,000 from an entry of $10,000 (with its corrections): an entry does not go below zero',
    ]);
    expect(await entriesOf(ann.syndUser.id)).toHaveLength(1);
    // The bank kept $100 of the wire: the commitment's money has not all arrived, so it is not Funded any more.
    expect((await adjust(-10_000, '2026-01-07')).status).toBe(200);
    expect(await completed()).toBeNull();
    expect(await board()).toMatchObject({ state: 'countersigned', fundedAmount: 9_900 });
    // The $100 arrives: Funded from that day.
    expect((await adjust(10_000, '2026-01-20')).status).toBe(200);
    expect(await completed()).toBe('2026-01-20');
    expect(await board()).toMatchObject({ state: 'funded', fundedAmount: 10_000 });
    // The wire is sent back whole: no money left in, so no transfer either; wired again, it starts and completes again.
    expect((await adjust(-1_000_000, '2026-02-01')).status).toBe(200);
    expect(await transfer()).toEqual({ started: null, completed: null });
    expect((await adjust(1_000_000, '2026-02-10')).status).toBe(200);
    expect(await transfer()).toEqual({ started: '2026-02-10', completed: '2026-02-10' });
    expect(await board()).toMatchObject({ state: 'funded', fundedAmount: 10_000 });
  });

  it('takes a fund’s money in turn: of two fundings at once that together overfund, one is written; of two valuations, the newest is the fund’s', async () => {
    // On PostgreSQL these race for real (SQLite writes one transaction at a time): each round sends both at once.
    for (const round of [1, 2, 3]) {
      const { fund, investors } = await fundWith(home, `desk-turns-${round}`, [40_000]);
      const [ann] = investors;
      const fundings = await Promise.all(
        ['2026-01-05', '2026-01-06'].map((date) =>
          admin('POST', '/sponsor-desk/funding', { syndUser: ann.syndUser.documentId, amount_cents: 3_000_000, date }),
        ),
      );
      expect(fundings.map((answer) => answer.status).sort()).toEqual([200, 400]);
      expect(fundings.find((answer) => answer.status === 400)!.body.error.message).toBe(
        "This funding of $30,000 is more than is left of the commitment: $40,000 committed, $30,000 funded, $0 called and unpaid (confirm a call's money with its fundEvent)",
      );
      expect(await entriesOf(ann.syndUser.id)).toHaveLength(1);
      // The later date is the newest whichever is written last.
      const valuations = await Promise.all(
        [
          ['2026-03-31', 120],
          ['2026-02-28', 110],
        ].map(([date, value_percent]) =>
          admin('POST', '/sponsor-desk/valuations', { fund: fund.documentId, date, value_percent }),
        ),
      );
      expect(valuations.map((answer) => answer.status)).toEqual([200, 200]);
      const stored = await app.strapi.db
        .query(FUND)
        .findOne({ where: { id: fund.id }, select: ['currentFundValuePercentage'] });
      expect(Number(stored.currentFundValuePercentage)).toBe(120);
    }
  });

  it('never changes or deletes a ledger entry through the admin panel, even for the super admin', async () => {
    const { investors } = await fundWith(home, 'desk-immutable', [10_000]);
    await admin('POST', '/sponsor-desk/funding', {
      syndUser: investors[0].syndUser.documentId,
      amount_cents: 1_000_000,
      date: '2026-01-05',
    });
    const [entry] = (await app.strapi.db
      .query(LEDGER_ENTRY)
      .findMany({ where: { syndUser: { id: investors[0].syndUser.id } } })) as { documentId: string }[];
    const route = `/content-manager/collection-types/${LEDGER_ENTRY}/${entry.documentId}`;
    const changed = await admin('PUT', route, { amount_cents: 1 });
    expect(changed.status).toBe(403);
    expect((await admin('DELETE', route)).status).toBe(403);
    expect((await entriesOf(investors[0].syndUser.id)).map((each) => Number(each.amount_cents))).toEqual([1_000_000]);
    // Content staff read the ledger; nobody adds to it by hand, not even the super admin, nor copies an entry.
    expect((await editor('GET', `/content-manager/collection-types/${LEDGER_ENTRY}?page=1&pageSize=10`)).status).toBe(
      200,
    );
    expect(
      (
        await editor('POST', `/content-manager/collection-types/${LEDGER_ENTRY}`, {
          type: 'contribution',
          amount_cents: 5,
          effective_date: '2026-01-01',
        })
      ).status,
    ).toBe(403);
    const made = await admin('POST', `/content-manager/collection-types/${LEDGER_ENTRY}`, {
      type: 'contribution',
      amount_cents: 5,
      effective_date: '2026-01-01',
      syndUser: investors[0].syndUser.documentId,
    });
    expect([made.status, made.body.error.message]).toEqual([
      403,
      'Ledger entries come only from the sponsor desk (posting, funding, adjustments, imports) and are never changed or deleted: record an adjustment that names the entry',
    ]);
    expect(
      (
        await admin('POST', `/content-manager/collection-types/${LEDGER_ENTRY}/clone/${entry.documentId}`, {
          amount_cents: 7,
        })
      ).status,
    ).toBe(403);
    expect((await entriesOf(investors[0].syndUser.id)).map((each) => Number(each.amount_cents))).toEqual([1_000_000]);
  });

  it('keeps valuations, posted events, and the commitments and funds money was recorded for, whoever edits', async () => {
    const { fund, investors } = await fundWith(home, 'desk-kept', [10_000]);
    const cm = (uid: string, id = '') => `/content-manager/collection-types/${uid}${id ? `/${id}` : ''}`;
    // Editors read and draft; a valuation is recorded by those who post.
    const byEditor = await editor('POST', '/sponsor-desk/valuations', {
      fund: fund.documentId,
      date: '2026-03-31',
      value_percent: 110,
    });
    expect(byEditor.status).toBe(403);
    expect(await app.strapi.db.query(VALUATION).count({ where: { fund: { id: fund.id } } })).toBe(0);
    const valuation = await admin('POST', '/sponsor-desk/valuations', {
      fund: fund.documentId,
      date: '2026-03-31',
      value_percent: 110,
    });
    expect(valuation.status).toBe(200);
    const changed = await admin('PUT', cm(VALUATION, valuation.body.documentId), { value_percent: 500 });
    expect([changed.status, changed.body.error.message]).toEqual([
      403,
      'A recorded valuation is never changed or deleted: record a newer valuation on the sponsor desk',
    ]);
    expect((await admin('DELETE', cm(VALUATION, valuation.body.documentId))).status).toBe(403);
    expect(
      Number(
        (await app.strapi.db.query(VALUATION).findOne({ where: { documentId: valuation.body.documentId } }))
          .value_percent,
      ),
    ).toBe(110);

    // A fund event is drafted on the desk: one typed into the panel (here with neither a total nor a percent) is refused.
    const typed = await admin('POST', cm(FUND_EVENT), {
      fund: fund.documentId,
      type: 'distribution',
      date: '2026-04-01',
      kind: 'income',
    });
    expect([typed.status, typed.body.error.message]).toEqual([
      403,
      'Capital calls and distributions are drafted on the sponsor desk (Capital accounts), where their terms and allocation are checked',
    ]);
    expect(await app.strapi.db.query(FUND_EVENT).count({ where: { fund: { id: fund.id } } })).toBe(0);
    await admin('POST', '/sponsor-desk/funding', {
      syndUser: investors[0].syndUser.documentId,
      amount_cents: 1_000_000,
      date: '2026-01-05',
    });
    const draft = await admin('POST', '/sponsor-desk/fund-events', {
      fund: fund.documentId,
      type: 'distribution',
      date: '2026-04-01',
      total_cents: 50_000,
      kind: 'income',
    });
    expect((await admin('PUT', cm(FUND_EVENT, draft.body.documentId), { total_cents: null })).status).toBe(403);
    await admin('POST', `/sponsor-desk/fund-events/${draft.body.documentId}/post`);
    const removed = await admin('DELETE', cm(FUND_EVENT, draft.body.documentId));
    expect([removed.status, removed.body.error.message]).toEqual([
      403,
      'A posted event is never changed or deleted: correct it with adjustment entries',
    ]);

    // The commitment and the fund stay with their ledger.
    const gone = await admin('DELETE', cm(SYND_USER, investors[0].syndUser.documentId));
    expect([gone.status, gone.body.error.message]).toEqual([
      403,
      'This commitment has ledger entries: it is kept with its capital account and cannot be deleted',
    ]);
    const fundGone = await admin('DELETE', cm(FUND, fund.documentId));
    expect([fundGone.status, fundGone.body.error.message]).toEqual([
      403,
      'This fund has ledger entries: it is kept with its capital account and cannot be deleted',
    ]);
    expect(await app.strapi.db.query(SYND_USER).count({ where: { id: investors[0].syndUser.id } })).toBe(1);
    expect(await app.strapi.db.query(FUND).count({ where: { id: fund.id } })).toBe(1);
    // A fund with only a valuation is kept too.
    const other = await fundWith(home, 'desk-kept-valued', [10_000]);
    await admin('POST', '/sponsor-desk/valuations', {
      fund: other.fund.documentId,
      date: '2026-03-31',
      value_percent: 100,
    });
    expect((await admin('DELETE', cm(FUND, other.fund.documentId))).body.error.message).toBe(
      'This fund has valuations: it cannot be deleted',
    );
  });

  it('records valuations on the desk only, whose newest then sets the fund’s current value', async () => {
    const { fund } = await fundWith(home, 'desk-valued-panel', [10_000]);
    const cm = (uid: string, id = '') => `/content-manager/collection-types/${uid}${id ? `/${id}` : ''}`;
    const deskOnly =
      'Valuations are recorded on the sponsor desk (Capital accounts), which checks them and keeps the fund’s current value in step';
    const typed = await admin('POST', cm(VALUATION), { fund: fund.documentId, date: '2026-03-31', value_percent: 500 });
    expect([typed.status, typed.body.error.message]).toEqual([403, deskOnly]);
    // Before its first valuation a fund's current value is typed in, as the spec has it.
    expect((await admin('PUT', cm(FUND, fund.documentId), { currentFundValuePercentage: 105 })).status).toBe(200);
    const valuation = await admin('POST', '/sponsor-desk/valuations', {
      fund: fund.documentId,
      date: '2026-03-31',
      value_percent: 110,
    });
    expect(valuation.status).toBe(200);
    const cloned = await admin('POST', `${cm(VALUATION)}/clone/${valuation.body.documentId}`, { value_percent: 500 });
    expect([cloned.status, cloned.body.error.message]).toEqual([403, deskOnly]);
    expect(await app.strapi.db.query(VALUATION).count({ where: { fund: { id: fund.id } } })).toBe(1);
    const edited = await admin('PUT', cm(FUND, fund.documentId), { currentFundValuePercentage: 150 });
    expect([edited.status, edited.body.error.message]).toEqual([
      403,
      "Current value (%) follows this fund's newest valuation: record a valuation on the sponsor desk (Capital accounts) instead of editing it here",
    ]);
    // The panel's form sends the field unchanged with any other edit: that is saved.
    expect(
      (
        await admin('PUT', cm(FUND, fund.documentId), {
          fund_code: 'DV-1',
          currentFundValuePercentage: 110,
        })
      ).status,
    ).toBe(200);
    expect(
      await app.strapi.db
        .query(FUND)
        .findOne({ where: { id: fund.id }, select: ['fund_code', 'currentFundValuePercentage'] }),
    ).toMatchObject({ fund_code: 'DV-1', currentFundValuePercentage: 110 });
  });
});

describe("a fund's ledger on the desk", () => {
  interface LedgerLine {
    documentId: string;
    effective_date: string;
    investor: { name: string; email: string | null };
    type: string;
    kind: string | null;
    amount_cents: number;
    fundEvent: { type: string; date: string } | null;
    corrects: { documentId: string; type: string; effective_date: string } | null;
  }
  const ledgerOf = (token: string, fund: string, query = '') =>
    panel(token, 'GET', `/sponsor-desk/funds/${fund}/ledger${query}`);

  it('pages the entries newest first with their investor, event and the entry an adjustment corrects; filters by type and searches the investor', async () => {
    const { fund, investors } = await fundWith(home, 'desk-ledger', [10_000, 20_000, 30_000]);
    const funded: string[] = [];
    for (const [index, investor] of investors.entries()) {
      const answer = await admin('POST', '/sponsor-desk/funding', {
        syndUser: investor.syndUser.documentId,
        amount_cents: 500_000,
        date: `2026-01-0${index + 5}`,
      });
      expect(answer.status).toBe(200);
      funded.push(answer.body.entry.documentId as string);
    }
    await distribute(fund.documentId, '2026-03-31', 60_000);
    const adjusted = await admin('POST', '/sponsor-desk/adjustments', {
      fund: fund.documentId,
      corrects: funded[0],
      amount_cents: -1_000,
      date: '2026-01-08',
      note: 'Wire fee',
    });
    expect(adjusted.status).toBe(200);

    // Seven entries, four a page: the distribution's three first (newest), then the adjustment, then the fundings, latest first.
    const first = await ledgerOf(editorToken, fund.documentId, '?page=1&pageSize=4');
    expect([first.status, first.body.pagination]).toEqual([200, { page: 1, pageSize: 4, pageCount: 2, total: 7 }]);
    const second = await ledgerOf(editorToken, fund.documentId, '?page=2&pageSize=4');
    const lines = [...first.body.results, ...second.body.results] as LedgerLine[];
    expect(lines.map((line) => [line.type, line.effective_date])).toEqual([
      ['distribution', '2026-03-31'],
      ['distribution', '2026-03-31'],
      ['distribution', '2026-03-31'],
      ['adjustment', '2026-01-08'],
      ['contribution', '2026-01-07'],
      ['contribution', '2026-01-06'],
      ['contribution', '2026-01-05'],
    ]);
    expect(new Set(lines.map((line) => line.documentId)).size).toBe(7);
    expect(lines[0]).toMatchObject({
      kind: 'income',
      fundEvent: { type: 'distribution', date: '2026-03-31' },
      corrects: null,
    });
    expect(lines[3]).toMatchObject({
      documentId: adjusted.body.documentId,
      amount_cents: -1_000,
      note: 'Wire fee',
      fundEvent: null,
      investor: { name: 'Investor0 desk-ledger', email: investors[0].email },
      corrects: { documentId: funded[0], type: 'contribution', effective_date: '2026-01-05' },
    });
    expect(lines[6]).toMatchObject({
      documentId: funded[0],
      amount_cents: 500_000,
      investor: { name: 'Investor0 desk-ledger' },
    });

    const adjustments = await ledgerOf(editorToken, fund.documentId, '?type=adjustment');
    expect(adjustments.body.results.map((line: LedgerLine) => line.documentId)).toEqual([adjusted.body.documentId]);
    const searched = await ledgerOf(editorToken, fund.documentId, '?q=investor1%20desk');
    expect(searched.body.pagination.total).toBe(2);
    expect(searched.body.results.map((line: LedgerLine) => [line.investor.name, line.type])).toEqual([
      ['Investor1 desk-ledger', 'distribution'],
      ['Investor1 desk-ledger', 'contribution'],
    ]);
    const byEmail = await ledgerOf(
      editorToken,
      fund.documentId,
      `?q=${encodeURIComponent(investors[2].email.toUpperCase())}&type=contribution`,
    );
    expect(byEmail.body.results.map((line: LedgerLine) => line.effective_date)).toEqual(['2026-01-07']);

    for (const [query, message] of [
      ['?type=withdrawal', 'type must be one of contribution, distribution, fee, adjustment'],
      ['?pageSize=101', 'pageSize must be a whole number from 1 to 100'],
    ]) {
      const refused = await ledgerOf(editorToken, fund.documentId, query);
      expect([refused.status, refused.body.error.message]).toEqual([400, message]);
    }
  });

  it("keeps another portal's fund ledger from staff who do not run that portal, as not found", async () => {
    const elsewhere = await fundWith(await createPortal(app, 'desk-ledger-other'), 'desk-ledger-other', [10_000]);
    await admin('POST', '/sponsor-desk/funding', {
      syndUser: elsewhere.investors[0].syndUser.documentId,
      amount_cents: 100_000,
      date: '2026-01-05',
    });
    const refused = await ledgerOf(editorToken, elsewhere.fund.documentId);
    expect([refused.status, refused.body.error.message]).toEqual([404, 'Fund not found']);
    expect((await ledgerOf(editorToken, 'nosuchfund000000000000000')).status).toBe(404);
    const theirs = await ledgerOf(superToken, elsewhere.fund.documentId);
    expect([theirs.status, theirs.body.pagination.total]).toEqual([200, 1]);
  });
});

describe('capital account statements', () => {
  it('issues a sealed statement of the investor’s own account that anyone can check by its fingerprint, and nothing else', async () => {
    const { fund, investors } = await fundWith(home, 'desk-statement', [100_000, 50_000]);
    const [ann, ben] = investors;
    await admin('POST', '/sponsor-desk/funding', {
      syndUser: ann.syndUser.documentId,
      amount_cents: 10_000_000,
      date: '2024-03-01',
    });
    await distribute(fund.documentId, '2025-06-30', 500_000);
    await admin('POST', '/sponsor-desk/valuations', { fund: fund.documentId, date: '2025-12-31', value_percent: 115 });

    const asked = (who: Investor, body: Record<string, unknown>) =>
      call(app, 'POST', '/api/profile/statements/download', body, { authCode: who.authCode });
    const period = { syndUserId: ann.syndUser.documentId, from: '2025-01-01', to: '2025-12-31' };
    const issued = await asked(ann, period);
    expect(issued.status).toBe(200);
    expect(issued.body.originalName).toBe('statement-desk-statement-fund-2025-01-01-2025-12-31.pdf');
    const { bytes } = await download(issued.body.url);
    const statement = await PDFDocument.load(bytes);
    expect(statement.getTitle()).toBe('Capital account statement - desk-statement fund - 2025-01-01 to 2025-12-31');
    // Sealed like the agreements: a CAdES (PAdES) signature over the whole file.
    expect(bytes.includes(Buffer.from('/SubFilter /ETSI.CAdES.detached'))).toBe(true);
    expect(verifySealedPdf(bytes)).toMatchObject({ valid: true });

    // What it says, checked against the ledger: $100,000 in on 2024-03-01, Ann's $5,000 (Ben funded nothing) out on
    // 2025-06-30, valued 115% of her $100,000 at the year's end.
    const text = pdfText(bytes);
    const figure = (label: string) => new RegExp(`${label}\\s+(\\S+)`).exec(text)?.[1];
    expect(
      ['Opening balance', 'Contributions', 'Distributions', 'Change in value', 'Closing balance'].map(figure),
    ).toEqual(['$100,000', '$0', '-$5,000', '$20,000', '$115,000']);
    const rate = xirr([
      { date: '2024-03-01', amount: -100_000 },
      { date: '2025-06-30', amount: 5_000 },
      { date: '2025-12-31', amount: 115_000 },
    ]);
    expect(rate).toBeGreaterThan(0);
    expect(/IRR to date\s+(.*)$/m.exec(text)?.[1].trim()).toBe(`${(rate! * 100).toFixed(2)}% a year`);

    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const checked = await http(app, 'GET', `/api/statements/verify/${sha256}?portal=desk-home`);
    expect(checked.status).toBe(200);
    expect(checked.body).toEqual({
      valid: true,
      issuedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      portal: 'Portal desk-home',
      investorInitials: 'I. D.',
    });
    const changed = Buffer.from(bytes);
    changed[changed.length - 10] ^= 1;
    expect(
      (
        await http(
          app,
          'GET',
          `/api/statements/verify/${createHash('sha256').update(changed).digest('hex')}?portal=desk-home`,
        )
      ).status,
    ).toBe(404);
    // Anything not issued is unknown, a value that is no fingerprint at all too.
    const notHex = await http(app, 'GET', '/api/statements/verify/not-a-hash?portal=desk-home');
    expect([notHex.status, notHex.body.error.message]).toEqual([
      404,
      'Unknown: this portal issued no statement with this fingerprint',
    ]);

    expect((await asked(ben, period)).status).toBe(404);
    expect((await asked(ben, { ...period, syndUserId: ben.syndUser.documentId })).body.error.message).toBe(
      'This investment has no transactions yet: there is no statement to issue',
    );
    expect((await asked(ann, { ...period, from: '2025-13-01' })).body.error.message).toBe(
      'from must be a date (YYYY-MM-DD)',
    );
    expect((await asked(ann, { ...period, from: '2026-01-01' })).body.error.message).toBe('from must not be after to');
    expect((await asked(ann, { ...period, to: '2999-01-01' })).body.error.message).toBe('to must not be after today');
    const recorded = await app.strapi.db
      .query(FILE_DOWNLOAD)
      .findMany({ where: { user: { id: ann.id }, kind: 'statement' } });
    expect(recorded).toHaveLength(1);
  });
});

describe("the accountant's CSV", () => {
  const sendCsv = async (token: string, csv: string, query = '') => {
    const response = await fetch(`${app.url}/sponsor-desk/imports${query}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: csv,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Tests read arbitrary JSON answers; `any` keeps assertions short (as helpers/strapi's http).
    return { status: response.status, body: (await response.json()) as any };
  };

  it('lists every line’s problem in a dry run, writes nothing until the file is clean, and each line once', async () => {
    const { investors } = await fundWith(home, 'desk-import', [40_000, 60_000]);
    const [ann, ben] = investors;
    const header = 'fund,investor_email,type,kind,amount,effective_date,note';
    const good = [
      `desk-import,${ann.email},distribution,income,1250.00,2026-03-31,Q1 income`,
      `desk-import,${ben.email.toUpperCase()},distribution,income,1875.5,2026-03-31,Q1 income`,
    ];
    const bad = [
      `desk-import,stranger@example.com,distribution,income,10.00,2026-03-31,`,
      `no-such-fund,${ann.email},distribution,income,10.00,2026-03-31,`,
      `desk-import,${ann.email},distribution,income,12.345,2026-03-31,`,
      `desk-import,${ann.email},distribution,windfall,10.00,2026-02-30,`,
      good[0],
      // An empty line (skipped: the next keeps its own number in the file), then a line with a comma too many.
      '',
      `desk-import,${ann.email},distribution,income,1,250.00,2026-03-31,Q1 income`,
      // A fund id no row can have is that line's unknown fund, not the whole file's 400.
      `99999999999999999999,${ann.email},distribution,income,10.00,2026-03-31,`,
    ];
    const dry = await sendCsv(editorToken, [header, ...good, ...bad].join('\n'), '?dryRun=true');
    expect(dry.status).toBe(200);
    expect(dry.body.problems).toEqual([
      { line: 4, message: `unknown investor: stranger@example.com has no commitment to desk-import fund` },
      { line: 5, message: 'unknown fund no-such-fund' },
      { line: 6, message: 'bad amount 12.345: dollars and cents above zero, like 1250.00' },
      { line: 7, message: 'kind must be one of return_of_capital, income, gain for a distribution' },
      { line: 7, message: 'bad effective_date 2026-02-30: a date like 2026-03-31' },
      { line: 8, message: 'duplicate of line 2' },
      { line: 10, message: '8 fields where the header has 7: a comma too many or too few' },
      { line: 11, message: 'unknown fund 99999999999999999999' },
    ]);
    expect(dry.body.written).toBe(0);
    const refused = await sendCsv(superToken, [header, ...good, ...bad].join('\n'), '?dryRun=false');
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('The file has 8 problems: nothing was written');
    expect(await entriesOf(ann.syndUser.id)).toEqual([]);

    // An editor may try a file, not write it.
    expect((await sendCsv(editorToken, [header, ...good].join('\n'), '?dryRun=false')).status).toBe(403);
    const written = await sendCsv(superToken, [header, ...good].join('\n'), '?dryRun=false');
    expect(written.status).toBe(200);
    expect(written.body.written).toBe(2);
    expect((await entriesOf(ben.syndUser.id)).map((entry) => [entry.type, Number(entry.amount_cents)])).toEqual([
      ['distribution', 187_550],
    ]);
    // The accountant's distribution is announced as a posted one: each investor's bell, mail and notice PDF.
    for (const [investor, amount] of [
      [ann, '$1,250'],
      [ben, '$1,875.50'],
    ] as const) {
      await waitForMail(investor.email, `Distribution from desk-import fund: ${amount}`);
      await expect
        .poll(
          async () =>
            (
              await call(app, 'GET', '/api/news_documents?mine=true&limit=999', undefined, {
                authCode: investor.authCode,
              })
            ).body.items.map((item: { displayTitle: string }) => item.displayTitle),
          { timeout: 15_000 },
        )
        .toEqual(['Distribution notice, 2026-03-31']);
      const bell = await call(app, 'GET', '/api/notifications?mine=true&limit=10', undefined, {
        authCode: investor.authCode,
      });
      expect(bell.body.items.map((item: { subject: string }) => item.subject)).toEqual([
        `Distribution from desk-import fund: ${amount}`,
      ]);
    }
    const imported = await admin('GET', `/sponsor-desk/fund-events?fund=desk-import&type=distribution`);
    expect(imported.body.results).toMatchObject([
      {
        state: 'posted',
        date: '2026-03-31',
        total_cents: 312_550,
        kind: 'income',
        note: 'Imported from the accountant’s CSV',
      },
    ]);
    const again = await sendCsv(superToken, [header, ...good].join('\n'), '?dryRun=true');
    expect(again.body.problems.map((problem: { message: string }) => problem.message)).toEqual([
      'duplicate: already in the ledger (imported before)',
      'duplicate: already in the ledger (imported before)',
    ]);
    // The same new file written twice at once: the second waits for the fund's turn, finds the first's lines and is
    // refused with them (never a 500), and every line is in the ledger once.
    const q2 = [
      `desk-import,${ann.email},distribution,income,500.00,2026-06-30,Q2 income`,
      `desk-import,${ben.email},distribution,income,750.00,2026-06-30,Q2 income`,
    ];
    const both = await Promise.all([
      sendCsv(superToken, [header, ...q2].join('\n'), '?dryRun=false'),
      sendCsv(superToken, [header, ...q2].join('\n'), '?dryRun=false'),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const second = both.find((answer) => answer.status !== 200)!.body.error;
    expect([second.message, second.details.problems.map((problem: { message: string }) => problem.message)]).toEqual([
      'The file has 2 problems: nothing was written',
      ['duplicate: already in the ledger (imported before)', 'duplicate: already in the ledger (imported before)'],
    ]);
    expect((await entriesOf(ben.syndUser.id)).map((entry) => Number(entry.amount_cents)).sort((a, b) => a - b)).toEqual(
      [75_000, 187_550],
    );
    // The accountant's contributions are money in, as a confirmed funding: the commitment's funds-transfer dates follow.
    const wires = [
      `desk-import,${ann.email},contribution,,20000.00,2026-02-10,Wire`,
      `desk-import,${ann.email},contribution,,20000.00,2026-01-15,Wire`,
    ];
    expect((await sendCsv(superToken, [header, ...wires].join('\n'), '?dryRun=false')).body.written).toBe(2);
    const funded = await app.strapi.db
      .query(SYND_USER)
      .findOne({ where: { id: ann.syndUser.id }, select: ['ft_start_date', 'ft_complete_date'] });
    expect([
      String(new Date(funded.ft_start_date).toISOString()).slice(0, 10),
      String(new Date(funded.ft_complete_date).toISOString()).slice(0, 10),
    ]).toEqual(['2026-01-15', '2026-02-10']);
    // The admin panel sends it as JSON.
    const asJson = await admin('POST', '/sponsor-desk/imports?dryRun=true', { csv: [header, ...good].join('\n') });
    expect(asJson.body.problems).toHaveLength(2);
    expect((await sendCsv(superToken, 'fund,amount\nx,1', '?dryRun=true')).body.error.message).toBe(
      'The CSV needs the columns fund, investor_email, type, amount, effective_date (missing: investor_email, type, effective_date); kind and note may be added',
    );
  });

  it('writes one of two files sent at once that together would overfund a commitment, and nothing of the other', async () => {
    const { investors } = await fundWith(home, 'desk-import-race', [40_000, 40_000]);
    const [ann, ben] = investors;
    const header = 'fund,investor_email,type,kind,amount,effective_date,note';
    // Each file alone fits Ann's $40,000; together they bring her $60,000.
    const files = ['2026-05-01', '2026-05-02'].map((day) =>
      [
        header,
        `desk-import-race,${ann.email},contribution,,30000.00,${day},Wire`,
        `desk-import-race,${ben.email},contribution,,10000.00,${day},Wire`,
      ].join('\n'),
    );
    const answers = await Promise.all(files.map((file) => sendCsv(superToken, file, '?dryRun=false')));
    const written = answers.findIndex((answer) => answer.status === 200);
    expect(written).toBeGreaterThanOrEqual(0);
    const refused = answers[1 - written];
    // Checked once, in the fund's turn, after the other's write: refused with the problem that write makes.
    expect({
      status: refused.status,
      message: refused.body.error.message,
      problems: refused.body.error.details.problems,
    }).toEqual({
      status: 400,
      message: 'The file has 1 problem: nothing was written',
      problems: [
        {
          line: 2,
          message: `more than is left of the commitment of ${ann.email}: $40,000 committed, $30,000 funded or called before this line`,
        },
      ],
    });
    // Nothing of the refused file: Ben's line, which fitted, is not written either.
    const day = ['2026-05-01', '2026-05-02'][written];
    for (const [investor, cents] of [
      [ann, 3_000_000],
      [ben, 1_000_000],
    ] as const) {
      expect(
        (await entriesOf(investor.syndUser.id)).map((entry) => [
          Number(entry.amount_cents),
          String(entry.effective_date).slice(0, 10),
        ]),
      ).toEqual([[cents, day]]);
    }
  });

  it("reconciles an accountant's capital accounts with the ledger: what it holds is not written twice, differences become entries, a closing balance must roll forward", async () => {
    const { fund, investors } = await fundWith(home, 'desk-capital', [40_000, 60_000]);
    const [ann, ben] = investors;
    await admin('POST', '/sponsor-desk/funding', {
      syndUser: ann.syndUser.documentId,
      amount_cents: 2_000_000,
      date: '2026-01-10',
    });
    await distribute(fund.documentId, '2026-03-31', 100_000);
    const header =
      'fund,investor_email,period_start,period_end,contributions,distributions,fees,closing_balance,distribution_kind';
    const q1 = [
      // Ann's quarter is the ledger's: nothing to write. Ben's money and fee are not in it yet.
      `desk-capital,${ann.email},2026-01-01,2026-03-31,20000.00,1000.00,0,19000.00,`,
      `desk-capital,${ben.email},2026-01-01,2026-03-31,30000.00,0,150.00,30000.00,`,
    ];
    const bad = [
      `desk-capital,${ann.email},2026-04-01,2026-06-30,0,500.00,0,18000.00,income`,
      `desk-capital,stranger@example.com,2026-01-01,2026-03-31,0,0,0,0,`,
      `desk-capital,${ben.email},2026-04-01,2026-06-30,0,100.00,0,29900.00,`,
      `desk-capital,${ann.email},2026-01-01,2026-06-30,20000.00,900.00,0,19100.00,`,
    ];
    const dry = await sendCsv(editorToken, [header, ...q1, ...bad].join('\n'), '?dryRun=true');
    expect(dry.status).toBe(200);
    expect(dry.body.problems).toEqual([
      {
        line: 4,
        message:
          'closing_balance $18,000 does not match the roll-forward: opening $19,000 + contributions $0 - distributions $500 + change in value $0 = $18,500',
      },
      { line: 5, message: 'unknown investor: stranger@example.com has no commitment to desk-capital fund' },
      {
        line: 6,
        message: 'distribution_kind is required to record the $100 of distributions the ledger does not have',
      },
      {
        line: 7,
        message:
          "distributions $900 is less than the ledger's $1,000 for the period: correct the ledger on the desk with an adjustment",
      },
    ]);
    expect(
      dry.body.entries.map((entry: { line: number; type: string; amount_cents: number; effective_date: string }) => [
        entry.line,
        entry.type,
        entry.amount_cents,
        entry.effective_date,
      ]),
    ).toEqual([
      [3, 'contribution', 3_000_000, '2026-03-31'],
      [3, 'fee', 15_000, '2026-03-31'],
    ]);
    expect((await sendCsv(superToken, [header, ...q1, ...bad].join('\n'), '?dryRun=false')).body.error.message).toBe(
      'The file has 4 problems: nothing was written',
    );
    expect(await entriesOf(ben.syndUser.id)).toEqual([]);

    const clean = [...q1, `desk-capital,${ann.email},2026-04-01,2026-06-30,0,500.00,0,18500.00,income`];
    const written = await sendCsv(superToken, [header, ...clean].join('\n'), '?dryRun=false');
    expect([written.status, written.body.written]).toEqual([200, 3]);
    expect((await entriesOf(ben.syndUser.id)).map((entry) => [entry.type, Number(entry.amount_cents)]).sort()).toEqual([
      ['contribution', 3_000_000],
      ['fee', 15_000],
    ]);
    expect((await entriesOf(ann.syndUser.id)).map((entry) => [entry.type, Number(entry.amount_cents)]).sort()).toEqual([
      ['contribution', 2_000_000],
      ['distribution', 100_000],
      ['distribution', 50_000],
    ]);
    // The imported distribution is announced as a posted one.
    await waitForMail(ann.email, 'Distribution from desk-capital fund: $500');
    // The same accounts again: all in the ledger, nothing to write, nothing wrong.
    const again = await sendCsv(superToken, [header, ...clean].join('\n'), '?dryRun=true');
    expect([again.body.problems, again.body.entries]).toEqual([[], []]);
    expect(
      (await sendCsv(superToken, 'fund,investor_email,period_start\nx,y,2026-01-01', '?dryRun=true')).body.error
        .message,
    ).toBe(
      'A capital account CSV needs the columns fund, investor_email, period_start, period_end, contributions, distributions, fees, closing_balance (missing: period_end, contributions, distributions, fees, closing_balance); distribution_kind and note may be added',
    );
  });

  it("pays an open capital call with the accountant's wire of its share, and refuses money the ledger or the commitment cannot take", async () => {
    const { fund, investors } = await fundWith(home, 'desk-wires', [40_000, 60_000]);
    const [ann, ben] = investors;
    const draft = await admin('POST', '/sponsor-desk/fund-events', {
      fund: fund.documentId,
      type: 'capital_call',
      date: '2026-04-01',
      due_date: '2026-04-30',
      percent: 25,
      basis: 'commitment',
    });
    expect((await admin('POST', `/sponsor-desk/fund-events/${draft.body.documentId}/post`)).status).toBe(200);
    const header = 'fund,investor_email,type,kind,amount,effective_date,note';
    // Ann wires her call's $10,000; Ben wires $15,000 of his commitment outside any call, which the file cannot take
    // with his $15,000 call unpaid and $50,000 more: 60,000 committed.
    const file = [
      header,
      `desk-wires,${ann.email},contribution,,10000.00,2026-04-20,Wire`,
      `desk-wires,${ben.email},contribution,,50000.00,2026-04-20,Wire`,
    ].join('\n');
    const dry = await sendCsv(superToken, file, '?dryRun=true');
    expect(dry.body.problems).toEqual([
      {
        line: 3,
        message: `more than is left of the commitment of ${ben.email}: $60,000 committed, $15,000 funded or called before this line`,
      },
    ]);
    expect(dry.body.entries).toEqual([
      expect.objectContaining({
        line: 2,
        amount_cents: 1_000_000,
        fundEvent: { id: expect.any(Number), documentId: draft.body.documentId },
      }),
    ]);
    const written = await sendCsv(
      superToken,
      [header, `desk-wires,${ann.email},contribution,,10000.00,2026-04-20,Wire`].join('\n'),
      '?dryRun=false',
    );
    expect(written.body.written).toBe(1);
    // The call is paid: the desk cannot take its money again, nor can another file.
    const twice = await admin('POST', '/sponsor-desk/funding', {
      syndUser: ann.syndUser.documentId,
      fundEvent: draft.body.documentId,
      amount_cents: 1_000_000,
      date: '2026-04-21',
    });
    expect(twice.body.error.message).toBe('This capital call is funded already');
    const again = await sendCsv(
      superToken,
      [header, `desk-wires,${ann.email},contribution,,10000.00,2026-04-20,Second wire`].join('\n'),
      '?dryRun=true',
    );
    expect(again.body.problems).toEqual([
      { line: 2, message: 'duplicate: the ledger has this entry already (same investor, type, date and amount)' },
    ]);
    // Paying a call completes what was asked: Ann is Funded on the board.
    const board = (await admin('GET', `/sponsor-desk/funds/${fund.documentId}/commitments?sort=email:asc`)).body
      .results;
    expect(
      board.map((line: { investor: { email: string }; state: string; fundedAmount: number }) => [
        line.investor.email,
        line.state,
        line.fundedAmount,
      ]),
    ).toEqual(
      [
        [ann.email, 'funded', 10_000],
        [ben.email, 'countersigned', null],
      ].sort((one, other) => String(one[0]).localeCompare(String(other[0]))),
    );

    // A distribution the desk posted is not imported again under another note.
    const distribution = await admin('POST', '/sponsor-desk/fund-events', {
      fund: fund.documentId,
      type: 'distribution',
      date: '2026-06-30',
      total_cents: 100_000,
      basis: 'commitment',
      kind: 'income',
    });
    await admin('POST', `/sponsor-desk/fund-events/${distribution.body.documentId}/post`);
    const annShare = distribution.body.allocation.find(
      (line: { syndUser: { documentId: string } }) => line.syndUser.documentId === ann.syndUser.documentId,
    ).amount_cents;
    const repeated = await sendCsv(
      superToken,
      [
        header,
        `desk-wires,${ann.email},distribution,income,${(annShare / 100).toFixed(2)},2026-06-30,From the accountant`,
      ].join('\n'),
      '?dryRun=true',
    );
    expect(repeated.body.problems).toEqual([
      { line: 2, message: 'duplicate: the ledger has this entry already (same investor, type, date and amount)' },
    ]);
  });

  it('funds a commitment once its money has all arrived: part of it leaves the investor to fund the rest', async () => {
    const { fund, investors } = await fundWith(home, 'desk-part', [50_000]);
    const [cara] = investors;
    const row = () =>
      app.strapi.db
        .query(SYND_USER)
        .findOne({ where: { id: cara.syndUser.id }, select: ['ft_start_date', 'ft_complete_date'] });
    const state = async () =>
      (await admin('GET', `/sponsor-desk/funds/${fund.documentId}/commitments`)).body.results[0];
    expect(
      (
        await admin('POST', '/sponsor-desk/funding', {
          syndUser: cara.syndUser.documentId,
          amount_cents: 1_234_567,
          date: '2026-05-01',
        })
      ).status,
    ).toBe(200);
    expect(await row()).toMatchObject({ ft_complete_date: null });
    expect((await row()).ft_start_date).toBeTruthy();
    expect(await state()).toMatchObject({ state: 'countersigned', fundedAmount: 12_345.67, waitingFor: 'funding' });
    expect(
      (
        await admin('POST', '/sponsor-desk/funding', {
          syndUser: cara.syndUser.documentId,
          amount_cents: 3_765_433,
          date: '2026-05-09',
        })
      ).status,
    ).toBe(200);
    expect(new Date((await row()).ft_complete_date).toISOString().slice(0, 10)).toBe('2026-05-09');
    expect(await state()).toMatchObject({ state: 'funded', fundedAmount: 50_000 });
  });

  it("refuses an accountant's money for a commitment not countersigned yet", async () => {
    const { fund, investors } = await fundWith(home, 'desk-nosign', [20_000]);
    await app.strapi.db
      .query(SYND_USER)
      .update({ where: { id: investors[0].syndUser.id }, data: { sa_complete_date: null } });
    const dry = await sendCsv(
      superToken,
      [
        'fund,investor_email,type,kind,amount,effective_date',
        `desk-nosign,${investors[0].email},contribution,,100.00,2026-05-01`,
      ].join('\n'),
      '?dryRun=true',
    );
    expect(dry.body.problems).toEqual([
      {
        line: 2,
        message: `the subscription agreement of ${investors[0].email} to desk-nosign fund is not countersigned yet: countersign it before recording its money`,
      },
    ]);
    expect(fund.documentId).toBeTruthy();
  });
});
