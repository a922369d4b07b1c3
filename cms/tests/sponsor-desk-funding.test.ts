import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/auth';
import { admin, editor, entriesOf, fundWith, openDesk, type Investor } from './helpers/desk-fixtures';
import type { TestPortal } from './helpers/records';
import type { TestApp } from './helpers/strapi';
import { LEDGER_ENTRY, SYND_USER } from '../src/utils/uids';

/**
 * Fundings recorded on the sponsor desk (docs/capital-accounts.md): once each, with the funds-transfer date, a capital
 * call open until its money arrives, commitments funded before the ledger brought into it, and money refused for an
 * agreement not countersigned.
 */
let app: TestApp;
let home: TestPortal;

beforeAll(async () => {
  ({ app, home } = await openDesk('desk-funding-home'));
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
});
