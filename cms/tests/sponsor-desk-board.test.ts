import { beforeAll, describe, expect, it } from 'vitest';
import { raiseState } from '@portal/rules';
import { editorsOffering, openBoard, setRow } from './helpers/board-fixtures';
import { admin, DAY, editor } from './helpers/desk-fixtures';
import { createInvestor, type Offering } from './helpers/signing';
import { fixtureDocuments, type TestApp } from './helpers/strapi';
import { SYND_USER, USER } from '../src/utils/uids';

/**
 * The sponsor desk's raise board (docs/sponsor-desk.md): a portal's funds with what is committed, funded and left,
 * investors by state, and the latest declines with their feedback (the world of helpers/board-fixtures.ts).
 */
let app: TestApp;
let offering: Offering;

beforeAll(async () => {
  ({ app, offering } = await openBoard());
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
