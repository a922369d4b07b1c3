import { beforeAll, describe, expect, it } from 'vitest';
import { raiseState } from '@portal/rules';
import { upkeep } from '../src/api/upkeep/services/upkeep';
import {
  adminToken,
  call,
  createUser,
  joinStaff,
  mailsTo,
  signedInUser,
  signIn,
  uniqueEmail,
  waitForMail,
} from './helpers/auth';
import { createInvestor, createOffering, signAsInvestor, type Investor, type Offering } from './helpers/signing';
import { createPortal } from './helpers/records';
import { http, useStrapi, type TestApp, fixtureDocuments } from './helpers/strapi';
import {
  DESK_ACTION,
  FUND,
  INVESTMENT,
  PORTAL,
  PROOF_DOCUMENT,
  REMINDER,
  SIGNING,
  SYND_AGREEMENT,
  SYND_USER,
  TAX_DOCUMENT,
  USER,
  USER_AUTH,
} from '../src/utils/uids';

/**
 * The sponsor desk's raise board (docs/sponsor-desk.md): a portal's funds with what is committed, funded and left,
 * investors by state; a fund's commitments table paged, sorted, filtered and exported; reminders at most once a day;
 * several agreements countersigned at once. Editors see and remind; only admins countersign, confirm funding or export.
 */
let app: TestApp;
let offering: Offering;
let editorToken: string;
let superToken: string;
const DAY = 86_400_000;

const panel = (token: string, method: string, route: string, body?: unknown) =>
  http(app, method, route, body, { Authorization: `Bearer ${token}` });
const editor = (method: string, route: string, body?: unknown) => panel(editorToken, method, route, body);
const admin = (method: string, route: string, body?: unknown) => panel(superToken, method, route, body);

/** The investors by the state they are put in. */
const by: Record<string, Investor[]> = {};

const setRow = (who: Investor, data: Record<string, unknown>) =>
  app.strapi.db.query(SYND_USER).update({ where: { id: who.syndUserId }, data });

async function investor(
  state: string,
  prefix: string,
  options: { spouse?: boolean; status?: string | null; amount?: number } = {},
): Promise<Investor> {
  const who = await createInvestor(app, offering, `board-${prefix}`, {
    spouse: options.spouse ?? false,
    status: (options.status === undefined ? 'Accepted investment' : options.status) as string,
  });
  await app.strapi.db.query(USER).update({
    where: { id: who.id },
    data: { firstName: prefix[0].toUpperCase() + prefix.slice(1), lastName: 'Boardman' },
  });
  if (options.amount) await setRow(who, { invest_amount: options.amount });
  (by[state] ??= []).push(who);
  return who;
}

/** The reminder service, called as the desk's route calls it, with the day it is sent and the mails' promise. */
const reminderService = () =>
  app.strapi.service('api::reminder.reminder') as unknown as {
    send(
      input: Record<string, unknown>,
      staffName: string,
      now?: Date,
    ): Promise<{ answer: Record<string, unknown>; delivered: Promise<void> }>;
  };
/** The board's service, as the desk's CSV route calls it (with its batch size). */
const boardService = () =>
  app.strapi.service('api::synd-user.board') as unknown as {
    commitmentsCsv(
      fund: string,
      query: { sort: { field: string; desc: boolean } },
      options: { batch: number },
    ): Promise<{ csv: AsyncGenerator<string> }>;
  };
/** Another offering, in a portal of its own that the editor runs too. */
async function editorsOffering(slug: string): Promise<Offering> {
  const made = await createOffering(app, slug);
  await joinStaff(app, 'board-editor@portal.local', made.portal);
  return made;
}
/**
 * A commitment of an investor to another portal's fund, as a database from before the same-portal rule may hold one
 * (docs/record-rules.md): written with the query engine, since no Document Service write makes one now. The desk must
 * still keep each portal's figures to its own funds.
 */
async function commitmentAcrossPortals(
  userId: number,
  made: Offering,
  amount: number,
): Promise<{ id: number; documentId: string }> {
  const [fund, investment] = await Promise.all([
    app.strapi.db.query(FUND).findOne({ where: { documentId: made.fund }, select: ['id'] }),
    app.strapi.db.query(INVESTMENT).findOne({ where: { documentId: made.investment }, select: ['id'] }),
  ]);
  return app.strapi.db.query(SYND_USER).create({
    data: {
      user: userId,
      fund: fund.id,
      investment: investment.id,
      invest_status: 'Accepted investment',
      invest_amount: amount,
    },
  });
}
const commitments = (query: string, as = editor) =>
  as('GET', `/sponsor-desk/funds/${offering.fund}/commitments${query}`);
const emailsOf = (body: { results: { investor: { email: string } }[] }) =>
  body.results.map((line) => line.investor.email);

beforeAll(async () => {
  app = await useStrapi();
  offering = await createOffering(app, 'board');
  editorToken = await adminToken(
    app,
    'board-editor@portal.local',
    'strapi-editor',
    ['Eddie', 'Editor'],
    [offering.portal],
  );
  superToken = await adminToken(app, 'board-admin@portal.local', 'strapi-super-admin', ['Ada', 'Admin']);

  await investor('reviewed', 'rita', { status: null });
  await investor('committed', 'carl', { amount: 20_000 });
  await investor('committed', 'cora', { spouse: true, amount: 30_000 });
  for (const name of ['ivan', 'iris'])
    await signAsInvestor(app, await investor('investor_signed', name), 'Board Investor');
  // Signed; the spouse, who must sign too, has not.
  await signAsInvestor(app, await investor('investor_signed', 'ines', { spouse: true }), 'Board Investor');
  await setRow(await investor('spouse_signed', 'sam', { spouse: true }), {
    syndAgreementSignedByCurrentUser: true,
    syndAgreementSignedByCurrentUserCosub: true,
  });
  await setRow(await investor('countersigned', 'cole', { amount: 40_000 }), {
    syndAgreementSignedByCurrentUser: true,
    sa_complete_date: new Date(Date.now() - 3 * DAY),
  });
  await setRow(await investor('declined', 'dana', { status: 'Declined investment' }), {
    feedback: 'The minimum is too high for me',
  });
  const funded = await investor('funded', 'fay', { amount: 60_000 });
  await setRow(funded, { syndAgreementSignedByCurrentUser: true, sa_complete_date: new Date(Date.now() - 9 * DAY) });
  expect(
    (
      await admin('POST', '/sponsor-desk/funding', {
        syndUser: funded.syndUser,
        amount_cents: 6_000_000,
        date: '2026-11-20',
      })
    ).status,
  ).toBe(200);
});

describe('the board', () => {
  it("answers each fund's figures and its investors by state, as the database holds them", async () => {
    const { status, body } = await editor('GET', `/sponsor-desk/funds?portal=${offering.portal.slug}`);
    expect(status).toBe(200);
    expect(body.portal).toEqual({ slug: 'board', name: 'Portal board' });
    expect(body.funds).toHaveLength(1);
    const [fund] = body.funds;
    // The rules' state of each row, read back from the database.
    const rows = (await app.strapi.db
      .query(SYND_USER)
      .findMany({ where: { fund: { documentId: offering.fund } } })) as Parameters<typeof raiseState>[0][];
    const expected: Record<string, number> = {
      reviewed: 0,
      committed: 0,
      investor_signed: 0,
      spouse_signed: 0,
      countersigned: 0,
      funded: 0,
      declined: 0,
    };
    for (const row of rows) expected[raiseState(row)] += 1;
    expect(fund.counts).toEqual(expected);
    expect(fund.counts).toEqual({
      reviewed: 1,
      committed: 2,
      investor_signed: 3,
      spouse_signed: 1,
      countersigned: 1,
      funded: 1,
      declined: 1,
    });
    // Committed: every yes (20k + 30k + 3 x 50k + 50k + 40k + 60k); funded: the ledger's contribution.
    expect(fund).toMatchObject({
      documentId: offering.fund,
      name: 'board Fund I',
      total: 1_000_000,
      committed: 350_000,
      funded: 60_000,
      left: 650_000,
      investors: 10,
      days_left: 20,
    });
    expect(body.states.map((state: { label: string }) => state.label)).toEqual([
      'Reviewed',
      'Committed',
      'Investor signed',
      'Spouse signed',
      'Countersigned',
      'Funded',
      'Declined',
    ]);
    // 'Why people passed' comes with the board: no call per card.
    expect(fund.declines).toEqual([{ name: 'Dana Boardman', feedback: 'The minimum is too high for me' }]);
  });

  it("answers each fund's latest three declines, last changed first, with the feedback given", async () => {
    const passed = await editorsOffering('passed');
    const other = (
      await fixtureDocuments(app, 'api::fund.fund').create({
        data: { name: 'passed Fund II', company: passed.company } as never,
      })
    ).documentId;
    const decline = async (first: string, feedback: string | null, daysAgo: number, fund = passed.fund) => {
      const who = await createInvestor(app, { ...passed, fund }, `passed-${first.toLowerCase()}`, {
        spouse: false,
        status: 'Declined investment',
      });
      await app.strapi.db.query(USER).update({ where: { id: who.id }, data: { firstName: first, lastName: 'Passer' } });
      await setRow(who, { feedback });
      // Last changed `daysAgo` (the query engine dates every update now), in the table itself.
      const meta = app.strapi.db.metadata.get(SYND_USER);
      await app.strapi.db
        .connection(meta.tableName)
        .where({ id: who.syndUserId })
        .update({
          [(meta.attributes.updatedAt as { columnName: string }).columnName]: new Date(Date.now() - daysAgo * DAY),
        });
      return who;
    };
    await decline('Ann', 'Too early for me', 4);
    await decline('Ben', 'Not this year', 3);
    await decline('Cy', null, 1);
    await decline('Dot', 'Fees', 2);
    await decline('Eve', 'Another fund', 5, other);
    // Changed later than any decline, but not a decline.
    await createInvestor(app, passed, 'passed-yes', { spouse: false });

    const { body } = await editor('GET', '/sponsor-desk/funds?portal=passed');
    const declinesOf = (name: string) => body.funds.find((fund: { name: string }) => fund.name === name).declines;
    expect(declinesOf('passed Fund I')).toEqual([
      { name: 'Cy Passer', feedback: null },
      { name: 'Dot Passer', feedback: 'Fees' },
      { name: 'Ben Passer', feedback: 'Not this year' },
    ]);
    expect(declinesOf('passed Fund II')).toEqual([{ name: 'Eve Passer', feedback: 'Another fund' }]);
    // The same three the table lists, sorted as it sorts them.
    const table = (
      await editor(
        'GET',
        `/sponsor-desk/funds/${passed.fund}/commitments?state=declined&sort=updatedAt:desc&pageSize=3`,
      )
    ).body.results;
    expect(
      table.map((line: { investor: { name: string }; feedback: string | null }) => ({
        name: line.investor.name,
        feedback: line.feedback,
      })),
    ).toEqual(declinesOf('passed Fund I'));
  });

  it('adds up a fund funded both before the ledger and through it, row by row as the table shows it', async () => {
    const mixed = await editorsOffering('mixed');
    const early = await createInvestor(app, mixed, 'mixed-early', { spouse: false });
    const late = await createInvestor(app, mixed, 'mixed-late', { spouse: false });
    const partial = await createInvestor(app, mixed, 'mixed-partial', { spouse: false });
    // Funded before the ledger existed: marked funded, no contribution entry.
    await app.strapi.db.query(SYND_USER).update({
      where: { id: early.syndUserId },
      data: {
        invest_amount: 25_000,
        syndAgreementSignedByCurrentUser: true,
        sa_complete_date: new Date(Date.now() - 30 * DAY),
        ft_complete_date: new Date(Date.now() - 20 * DAY),
      },
    });
    for (const who of [late, partial])
      await app.strapi.db.query(SYND_USER).update({
        where: { id: who.syndUserId },
        data: { syndAgreementSignedByCurrentUser: true, sa_complete_date: new Date(Date.now() - 5 * DAY) },
      });
    expect(
      (
        await admin('POST', '/sponsor-desk/funding', {
          syndUser: late.syndUser,
          amount_cents: 5_000_000,
          date: '2026-11-20',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await admin('POST', '/sponsor-desk/funding', {
          syndUser: partial.syndUser,
          amount_cents: 1_234_567,
          date: '2026-11-21',
        })
      ).status,
    ).toBe(200);

    const [fund] = (await editor('GET', '/sponsor-desk/funds?portal=mixed')).body.funds;
    // 25,000 marked funded + 50,000 and 12,345.67 in the ledger.
    expect(fund).toMatchObject({ committed: 125_000, funded: 87_345.67 });
    const table = (await editor('GET', `/sponsor-desk/funds/${mixed.fund}/commitments`)).body.results as {
      fundedAmount: number | null;
    }[];
    expect(table.reduce((sum, line) => sum + (line.fundedAmount ?? 0), 0)).toBeCloseTo(fund.funded, 2);
  });

  it('names an unknown portal', async () => {
    expect(await editor('GET', '/sponsor-desk/funds?portal=nowhere')).toMatchObject({
      status: 404,
      body: { error: { message: 'Portal not found' } },
    });
  });
});

describe('the commitments table', () => {
  it('filters by state and sorts, paged as Strapi admin lists answer', async () => {
    const signed = await commitments('?state=investor_signed&sort=name:asc');
    expect(signed.status).toBe(200);
    expect(emailsOf(signed.body)).toEqual(
      ['ines', 'iris', 'ivan'].map(
        (name) => by.investor_signed.find((who) => who.email.startsWith(`board-${name}`))!.email,
      ),
    );
    expect(signed.body.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 1, total: 3 });

    const byAmount = await commitments('?sort=amount:desc&pageSize=3&page=1');
    expect(byAmount.body.results.map((line: { amount: number }) => line.amount)).toEqual([60_000, 50_000, 50_000]);
    expect(byAmount.body.pagination).toEqual({ page: 1, pageSize: 3, pageCount: 4, total: 10 });
    const last = await commitments('?sort=amount:desc&pageSize=3&page=4');
    expect(last.body.results.map((line: { amount: number }) => line.amount)).toEqual([20_000]);

    const search = await commitments('?q=FAY');
    expect(search.body.results).toHaveLength(1);
    // A name as staff type it: first last, last first, or last, first.
    for (const q of ['fay boardman', 'Boardman Fay', 'boardman, fay'])
      expect(emailsOf((await commitments(`?q=${encodeURIComponent(q)}`)).body), q).toEqual([by.funded[0].email]);
    expect(search.body.results[0]).toMatchObject({
      state: 'funded',
      amount: 60_000,
      fundedAmount: 60_000,
      fundedAt: '2026-11-20T00:00:00.000Z',
      method: 'CASH',
      investor: { name: 'Fay Boardman', email: by.funded[0].email, accreditation: null, accreditationDue: true },
    });
  });

  it('shows each signature, the spouse, and a decline with its feedback', async () => {
    const ines = (await commitments(`?q=${encodeURIComponent(by.investor_signed[2].email)}`)).body.results[0];
    expect(ines).toMatchObject({
      state: 'investor_signed',
      is_married: true,
      spouse: { name: 'Pat Partner', email: by.investor_signed[2].spouseEmail },
      spouseSignedAt: null,
    });
    expect(Date.now() - Date.parse(ines.investorSignedAt)).toBeLessThan(5 * 60_000);
    const declined = (await commitments('?state=declined')).body.results;
    expect(declined).toMatchObject([
      { state: 'declined', feedback: 'The minimum is too high for me', investor: { name: 'Dana Boardman' } },
    ]);
  });

  it('offers a new signing link only where a link waits for the investor or the spouse to sign', async () => {
    const lineOf = async (who: Investor) => (await commitments(`?q=${encodeURIComponent(who.email)}`)).body.results[0];
    // Signing never started: nothing to reissue, as the call itself says.
    const [carl, ines, ivan] = [by.committed[0], by.investor_signed[2], by.investor_signed[0]];
    expect(await lineOf(carl)).toMatchObject({ waitingFor: 'investor', hasOpenLink: false });
    expect(await admin('POST', `/sponsor-desk/commitments/${carl.syndUser}/signing-links`, {})).toMatchObject({
      status: 409,
      body: { error: { message: 'This commitment has no signing link waiting for a signature' } },
    });
    // Ines signed; her spouse's link waits. Ivan signed alone: it waits for management, no link.
    expect(await lineOf(ines)).toMatchObject({ waitingFor: 'spouse', hasOpenLink: true });
    expect(await lineOf(ivan)).toMatchObject({ waitingFor: 'management', hasOpenLink: false });
    // Signing started, not signed yet: the investor's link waits.
    const started = await editorsOffering('links');
    const opened = await createInvestor(app, started, 'links-opened', { spouse: true });
    expect(
      (
        await call(
          app,
          'POST',
          '/api/syndication/request_sign',
          { id: opened.syndUser },
          { authCode: opened.authCode, headers: { origin: 'http://localhost:5173' } },
        )
      ).status,
    ).toBe(200);
    const [line] = (await editor('GET', `/sponsor-desk/funds/${started.fund}/commitments`)).body.results;
    expect(line).toMatchObject({ state: 'committed', waitingFor: 'investor', hasOpenLink: true });
  });

  it('opens the document an investor signed, for staff to read before countersigning; nothing before anyone signed', async () => {
    const ines = by.investor_signed[2];
    const read = await editor('GET', `/sponsor-desk/commitments/${ines.syndUser}/document`);
    expect(read.status).toBe(200);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect((read.body as string).startsWith('%PDF-')).toBe(true);
    const unsigned = by.committed[0];
    expect(await editor('GET', `/sponsor-desk/commitments/${unsigned.syndUser}/document`)).toMatchObject({
      status: 404,
      body: { error: { message: 'The signed document is not available yet' } },
    });
    expect((await http(app, 'GET', `/sponsor-desk/commitments/${ines.syndUser}/document`)).status).toBe(401);
  });

  it('refuses a query it cannot answer, naming what is wrong', async () => {
    expect((await commitments('?state=signed')).body.error.message).toBe(
      'state must be one of reviewed, committed, investor_signed, spouse_signed, countersigned, funded, declined',
    );
    expect((await commitments('?sort=password:asc')).body.error.message).toMatch(
      /^sort must be one of name, email, amount/,
    );
    expect((await commitments('?pageSize=500')).body.error.message).toBe(
      'pageSize must be a whole number from 1 to 100',
    );
    expect((await commitments('?page=0')).status).toBe(400);
    expect((await editor('GET', '/sponsor-desk/funds/no-such-fund/commitments')).status).toBe(404);
    expect((await editor('GET', '/sponsor-desk/funds/99999999999/commitments')).status).toBe(400);
  });

  it("exports exactly what the filter shows, in the table's order, for admins only", async () => {
    const csv = await admin(
      'GET',
      `/sponsor-desk/funds/${offering.fund}/commitments.csv?state=investor_signed&sort=name:desc`,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="board-fund-i-commitments-investor_signed.csv"',
    );
    const lines = (csv.body as string).trim().split('\n');
    expect(lines[0]).toBe(
      'Investor,Email,State,Accreditation,Accreditation date,Amount,Method,Married,Spouse,Spouse email,Investor signed,Spouse signed,Countersigned,Funded,Funded amount,Last reminder,Feedback,Ask again',
    );
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      'Ivan Boardman',
      'Iris Boardman',
      'Ines Boardman',
    ]);
    expect(lines[3].split(',').slice(2, 10)).toEqual([
      'Investor signed',
      '',
      '',
      '50000',
      'CASH',
      'yes',
      'Pat Partner',
      by.investor_signed[2].spouseEmail,
    ]);
    const all = await admin('GET', `/sponsor-desk/funds/${offering.fund}/commitments.csv`);
    expect((all.body as string).trim().split('\n')).toHaveLength(11);
    expect(all.body).toContain('The minimum is too high for me');

    expect((await editor('GET', `/sponsor-desk/funds/${offering.fund}/commitments.csv`)).status).toBe(403);
  });

  it("exports the rows of every page of the table, once each, in its order, with 'ask again' as the table shows it", async () => {
    for (const query of [
      '?sort=name:asc',
      '?sort=lastRemindedAt:desc',
      '?state=committed&sort=amount:desc',
      '?q=boardman&sort=state:asc',
    ]) {
      const shown: { investor: { email: string; accreditationDue: boolean } }[] = [];
      for (let page = 1; ; page += 1) {
        const { body } = await commitments(`${query}&page=${page}&pageSize=3`, admin);
        shown.push(...body.results);
        if (page >= body.pagination.pageCount) break;
      }
      const csv = (await admin('GET', `/sponsor-desk/funds/${offering.fund}/commitments.csv${query}`)).body as string;
      const rows = csv
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(','));
      expect(rows.map((row) => row[1])).toEqual(shown.map((line) => line.investor.email));
      expect(rows.map((row) => row.at(-1))).toEqual(
        shown.map((line) => (line.investor.accreditationDue ? 'yes' : 'no')),
      );
    }
  });

  it('streams each row of the filter exactly once while a reminder moves rows between its batches', async () => {
    const before = (await commitments('?sort=lastRemindedAt:desc&pageSize=100', admin)).body.results as {
      documentId: string;
      investor: { email: string };
      lastRemindedAt: string | null;
    }[];
    const { csv } = await boardService().commitmentsCsv(
      offering.fund,
      { sort: { field: 'lastRemindedAt', desc: true } },
      { batch: 2 },
    );
    const chunks: string[] = [];
    for await (const chunk of csv) {
      chunks.push(chunk);
      // Once the first batch is out, a reminder dates the first row exported and the last one still to come: sorted
      // by last reminder both move (to the front), which OFFSET batches would read as a repeated and a skipped row.
      if (chunks.length === 2) {
        for (const [line, at] of [
          [before[0], '2020-01-02T00:00:00.000Z'],
          [before.at(-1)!, '2020-01-01T00:00:00.000Z'],
        ] as const) {
          await app.strapi.db
            .query(SYND_USER)
            .update({ where: { documentId: line.documentId }, data: { lastRemindedAt: at } });
        }
      }
    }
    const emails = chunks
      .join('')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[1]);
    expect(emails).toEqual(before.map((line) => line.investor.email));
    for (const line of [before[0], before.at(-1)!])
      await app.strapi.db
        .query(SYND_USER)
        .update({ where: { documentId: line.documentId }, data: { lastRemindedAt: line.lastRemindedAt } });
  });

  it('cuts the download when a batch fails after the header went out, so the browser sees a failed download, not a short file', async () => {
    // A database that goes away between two batches cannot be caused on demand: the test swaps the export for one
    // whose second batch fails, the real header and first batch first.
    const service = boardService();
    const real = service.commitmentsCsv;
    service.commitmentsCsv = async (fund, query) => {
      const exported = await real.call(service, fund, query, { batch: 2 });
      async function* failing(): AsyncGenerator<string> {
        yield (await exported.csv.next()).value as string;
        yield (await exported.csv.next()).value as string;
        throw new Error('The database went away');
      }
      return { ...exported, csv: failing() };
    };
    try {
      const response = await fetch(`${app.url}/sponsor-desk/funds/${offering.fund}/commitments.csv`, {
        headers: { Authorization: `Bearer ${superToken}` },
      });
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow();
    } finally {
      service.commitmentsCsv = real;
    }
    // The desk answers again afterwards.
    expect((await admin('GET', `/sponsor-desk/funds/${offering.fund}/commitments.csv`)).status).toBe(200);
  });

  it('exports what investors typed as text a spreadsheet does not run', async () => {
    const sly = await editorsOffering('sly');
    const who = await createInvestor(app, sly, 'sly-one', { spouse: true });
    await app.strapi.db.query(USER).update({
      where: { id: who.id },
      data: { firstName: '=HYPERLINK("http://evil.example","Click")', lastName: 'Sly' },
    });
    await setRow(who, { cosub_first_name: '@SUM(A1)', cosub_last_name: 'X' });
    const declined = await createInvestor(app, sly, 'sly-two', { spouse: false, status: 'Declined investment' });
    await setRow(declined, { feedback: '+1+2' });
    const other = await createInvestor(app, sly, 'sly-three', { spouse: false, status: 'Declined investment' });
    await setRow(other, { feedback: '-3\tcmd|calc' });
    const tab = await createInvestor(app, sly, 'sly-four', { spouse: false, status: 'Declined investment' });
    await setRow(tab, { feedback: '\tcmd' });

    const csv = (await admin('GET', `/sponsor-desk/funds/${sly.fund}/commitments.csv`)).body as string;
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"") Sly"`);
    expect(csv).toContain("'@SUM(A1) X");
    expect(csv).toContain(",'+1+2");
    expect(csv).toContain(",'-3\tcmd|calc");
    expect(csv).toContain(",'\tcmd");
    // Figures stay figures.
    expect(csv).toContain(',50000,CASH,');
    expect(csv).not.toMatch(/,[=+@-][^0-9]/);
  });
});

describe('reminders', () => {
  it('reminds those who must still sign, by bell and mail, once a day, each recorded', async () => {
    const sent = await editor('POST', '/sponsor-desk/reminders', { fund: offering.fund, state: 'committed' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ state: 'committed', sent: 2, skipped: 0, notNeeded: 0 });
    for (const who of by.committed) {
      const mail = await waitForMail(who.email, 'Reminder: board Deal is waiting for you');
      expect(mail.text).toContain('Please sign your subscription agreement');
    }
    const bell = await call(
      app,
      'GET',
      '/api/notifications?mine=true&populate=template&sort=-createdAt&limit=10',
      undefined,
      { authCode: by.committed[0].authCode },
    );
    expect(bell.body.items[0]).toMatchObject({ subject: 'Reminder: board Deal is waiting for you' });
    const recorded = await app.strapi.db
      .query(REMINDER)
      .findMany({ where: { syndUser: { id: by.committed[0].syndUserId } } });
    expect(recorded).toMatchObject([{ state: 'committed', sentBy: 'Eddie Editor', email: by.committed[0].email }]);
    expect(
      (await commitments('?state=committed')).body.results.every(
        (line: { lastRemindedAt: string | null }) => line.lastRemindedAt,
      ),
    ).toBe(true);

    // The same day again: nobody is reminded twice.
    const again = await admin('POST', '/sponsor-desk/reminders', { fund: offering.fund, state: 'committed' });
    expect(again.body).toMatchObject({ sent: 0, skipped: 2 });
    expect(mailsTo(by.committed[0].email).filter((mail) => /^Subject: Reminder:/m.test(mail.raw))).toHaveLength(1);
  });

  it("asks a spouse's signature of the spouse, with their own signing link, and the money of the right investors only", async () => {
    // Of the three who signed, only Ines waits for her spouse; the others wait for management.
    const ines = by.investor_signed[2];
    const spouseMail = 'Please sign your subscription agreement for board Fund I';
    // The spouse got their link when Ines signed.
    const first = await waitForMail(ines.spouseEmail!, spouseMail);
    const spouse = await editor('POST', '/sponsor-desk/reminders', { fund: offering.fund, state: 'investor_signed' });
    expect(spouse.body).toMatchObject({ sent: 1, skipped: 0, notNeeded: 2 });
    const reminded = await waitForMail(ines.spouseEmail!, spouseMail, 2);
    expect(reminded.text).toContain(
      'Ines Boardman has signed a subscription agreement for board Fund I. As their spouse, please review and sign it here:',
    );
    // The same link as the first mail: nothing new issued, and it opens the spouse's signing.
    const linkOf = (text: string) => /\/sign\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
    expect(linkOf(reminded.text)).toBe(linkOf(first.text));
    const opened = await call(app, 'GET', `/api/signing/${linkOf(reminded.text)}`);
    expect(opened.status).toBe(200);
    // Ines herself gets no reminder; the record names where it went, once for her that day.
    expect(mailsTo(ines.email).filter((mail) => /^Subject: Reminder:/m.test(mail.raw))).toHaveLength(0);
    await expect
      .poll(async () =>
        (await app.strapi.db.query(REMINDER).findMany({ where: { syndUser: { id: ines.syndUserId } } })).map(
          ({ state, email, step, sentAt, failedAt }) => ({ state, email, step, sent: Boolean(sentAt), failedAt }),
        ),
      )
      .toEqual([
        {
          state: 'investor_signed',
          email: ines.spouseEmail,
          step: "Please sign the subscription agreement as the investor's spouse (your signing link is in this mail)",
          sent: true,
          failedAt: null,
        },
      ]);
    expect(
      (await editor('POST', '/sponsor-desk/reminders', { fund: offering.fund, state: 'investor_signed' })).body,
    ).toMatchObject({ sent: 0, skipped: 1 });
    const funding = await editor('POST', '/sponsor-desk/reminders', { fund: offering.fund, state: 'countersigned' });
    expect(funding.body).toMatchObject({ sent: 1 });
    expect((await waitForMail(by.countersigned[0].email, 'Reminder: board Deal is waiting for you')).text).toContain(
      'Please fund your commitment',
    );
  });

  it('reminds the same investors again the next day', async () => {
    const { answer, delivered } = await reminderService().send(
      { fund: offering.fund, state: 'committed' },
      'Eddie Editor',
      new Date(Date.now() + DAY),
    );
    expect(answer).toMatchObject({ sent: 2, skipped: 0 });
    await delivered;
    for (const who of by.committed) await waitForMail(who.email, 'Reminder: board Deal is waiting for you', 2);
  });

  it('reminds an investor once a day whichever fund it is about', async () => {
    const first = await editorsOffering('remind-one');
    const second = await editorsOffering('remind-two');
    const both = await createInvestor(app, first, 'remind-both', { spouse: false });
    await commitmentAcrossPortals(both.id, second, 30_000);
    expect(
      (await editor('POST', '/sponsor-desk/reminders', { fund: first.fund, state: 'committed' })).body,
    ).toMatchObject({ sent: 1, skipped: 0 });
    expect(
      (await admin('POST', '/sponsor-desk/reminders', { fund: second.fund, state: 'committed' })).body,
    ).toMatchObject({ sent: 0, skipped: 1 });
    await waitForMail(both.email, 'Reminder: remind-one Deal is waiting for you');
  });

  it('reminds only the rows the search keeps, as the table lists them', async () => {
    const offered = await editorsOffering('remind-search');
    const [found, other] = [
      await createInvestor(app, offered, 'remind-found', { spouse: false }),
      await createInvestor(app, offered, 'remind-other', { spouse: false }),
    ];
    await app.strapi.db
      .query(USER)
      .update({ where: { id: found.id }, data: { firstName: 'Quinn', lastName: 'Searched' } });
    const listed = await editor('GET', `/sponsor-desk/funds/${offered.fund}/commitments?state=committed&q=quinn`);
    expect(emailsOf(listed.body)).toEqual([found.email]);
    const sent = await editor('POST', '/sponsor-desk/reminders', {
      fund: offered.fund,
      state: 'committed',
      q: 'quinn',
    });
    expect(sent.body).toMatchObject({ sent: 1, skipped: 0, notNeeded: 0, noAccount: 0 });
    await waitForMail(found.email, 'Reminder: remind-search Deal is waiting for you');
    expect(await app.strapi.db.query(REMINDER).count({ where: { syndUser: { id: other.syndUserId } } })).toBe(0);
    expect(mailsTo(other.email).filter((mail) => /^Subject: Reminder:/m.test(mail.raw))).toHaveLength(0);
    expect(
      (await editor('POST', '/sponsor-desk/reminders', { fund: offered.fund, state: 'committed', q: 12 })).body.error
        .message,
    ).toBe('q must be given once, as text');
  });

  it("answers before the mails go out, and a mail that fails is shown failed and leaves the day's reminder to send again", async () => {
    const offered = await editorsOffering('remind-fail');
    const unlucky = await createInvestor(app, offered, 'remind-unlucky', { spouse: false });
    const mailer = app.strapi.plugin('email').service('email') as { send(options: { to: string }): Promise<unknown> };
    const send = mailer.send;
    mailer.send = async (options) => {
      if (options.to === unlucky.email) throw new Error('The mail server is away');
      return send.call(mailer, options);
    };
    try {
      const { answer, delivered } = await reminderService().send(
        { fund: offered.fund, state: 'committed' },
        'Eddie Editor',
      );
      expect(answer).toMatchObject({ sent: 1, skipped: 0 });
      await delivered;
    } finally {
      mailer.send = send;
    }
    // Kept, marked failed; the table shows it failed, with no reminder given.
    const [failed] = await app.strapi.db.query(REMINDER).findMany({ where: { syndUser: { id: unlucky.syndUserId } } });
    expect(failed.failedAt).not.toBeNull();
    expect(failed.reminderKey).toBe(`failed:${failed.id}`);
    const lineOf = async () => (await editor('GET', `/sponsor-desk/funds/${offered.fund}/commitments`)).body.results[0];
    expect(await lineOf()).toMatchObject({
      lastRemindedAt: null,
      lastReminderFailedAt: new Date(failed.failedAt).toISOString(),
    });
    const csv = (await admin('GET', `/sponsor-desk/funds/${offered.fund}/commitments.csv`)).body as string;
    expect(csv.trim().split('\n')[1].split(',')[15]).toBe(`failed ${new Date(failed.failedAt).toISOString()}`);
    // The same day, once the mail server is back: the reminder goes, and the table shows its date.
    expect(
      (await editor('POST', '/sponsor-desk/reminders', { fund: offered.fund, state: 'committed' })).body,
    ).toMatchObject({ sent: 1, skipped: 0 });
    await waitForMail(unlucky.email, 'Reminder: remind-fail Deal is waiting for you');
    await expect.poll(async () => (await lineOf()).lastReminderFailedAt).toBeNull();
    expect((await lineOf()).lastRemindedAt).not.toBeNull();
  });

  it("sends a reminder claimed by a call that stopped before its mail with the fund's next reminder call that day", async () => {
    const offered = await editorsOffering('remind-left');
    const left = await createInvestor(app, offered, 'remind-left', { spouse: false });
    const day = new Date().toISOString().slice(0, 10);
    const fundId = (await app.strapi.db.query(FUND).findOne({ where: { documentId: offered.fund } })).id;
    await app.strapi.db.query(REMINDER).create({
      data: {
        syndUser: left.syndUserId,
        fund: fundId,
        state: 'committed',
        step: 'Please sign your subscription agreement',
        email: left.email,
        sentBy: 'Eddie Editor',
        sentAt: null,
        day,
        reminderKey: `user:${left.id}:${day}`,
      },
    });
    expect(
      (await editor('POST', '/sponsor-desk/reminders', { fund: offered.fund, state: 'committed' })).body,
    ).toMatchObject({ sent: 0, skipped: 1 });
    expect((await waitForMail(left.email, 'Reminder: remind-left Deal is waiting for you')).text).toContain(
      'Please sign your subscription agreement',
    );
    await expect
      .poll(
        async () =>
          (await app.strapi.db.query(REMINDER).findOne({ where: { syndUser: { id: left.syndUserId } } })).sentAt,
      )
      .not.toBeNull();
  });

  it('has the upkeep send a reminder whose mail an instance never sent, and drop one the investor no longer needs', async () => {
    const offered = await editorsOffering('remind-stopped');
    const [waiting, decided] = [
      await createInvestor(app, offered, 'remind-stopped', { spouse: false }),
      await createInvestor(app, offered, 'remind-decided', { spouse: false }),
    ];
    const day = new Date().toISOString().slice(0, 10);
    const fundId = (await app.strapi.db.query(FUND).findOne({ where: { documentId: offered.fund } })).id;
    for (const who of [waiting, decided]) {
      const made = await app.strapi.db.query(REMINDER).create({
        data: {
          syndUser: who.syndUserId,
          fund: fundId,
          state: 'committed',
          step: 'Please sign your subscription agreement',
          email: who.email,
          sentBy: 'Eddie Editor',
          sentAt: null,
          day,
          reminderKey: `user:${who.id}:${day}`,
        },
      });
      // Claimed twenty minutes ago by an instance that stopped before the mail.
      await app.strapi.db
        .query(REMINDER)
        .update({ where: { id: made.id }, data: { createdAt: new Date(Date.now() - 20 * 60_000) } });
      await setRow(who, { lastRemindedAt: new Date(Date.now() - 20 * 60_000) });
    }
    await setRow(decided, { invest_status: 'Declined investment' });
    const round = await upkeep(app.strapi).run();
    expect(round.remindersResumed).toBe(1);
    expect((await waitForMail(waiting.email, 'Reminder: remind-stopped Deal is waiting for you')).text).toContain(
      'Please sign your subscription agreement',
    );
    expect(
      (await app.strapi.db.query(REMINDER).findOne({ where: { syndUser: { id: waiting.syndUserId } } })).sentAt,
    ).not.toBeNull();
    expect(await app.strapi.db.query(REMINDER).count({ where: { syndUser: { id: decided.syndUserId } } })).toBe(0);
    expect(
      (await app.strapi.db.query(SYND_USER).findOne({ where: { id: decided.syndUserId } })).lastRemindedAt,
    ).toBeNull();
    expect((await upkeep(app.strapi).run()).remindersResumed).toBe(0);
  });

  it('drops a resumed reminder whose commitment now asks something else of someone else, rather than send the wrong words', async () => {
    const offered = await editorsOffering('remind-moved');
    const day = new Date().toISOString().slice(0, 10);
    const fundId = (await app.strapi.db.query(FUND).findOne({ where: { documentId: offered.fund } })).id;
    const SPOUSE_STEP =
      "Please sign the subscription agreement as the investor's spouse (your signing link is in this mail)";
    /** A reminder claimed twenty minutes ago by an instance that stopped before its mail. */
    const claimedEarlier = async (who: Investor, state: string, step: string, email: string) => {
      const made = await app.strapi.db.query(REMINDER).create({
        data: {
          syndUser: who.syndUserId,
          fund: fundId,
          state,
          step,
          email,
          sentBy: 'Eddie Editor',
          sentAt: null,
          day,
          reminderKey: `user:${who.id}:${day}`,
        },
      });
      await app.strapi.db
        .query(REMINDER)
        .update({ where: { id: made.id }, data: { createdAt: new Date(Date.now() - 20 * 60_000) } });
      await setRow(who, { lastRemindedAt: new Date(Date.now() - 20 * 60_000) });
    };
    // The spouse was to be reminded; meanwhile the spouse signed and management countersigned: the investor is now
    // asked for the money, never the spouse's words.
    const countersigned = await createInvestor(app, offered, 'remind-moved-one', { spouse: true });
    await signAsInvestor(app, countersigned, 'Moved Investor');
    await claimedEarlier(countersigned, 'investor_signed', SPOUSE_STEP, countersigned.spouseEmail!);
    await setRow(countersigned, { syndAgreementSignedByCurrentUserCosub: true, sa_complete_date: new Date() });
    // The investor was to be reminded to sign; meanwhile they signed, and their spouse is next.
    const signed = await createInvestor(app, offered, 'remind-moved-two', { spouse: true });
    await claimedEarlier(signed, 'committed', 'Please sign your subscription agreement', signed.email);
    await signAsInvestor(app, signed, 'Moved Investor');
    const spouseLink = 'Please sign your subscription agreement for remind-moved Fund I';
    await waitForMail(signed.spouseEmail!, spouseLink);

    await upkeep(app.strapi).run();
    for (const who of [countersigned, signed]) {
      expect(await app.strapi.db.query(REMINDER).count({ where: { syndUser: { id: who.syndUserId } } })).toBe(0);
      expect(
        (await app.strapi.db.query(SYND_USER).findOne({ where: { id: who.syndUserId } })).lastRemindedAt,
      ).toBeNull();
      expect(mailsTo(who.email).filter((mail) => /^Subject: Reminder:/m.test(mail.raw))).toHaveLength(0);
    }
    // The spouse got their link once, when the investor signed, not a second time under the investor's reminder.
    expect(mailsTo(signed.spouseEmail!).filter((mail) => mail.raw.includes(`Subject: ${spouseLink}`))).toHaveLength(1);
    // Freed: each may be reminded of what is asked now, the same day.
    const funding = await editor('POST', '/sponsor-desk/reminders', { fund: offered.fund, state: 'countersigned' });
    expect(funding.body).toMatchObject({ sent: 1, skipped: 0 });
    expect((await waitForMail(countersigned.email, 'Reminder: remind-moved Deal is waiting for you')).text).toContain(
      'Please fund your commitment',
    );
  });

  it('refuses states that need nothing of the investor, and a missing fund', async () => {
    for (const state of ['reviewed', 'funded', 'declined', 'spouse_signed', undefined]) {
      const refused = await editor('POST', '/sponsor-desk/reminders', { fund: offering.fund, state });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe(
        'state must be one of committed, investor_signed, countersigned: investors who must still sign or fund',
      );
    }
    expect((await editor('POST', '/sponsor-desk/reminders', { state: 'committed' })).body.error.message).toBe(
      'fund is required',
    );
  });
});

describe('the investor directory', () => {
  const directory = (query: string, as = editor) => as('GET', `/sponsor-desk/investors${query}`);

  it("lists the portal's accounts with accreditation, proofs to review, commitments and open sessions, paged", async () => {
    const fay = by.funded[0];
    await app.strapi.db.query(USER).update({
      where: { id: fay.id },
      data: { accreditation: 4, accreditationDate: new Date(Date.now() - 400 * DAY) },
    });
    await app.strapi.db.query(USER).update({
      where: { id: by.committed[0].id },
      data: { accreditation: 7, accreditationDate: new Date(Date.now() - 10 * DAY) },
    });
    await app.strapi.db.query(PROOF_DOCUMENT).create({
      data: {
        originalName: 'brokerage-statement.pdf',
        title: 'Brokerage statement',
        docPath: 'proofs/fay.pdf',
        isDeleted: false,
        user: fay.id,
      },
    });

    const all = await directory('?portal=board&pageSize=4');
    expect(all.status).toBe(200);
    const accounts = await app.strapi.db.query(USER).count({ where: { portal: { id: offering.portal.id } } });
    expect(all.body.pagination).toEqual({ page: 1, pageSize: 4, pageCount: Math.ceil(accounts / 4), total: accounts });
    expect(all.body.results).toHaveLength(4);

    const found = await directory(`?portal=board&q=${encodeURIComponent('fay boardman')}`);
    expect(found.body.results).toEqual([
      expect.objectContaining({
        name: 'Fay Boardman',
        email: fay.email,
        level: 'user',
        accreditation: { value: 4, type: 'individual', label: 'Net assets over $5M' },
        accreditationDue: true,
        proofDocuments: { count: 1, unreviewed: 1 },
        commitments: { count: 1, amount: 60_000 },
        sessions: 1,
      }),
    ]);
    const carl = (await directory(`?portal=board&q=${encodeURIComponent(by.committed[0].email)}`)).body.results[0];
    expect(carl).toMatchObject({ accreditation: { type: 'trust' }, accreditationDue: false });
    expect((await directory('?portal=board&sort=password:asc')).status).toBe(400);
    expect((await directory('?portal=elsewhere')).status).toBe(404);
  });

  it('opens one investor, whose proofs staff mark reviewed, and whom only an admin signs out everywhere', async () => {
    const fay = by.funded[0];
    const documentId = (await app.strapi.db.query(USER).findOne({ where: { id: fay.id } })).documentId as string;
    const detail = await editor('GET', `/sponsor-desk/investors/${documentId}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      name: 'Fay Boardman',
      proofDocuments: [{ title: 'Brokerage statement', reviewedBy: null, reviewedAt: null }],
      commitments: [{ fund: { name: 'board Fund I' }, state: 'funded', stateLabel: 'Funded', amount: 60_000 }],
      sessions: [{ isGuestSession: false }],
    });

    const proof = detail.body.proofDocuments[0].documentId as string;
    const reviewed = await editor('POST', `/sponsor-desk/proof-documents/${proof}/review`, { reviewed: true });
    expect(reviewed.body).toMatchObject({ documentId: proof, reviewedBy: 'Eddie Editor' });
    expect((await editor('GET', `/sponsor-desk/investors/${documentId}`)).body.proofDocuments[0].reviewedBy).toBe(
      'Eddie Editor',
    );
    expect(
      (await directory(`?portal=board&q=${encodeURIComponent(fay.email)}`)).body.results[0].proofDocuments,
    ).toEqual({ count: 1, unreviewed: 0 });
    expect(
      (await editor('POST', `/sponsor-desk/proof-documents/${proof}/review`, { reviewed: 'yes' })).body.error.message,
    ).toBe('reviewed must be true or false');
    expect((await editor('POST', '/sponsor-desk/proof-documents/nosuchproof/review', { reviewed: true })).status).toBe(
      404,
    );

    // Signing out everywhere is for admins; it ends the investor's session at once.
    expect((await editor('POST', `/sponsor-desk/investors/${documentId}/sign-out`)).status).toBe(403);
    expect((await call(app, 'GET', '/api/auth/me', undefined, { authCode: fay.authCode })).status).toBe(200);
    expect((await admin('POST', `/sponsor-desk/investors/${documentId}/sign-out`)).body).toEqual({ ended: 1 });
    // Recorded with who did it; the editor's refused attempt changed nothing and is recorded as refused.
    const records = await app.strapi.db.query(DESK_ACTION).findMany({
      where: { action: 'sign out everywhere', path: `/sponsor-desk/investors/${documentId}/sign-out` },
      orderBy: { id: 'asc' },
    });
    expect(records).toMatchObject([
      { staffName: 'Eddie Editor', staffEmail: 'board-editor@portal.local', answerStatus: 403 },
      {
        staffName: 'Ada Admin',
        staffEmail: 'board-admin@portal.local',
        path: `/sponsor-desk/investors/${documentId}/sign-out`,
        answerStatus: 200,
      },
    ]);
    expect(
      await app.strapi.db.query(DESK_ACTION).findMany({
        where: {
          action: 'review a proof document',
          path: {
            $in: [`/sponsor-desk/proof-documents/${proof}/review`, '/sponsor-desk/proof-documents/nosuchproof/review'],
          },
        },
        orderBy: { id: 'asc' },
      }),
    ).toMatchObject([
      { staffName: 'Eddie Editor', request: { reviewed: true }, answerStatus: 200 },
      { staffName: 'Eddie Editor', request: { reviewed: 'yes' }, answerStatus: 400 },
      { staffName: 'Eddie Editor', answerStatus: 404 },
    ]);
    expect((await call(app, 'GET', '/api/auth/me', undefined, { authCode: fay.authCode })).status).toBe(401);
    expect((await admin('GET', '/sponsor-desk/investors/nobody')).status).toBe(404);
  });
});

describe('the investor directory, portal by portal', () => {
  const directory = (query: string) => editor('GET', `/sponsor-desk/investors${query}`);
  const documentIdOf = async (id: number) =>
    (await app.strapi.db.query(USER).findOne({ where: { id } })).documentId as string;

  it("sums an investor's commitments to the portal's funds only", async () => {
    const carl = by.committed[0];
    const other = await editorsOffering('dir-other');
    await commitmentAcrossPortals(carl.id, other, 70_000);
    const listed = (await directory(`?portal=board&q=${encodeURIComponent(carl.email)}`)).body.results;
    expect(listed).toEqual([expect.objectContaining({ email: carl.email, commitments: { count: 1, amount: 20_000 } })]);
  });

  it("opens an investor with the portal's funds and documents only, not what they hold with another portal", async () => {
    const carl = by.committed[0];
    const carlId = await documentIdOf(carl.id);
    const other = await editorsOffering('dir-detail');
    const elsewhere = await commitmentAcrossPortals(carl.id, other, 80_000);
    const otherFundId = (await app.strapi.db.query(FUND).findOne({ where: { documentId: other.fund } })).id;
    const ownFundId = (await app.strapi.db.query(FUND).findOne({ where: { documentId: offering.fund } })).id;
    const file = (title: string, fund: number | null) => ({
      title,
      originalName: `${title}.pdf`,
      docPath: `docs/${title}.pdf`,
      isDeleted: false,
      user: carl.id,
      fund,
    });
    for (const [uid, title, fund] of [
      ['api::tax-document.tax-document', 'Their K-1', otherFundId],
      ['api::tax-document.tax-document', 'Our K-1', ownFundId],
      ['api::tax-document.tax-document', 'W-9 on file', null],
      ['api::news-document.news-document', 'Their letter', otherFundId],
      ['api::news-document.news-document', 'Our letter', ownFundId],
    ] as const)
      await app.strapi.db.query(uid).create({ data: file(title, fund) });
    await app.strapi.db.query(SYND_AGREEMENT).create({
      data: {
        title: 'Their agreement',
        originalName: 'their.pdf',
        docPath: 'docs/their.pdf',
        isDeleted: false,
        syndUser: elsewhere.id,
      },
    });
    await app.strapi.db.query(SYND_AGREEMENT).create({
      data: {
        title: 'Our agreement',
        originalName: 'ours.pdf',
        docPath: 'docs/ours.pdf',
        isDeleted: false,
        syndUser: carl.syndUserId,
      },
    });

    // Staff who run only the investor's portal, as any portal's staff would open them.
    const ownToken = await adminToken(
      app,
      'board-own@portal.local',
      'strapi-editor',
      ['Olive', 'Own'],
      [offering.portal],
    );
    for (const ask of [
      (route: string) => panel(ownToken, 'GET', route),
      (route: string) => editor('GET', route),
      (route: string) => admin('GET', route),
    ]) {
      const detail = await ask(`/sponsor-desk/investors/${carlId}`);
      expect(detail.status).toBe(200);
      expect(detail.body.commitments).toEqual([
        expect.objectContaining({ fund: { documentId: offering.fund, name: 'board Fund I' }, amount: 20_000 }),
      ]);
      const titles = (list: { title: string }[]) => list.map((each) => each.title).sort();
      expect(titles(detail.body.taxDocuments)).toEqual(['Our K-1', 'W-9 on file']);
      expect(titles(detail.body.newsDocuments)).toEqual(['Our letter']);
      expect(titles(detail.body.agreements)).toEqual(['Our agreement']);
    }
    // Nor can they open the other portal's documents by hand.
    const theirs = await app.strapi.db.query(TAX_DOCUMENT).findOne({ where: { title: 'Their K-1' } });
    expect((await panel(ownToken, 'GET', `/sponsor-desk/documents/tax/${theirs.documentId}`)).status).toBe(404);
  });

  it("answers 'not found' for an id of an odd shape, even one a row of another portal holds", async () => {
    // A documentId Strapi never makes (capitals, short), given to another portal's account: the portal check and the
    // directory read ids by one pattern, so the check cannot let through what the call would then find.
    const elsewhere = await createPortal(app, 'dir-odd');
    const stranger = await createUser(app, {
      email: uniqueEmail('dir-odd'),
      firstName: 'Odd',
      lastName: 'Shape',
      portal: elsewhere.id,
    });
    await app.strapi.db.query(USER).update({ where: { id: stranger.id }, data: { documentId: 'OddShape1' } });
    for (const ask of [editor, admin]) {
      const opened = await ask('GET', '/sponsor-desk/investors/OddShape1');
      expect(opened.status).toBe(404);
      expect(opened.body.error.message).toBe('Investor not found');
    }
    // Signing out everywhere is an admin's (an editor is refused for want of the permission first).
    expect((await admin('POST', '/sponsor-desk/investors/OddShape1/sign-out')).status).toBe(404);
    expect((await app.strapi.db.query(USER).findOne({ where: { id: stranger.id } })).documentId).toBe('OddShape1');
  });

  it('lists an account made before portals existed in the default portal, as the site treats it', async () => {
    const legacy = await createUser(app, { email: uniqueEmail('dir-legacy'), firstName: 'Lee', lastName: 'Legacy' });
    await app.strapi.db.query(USER).update({ where: { id: legacy.id }, data: { portal: null } });
    const fallback = await app.strapi.db.query(PORTAL).findOne({ where: { isDefault: true }, orderBy: { id: 'asc' } });
    await joinStaff(app, 'board-editor@portal.local', fallback);
    expect((await directory(`?portal=${fallback.slug}&q=${encodeURIComponent(legacy.email)}`)).body.results).toEqual([
      expect.objectContaining({ name: 'Lee Legacy', email: legacy.email }),
    ]);
    expect((await directory(`?q=${encodeURIComponent(legacy.email)}`)).body.pagination.total).toBe(1);
    expect((await directory(`?portal=board&q=${encodeURIComponent(legacy.email)}`)).body.results).toEqual([]);
  });

  it('says how many open sessions signing out everywhere ended, not the expired ones', async () => {
    const cora = by.committed[1];
    await app.strapi.db
      .query(USER_AUTH)
      .create({ data: { user: cora.id, authCode: `expired-${cora.id}`, expiresAt: new Date(Date.now() - DAY) } });
    expect((await admin('POST', `/sponsor-desk/investors/${await documentIdOf(cora.id)}/sign-out`)).body).toEqual({
      ended: 1,
    });
  });
});

describe('countersigning and access', () => {
  it("refuses an editor's countersigning, funding and export, and a site user's any call", async () => {
    const forged = await editor('POST', '/sponsor-desk/countersign', { syndUsers: [by.investor_signed[0].syndUser] });
    expect(forged.status).toBe(403);
    expect(
      (
        await editor('POST', '/sponsor-desk/funding', {
          syndUser: by.countersigned[0].syndUser,
          amount_cents: 100,
          date: '2026-11-21',
        })
      ).status,
    ).toBe(403);
    expect(
      (await app.strapi.db.query(SYND_USER).findOne({ where: { id: by.investor_signed[0].syndUserId } }))
        .sa_complete_date,
    ).toBeNull();
    const site = await signedInUser(app, 'board-site-admin', 'superadmin', offering.portal);
    const asSiteUser = await http(app, 'GET', `/sponsor-desk/funds?portal=board`, undefined, {
      authcode: site.authCode,
    });
    expect(asSiteUser.status).toBe(401);
    expect(
      (await http(app, 'POST', '/sponsor-desk/reminders', { fund: offering.fund, state: 'committed' })).status,
    ).toBe(401);
  });

  it('countersigns several agreements at once, each sealed and its investor told; one not ready is named', async () => {
    const [ivan, iris] = by.investor_signed;
    const unsigned = by.committed[0];
    const { status, body } = await admin('POST', '/sponsor-desk/countersign', {
      syndUsers: [ivan.syndUser, iris.syndUser, unsigned.syndUser],
    });
    expect(status).toBe(200);
    expect(body.countersigned).toBe(2);
    expect(body.results).toMatchObject([
      { syndUser: ivan.syndUser, success: true },
      { syndUser: iris.syndUser, success: true },
      { syndUser: unsigned.syndUser, success: false, error: 'The investor has not signed this agreement yet' },
    ]);
    for (const who of [ivan, iris]) {
      await waitForMail(who.email, 'Your agreement for board Deal is complete');
      const management = await app.strapi.db
        .query(SIGNING)
        .findOne({ where: { syndUser: { id: who.syndUserId }, role: 'management' } });
      expect(management).toMatchObject({ name: 'Ada Admin', email: 'board-admin@portal.local' });
      expect(await app.strapi.db.query(SYND_AGREEMENT).count({ where: { syndUser: { id: who.syndUserId } } })).toBe(1);
    }
    const board = (await editor('GET', `/sponsor-desk/funds?portal=board`)).body.funds[0];
    expect(board.counts).toMatchObject({ investor_signed: 1, countersigned: 3 });

    expect(
      (await admin('POST', '/sponsor-desk/countersign', { syndUsers: [ivan.syndUser] })).body.results[0],
    ).toMatchObject({ success: false, error: 'This agreement is complete already' });
    expect((await admin('POST', '/sponsor-desk/countersign', { syndUsers: [] })).body.error.message).toBe(
      'syndUsers must list 1 to 100 commitments (documentId or id)',
    );
    expect((await admin('POST', '/sponsor-desk/countersign', { syndUsers: ['nope'] })).body.results[0]).toMatchObject({
      success: false,
      error: 'Commitment not found',
    });
  });
});

describe('K-1s', () => {
  let schedule: string;
  const PDF = Buffer.from('%PDF-1.4\n% a K-1\n%%EOF\n');
  /** One K-1 sent as the desk's page sends it: multipart, the file and whose it is. */
  const upload = (
    token: string,
    name: string,
    bytes: Buffer,
    fields: Record<string, string>,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Tests read arbitrary JSON answers; `any` keeps assertions short (as helpers/strapi's http does).
  ): Promise<{ status: number; body: any }> => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), name);
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    return fetch(`${app.url}/sponsor-desk/tax-schedules/${schedule}/documents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    }).then(async (answer) => ({ status: answer.status, body: await answer.json() }));
  };
  const summaryOf = async (who: Investor) =>
    (await call(app, 'GET', '/api/syndication/summary', undefined, { authCode: who.authCode })).body;

  it("lets staff say when a year's K-1s are expected, which each partner's dashboard then says", async () => {
    const set = await editor('POST', '/sponsor-desk/tax-schedules', {
      fund: offering.fund,
      taxYear: 2026,
      expectedDate: '2027-03-15',
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      taxYear: 2026,
      documentName: 'K-1',
      expectedDate: '2027-03-15',
      state: 'pending',
      fund: { name: 'board Fund I' },
    });
    schedule = set.body.documentId;
    // Setting the year again changes its date; it stays one schedule.
    expect(
      (
        await editor('POST', '/sponsor-desk/tax-schedules', {
          fund: offering.fund,
          taxYear: 2026,
          expectedDate: '2027-03-16',
        })
      ).body.documentId,
    ).toBe(schedule);
    expect((await editor('GET', `/sponsor-desk/tax-schedules?fund=${offering.fund}`)).body.results).toMatchObject([
      { documentId: schedule, expectedDate: '2027-03-16', investors: 4, issued: 0 },
    ]);
    expect(
      (await editor('POST', '/sponsor-desk/tax-schedules', { fund: offering.fund, taxYear: 26 })).body.error.message,
    ).toBe('taxYear must be a year, like 2026');
    expect(
      (
        await editor('POST', '/sponsor-desk/tax-schedules', {
          fund: offering.fund,
          taxYear: 2026,
          expectedDate: 'March',
        })
      ).body.error.message,
    ).toBe('expectedDate must be a date (YYYY-MM-DD)');

    expect((await summaryOf(by.countersigned[0])).taxDocuments).toEqual([
      { fund_name: 'board Fund I', taxYear: 2026, documentName: 'K-1', expectedDate: '2027-03-16', state: 'pending' },
    ]);
    // Not a partner yet (no complete agreement): nothing to expect.
    expect((await summaryOf(by.committed[0])).taxDocuments).toEqual([]);
  });

  it("matches files to partners by their names, or by the desk's pattern", async () => {
    const cole = by.countersigned[0];
    const { body } = await editor('POST', `/sponsor-desk/tax-schedules/${schedule}/match`, {
      names: ['K1 2026 Boardman Cole.pdf', 'K1 2026 Boardman.pdf', `${by.funded[0].email}.pdf`],
    });
    // Each match names its partner, so the desk shows whose it is without listing every partner.
    expect(body.matches).toEqual([
      {
        name: 'K1 2026 Boardman Cole.pdf',
        syndUser: cole.syndUser,
        investor: { firstName: 'Cole', lastName: 'Boardman', email: cole.email },
      },
      { name: 'K1 2026 Boardman.pdf', syndUser: null, investor: null },
      {
        name: `${by.funded[0].email}.pdf`,
        syndUser: by.funded[0].syndUser,
        investor: { firstName: 'Fay', lastName: 'Boardman', email: by.funded[0].email },
      },
    ]);
    const patterned = await editor('POST', `/sponsor-desk/tax-schedules/${schedule}/match`, {
      names: ['board-2026-cole-boardman.pdf'],
      pattern: 'board-2026-{first}-{last}',
    });
    expect(patterned.body.matches[0].syndUser).toBe(cole.syndUser);
  });

  it('issues one PDF per partner as their tax document with its notification, once unless replaced; only admins issue', async () => {
    const cole = by.countersigned[0];
    expect((await upload(editorToken, 'cole.pdf', PDF, { syndUser: cole.syndUser })).status).toBe(403);
    expect(
      (await upload(superToken, 'cole.txt', Buffer.from('hello'), { syndUser: cole.syndUser })).body.error.message,
    ).toBe('A K-1 must be a PDF file');
    expect((await upload(superToken, 'carl.pdf', PDF, { syndUser: by.committed[0].syndUser })).body.error.message).toBe(
      'That investor is not a partner of this fund (no complete agreement)',
    );

    const issued = await upload(superToken, 'K1 2026 Boardman Cole.pdf', PDF, { syndUser: cole.syndUser });
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({
      document: { title: 'K-1 2026, board Fund I' },
      issued: 1,
      investors: 4,
      state: 'pending',
    });
    await waitForMail(cole.email, 'New tax document: K-1 2026, board Fund I');
    // Each partner's dashboard follows their own K-1: Cole's is ready, the others' still expected.
    expect((await summaryOf(cole)).taxDocuments[0]).toMatchObject({ state: 'issued' });
    // (Fay signs in again: the directory's tests signed her out everywhere.)
    const fay = {
      ...by.funded[0],
      authCode: await signIn(app, by.funded[0].email, 'Secret123', { portal: offering.portal.slug }),
    };
    expect((await summaryOf(fay)).taxDocuments[0]).toMatchObject({ state: 'pending', expectedDate: '2027-03-16' });
    const listed = await call(
      app,
      'GET',
      '/api/tax_documents?mine=true&filters%5Byear%5D=2026&populate=fund&limit=999',
      undefined,
      { authCode: cole.authCode },
    );
    expect(listed.body.items.map((item: { title: string }) => item.title)).toEqual(['K-1 2026, board Fund I']);

    const twice = await upload(superToken, 'again.pdf', PDF, { syndUser: cole.syndUser });
    expect(twice.status).toBe(409);
    expect((await upload(superToken, 'corrected.pdf', PDF, { syndUser: cole.syndUser, replace: 'true' })).status).toBe(
      200,
    );
    const relisted = await call(
      app,
      'GET',
      '/api/tax_documents?mine=true&filters%5Byear%5D=2026&populate=fund&limit=999',
      undefined,
      { authCode: cole.authCode },
    );
    expect(relisted.body.items.map((item: { originalName: string }) => item.originalName)).toEqual(['corrected.pdf']);

    const detail = await admin('GET', `/sponsor-desk/tax-schedules/${schedule}`);
    expect(detail.body).toMatchObject({ investors: 4, issued: 1 });
    expect(
      detail.body.results.find((partner: { syndUser: string }) => partner.syndUser === cole.syndUser).document,
    ).toMatchObject({ originalName: 'corrected.pdf' });
    expect((await editor('POST', `/sponsor-desk/tax-schedules/${schedule}/issued`)).status).toBe(403);
    expect((await admin('POST', `/sponsor-desk/tax-schedules/${schedule}/issued`)).body).toMatchObject({
      state: 'issued',
      issuedBy: 'Ada Admin',
    });
    expect((await summaryOf(cole)).taxDocuments[0]).toMatchObject({ state: 'issued' });
    // The year marked issued, a partner who got nothing is not told theirs is ready.
    expect((await summaryOf(fay)).taxDocuments[0]).toMatchObject({ state: 'pending' });
  });

  it("lists a year's partners a page at a time, by name, searched, issued or still missing", async () => {
    const cole = by.countersigned[0];
    const partners = (query: string) => editor('GET', `/sponsor-desk/tax-schedules/${schedule}${query}`);
    const names = (body: { results: { firstName: string }[] }) => body.results.map((partner) => partner.firstName);
    const first = await partners('?page=1&pageSize=2');
    expect(first.status).toBe(200);
    // Four partners (complete agreements), by last then first name: Cole, Fay, Ivan, Iris Boardman.
    expect(first.body).toMatchObject({
      taxYear: 2026,
      investors: 4,
      issued: 1,
      pagination: { page: 1, pageSize: 2, pageCount: 2, total: 4 },
    });
    const second = await partners('?page=2&pageSize=2');
    expect([...names(first.body), ...names(second.body)]).toEqual(['Cole', 'Fay', 'Iris', 'Ivan']);
    expect(names((await partners('?sort=name:desc&pageSize=1')).body)).toEqual(['Ivan']);
    expect((await partners('?state=issued')).body).toMatchObject({
      results: [{ syndUser: cole.syndUser, document: { originalName: 'corrected.pdf' } }],
      pagination: { total: 1 },
    });
    expect(names((await partners('?state=missing')).body)).toEqual(['Fay', 'Iris', 'Ivan']);
    expect(names((await partners('?q=boardman%2C%20fa')).body)).toEqual(['Fay']);
    expect(names((await partners(`?q=${encodeURIComponent(cole.email)}&state=missing`)).body)).toEqual([]);
    expect((await partners('?state=late')).body.error.message).toBe('state must be one of issued, missing');
    expect((await partners('?pageSize=500')).body.error.message).toBe('pageSize must be a whole number from 1 to 100');
  });

  it('says so, not a 500, when the fund of a tax year was deleted', async () => {
    const gone = await editorsOffering('k1-gone');
    const set = await editor('POST', '/sponsor-desk/tax-schedules', {
      fund: gone.fund,
      taxYear: 2026,
      expectedDate: '2027-03-15',
    });
    await app.strapi.db.query(FUND).delete({ where: { documentId: gone.fund } });
    const message = 'The fund of this tax year was deleted: it has no partners to issue to';
    expect(await admin('GET', `/sponsor-desk/tax-schedules/${set.body.documentId}`)).toMatchObject({
      status: 404,
      body: { error: { message } },
    });
    expect(
      await admin('POST', `/sponsor-desk/tax-schedules/${set.body.documentId}/match`, { names: ['a.pdf'] }),
    ).toMatchObject({ status: 404, body: { error: { message } } });
    // A tax year of no fund is of no portal: only super admins, who run every portal, are told more than 'not found'.
    expect(await editor('GET', `/sponsor-desk/tax-schedules/${set.body.documentId}`)).toMatchObject({
      status: 404,
      body: { error: { message: 'Tax schedule not found' } },
    });
    schedule = set.body.documentId;
    expect(await upload(superToken, 'a.pdf', PDF, { syndUser: by.countersigned[0].syndUser })).toMatchObject({
      status: 404,
      body: { error: { message } },
    });
  });
});
