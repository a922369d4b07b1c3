import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/auth';
import { admin, daysFromToday, entriesOf, fundWith, openDesk, type Investor } from './helpers/desk-fixtures';
import type { TestPortal } from './helpers/records';
import type { TestApp } from './helpers/strapi';
import { FUND, SYND_USER, VALUATION } from '../src/utils/uids';

/**
 * Valuations and what the investor reads of their money (docs/capital-accounts.md): their own ledger, IRR and equity
 * multiple, a valuation shared to the cent, a total value read against the capital contributed by its date, capital
 * returned, the summary totals in cents, and the fund's newest valuation.
 */
let app: TestApp;
let home: TestPortal;

beforeAll(async () => {
  ({ app, home } = await openDesk('desk-valuations-home'));
});

describe('funding and valuations', () => {
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
