import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/auth';
import { admin, distribute, editor, entriesOf, fundWith, openDesk, panel } from './helpers/desk-fixtures';
import { createPortal, type TestPortal } from './helpers/records';
import type { TestApp } from './helpers/strapi';
import { SYND_USER } from '../src/utils/uids';

/**
 * A fund's ledger on the sponsor desk (docs/capital-accounts.md): adjustments that correct an entry, for admins only and
 * checked as a funding is, and the ledger paged newest first, filtered and searched, kept from staff of other portals.
 */
let app: TestApp;
let home: TestPortal;
let editorToken: string;
let superToken: string;

beforeAll(async () => {
  ({ app, home, editorToken, superToken } = await openDesk('desk-ledger-home'));
});

describe('funding and valuations', () => {
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
