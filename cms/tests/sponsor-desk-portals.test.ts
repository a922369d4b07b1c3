import { beforeAll, describe, expect, it } from 'vitest';
import type { Investor, Offering } from './helpers/signing';
import type { TestApp } from './helpers/strapi';
import {
  DESK_ACTION,
  FUND,
  FUND_EVENT,
  LEDGER_ENTRY,
  REMINDER,
  SYND_USER,
  TAX_SCHEDULE,
  VALUATION,
} from '../src/utils/uids';
import { editor, openScope, panel, sponsor, superAdmin, userDocumentId } from './helpers/portal-scope';

/**
 * Staff and portals (docs/sponsor-desk.md): a staff member runs the portals whose Staff names them, and the desk
 * answers about no other. Another portal's fund, commitment, investor, event or document is 'not found' to them (as
 * if it did not exist), a write naming one changes nothing, and only a portal's own Sponsor Admin moves its money; a
 * super admin runs every portal. What the content manager shows them: sponsor-desk-portals-panel.test.ts.
 */
let app: TestApp;
let ours: Offering;
let theirs: Offering;
let ourInvestor: Investor;
let theirInvestor: Investor;
let nobodyToken: string;

beforeAll(async () => {
  ({ app, ours, theirs, ourInvestor, theirInvestor, nobodyToken } = await openScope());
});

describe("the sponsor desk answers staff about the portals they run, and no other's", () => {
  it('lists only their portals in the board and the directory, and a portal they do not run is not found', async () => {
    const board = await editor('GET', '/sponsor-desk/funds');
    expect(board.status).toBe(200);
    expect(board.body.portal).toEqual({ slug: ours.portal.slug, name: `Portal ${ours.portal.slug}` });
    expect(board.body.portals).toEqual([{ slug: ours.portal.slug, name: `Portal ${ours.portal.slug}` }]);
    expect(board.body.funds.map((fund: { documentId: string }) => fund.documentId)).toEqual([ours.fund]);

    const elsewhere = await editor('GET', `/sponsor-desk/funds?portal=${theirs.portal.slug}`);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error.message).toBe('Portal not found');
    expect((await editor('GET', `/sponsor-desk/investors?portal=${theirs.portal.slug}`)).status).toBe(404);
    // The capital accounts' fund picker offers their portals' funds only.
    const choices = await editor('GET', '/sponsor-desk/fund-choices?q=scope');
    expect(choices.body).toEqual({
      results: [{ documentId: ours.fund, name: 'scope-ours Fund I', portal: `Portal ${ours.portal.slug}` }],
      pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 },
    });
    expect((await superAdmin('GET', '/sponsor-desk/fund-choices?q=scope')).body.pagination.total).toBe(2);
    const directory = await editor('GET', '/sponsor-desk/investors');
    expect(directory.body.results.map((row: { email: string }) => row.email)).toEqual([ourInvestor.email]);

    // A super admin runs every portal; staff in no portal's Staff run none.
    const everywhere = await superAdmin('GET', '/sponsor-desk/funds');
    expect(everywhere.body.portals.map((portal: { slug: string }) => portal.slug)).toEqual(
      expect.arrayContaining([ours.portal.slug, theirs.portal.slug]),
    );
    expect(
      (await superAdmin('GET', `/sponsor-desk/funds?portal=${theirs.portal.slug}`)).body.funds.map(
        (fund: { documentId: string }) => fund.documentId,
      ),
    ).toEqual([theirs.fund]);
    const nowhere = await panel(nobodyToken)('GET', '/sponsor-desk/funds');
    expect(nowhere.status).toBe(200);
    expect(nowhere.body).toMatchObject({ portal: null, portals: [], funds: [] });
  });

  it("answers another portal's fund, commitment, investor and events as not found, for reading as for writing", async () => {
    const theirUser = await userDocumentId(theirInvestor);
    const reads: [string, string][] = [
      [`/sponsor-desk/funds/${theirs.fund}/commitments`, 'Fund not found'],
      [`/sponsor-desk/fund-events?fund=${theirs.fund}`, 'Fund not found'],
      [`/sponsor-desk/tax-schedules?fund=${theirs.fund}`, 'Fund not found'],
      [`/sponsor-desk/investors/${theirUser}`, 'Investor not found'],
      [`/sponsor-desk/commitments/${theirInvestor.syndUser}/document`, 'Commitment not found'],
    ];
    for (const [route, message] of reads) {
      const answer = await editor('GET', route);
      expect(answer.status, route).toBe(404);
      expect(answer.body.error.message, route).toBe(message);
    }
    // The same calls about their own portal answer.
    expect((await editor('GET', `/sponsor-desk/funds/${ours.fund}/commitments`)).body.pagination.total).toBe(1);
    expect((await editor('GET', `/sponsor-desk/investors/${await userDocumentId(ourInvestor)}`)).status).toBe(200);

    // A super admin drafts an event in their portal: its allocation is not the editor's to see.
    const drafted = await superAdmin('POST', '/sponsor-desk/fund-events', {
      fund: theirs.fund,
      type: 'distribution',
      date: '2026-06-30',
      total_cents: 100_000,
      basis: 'commitment',
      kind: 'income',
    });
    expect(drafted.status).toBe(200);
    expect((await editor('GET', `/sponsor-desk/fund-events/${drafted.body.documentId}`)).status).toBe(404);
    expect((await sponsor('POST', `/sponsor-desk/fund-events/${drafted.body.documentId}/post`)).status).toBe(404);
    expect(
      await app.strapi.db.query(FUND_EVENT).findOne({ where: { documentId: drafted.body.documentId } }),
    ).toMatchObject({ state: 'draft' });
  });

  it("changes nothing of another portal's when a write names it, and records the refusal", async () => {
    const writes: [string, string, unknown][] = [
      [
        'POST',
        '/sponsor-desk/funding',
        { syndUser: theirInvestor.syndUser, amount_cents: 5_000_000, date: '2026-10-05' },
      ],
      [
        'POST',
        '/sponsor-desk/funding',
        { fund: theirs.fund, investor_email: theirInvestor.email, amount_cents: 5_000_000, date: '2026-10-05' },
      ],
      ['POST', '/sponsor-desk/valuations', { fund: theirs.fund, date: '2026-09-30', value_percent: 130 }],
      [
        'POST',
        '/sponsor-desk/fund-events',
        {
          fund: theirs.fund,
          type: 'capital_call',
          date: '2026-10-01',
          due_date: '2026-10-15',
          percent: 10,
          basis: 'commitment',
        },
      ],
      ['POST', '/sponsor-desk/reminders', { fund: theirs.fund, state: 'countersigned' }],
      ['POST', '/sponsor-desk/countersign', { syndUsers: [ourInvestor.syndUser, theirInvestor.syndUser] }],
      ['POST', `/sponsor-desk/investors/${await userDocumentId(theirInvestor)}/sign-out`, {}],
      ['GET', `/sponsor-desk/funds/${theirs.fund}/commitments.csv`, undefined],
    ];
    for (const [method, route, body] of writes) {
      const answer = await sponsor(method, route, body);
      expect(answer.status, `${method} ${route} ${JSON.stringify(body)}`).toBe(404);
    }
    expect(
      await app.strapi.db.query(LEDGER_ENTRY).count({ where: { syndUser: { id: theirInvestor.syndUserId } } }),
    ).toBe(0);
    expect(
      await app.strapi.db
        .query(FUND_EVENT)
        .count({ where: { fund: { documentId: theirs.fund }, type: 'capital_call' } }),
    ).toBe(0);
    expect(await app.strapi.db.query(SYND_USER).findOne({ where: { id: theirInvestor.syndUserId } })).toMatchObject({
      ft_complete_date: null,
      lastRemindedAt: null,
    });
    expect(await app.strapi.db.query(VALUATION).count({ where: { fund: { documentId: theirs.fund } } })).toBe(0);

    const refused = await app.strapi.db
      .query(DESK_ACTION)
      .findMany({ where: { staffEmail: 'scope-sponsor@portal.local', answerStatus: 404 }, orderBy: { id: 'asc' } });
    expect(refused.map((row: { action: string }) => row.action)).toEqual(
      expect.arrayContaining([
        'confirm funding',
        'record a valuation',
        'draft an event',
        'remind',
        'countersign',
        'sign out everywhere',
        'export commitments',
      ]),
    );

    // An accountant's CSV naming another portal's fund: that line's fund is unknown, and nothing is written.
    const csv = `fund,investor_email,type,kind,amount,effective_date\n${theirs.fund},${theirInvestor.email},distribution,income,100.00,2026-09-30\n`;
    const dryRun = await sponsor('POST', '/sponsor-desk/imports?dryRun=true', { csv });
    expect(dryRun.status).toBe(200);
    expect(dryRun.body.problems).toEqual([{ line: 2, message: `unknown fund ${theirs.fund}` }]);
    expect((await sponsor('POST', '/sponsor-desk/imports?dryRun=false', { csv })).status).toBe(400);
    expect(
      await app.strapi.db.query(LEDGER_ENTRY).count({ where: { syndUser: { id: theirInvestor.syndUserId } } }),
    ).toBe(0);

    // Their own portal's funding goes through.
    const funded = await sponsor('POST', '/sponsor-desk/funding', {
      syndUser: ourInvestor.syndUser,
      amount_cents: 5_000_000,
      date: '2026-10-05',
    });
    expect(funded.status).toBe(200);
  });

  it("refuses another portal's fund however it is named: by a free-text slug, its numeric id or its documentId", async () => {
    const theirFund = await app.strapi.db.query(FUND).findOne({ where: { documentId: theirs.fund } });
    const names = ['their fund.v2 é', 'x'.repeat(240), String(theirFund.id), theirs.fund];
    const valuations = () => app.strapi.db.query(VALUATION).count({ where: { fund: { id: theirFund.id } } });
    for (const name of names) {
      // A url_slug is any text: the desk's portal check finds the fund exactly as the call does.
      if (!/^\d+$/.test(name) && name !== theirs.fund)
        await app.strapi.db.query(FUND).update({ where: { id: theirFund.id }, data: { url_slug: name } });
      const calls: [string, string, unknown][] = [
        ['GET', `/sponsor-desk/funds/${encodeURIComponent(name)}/commitments`, undefined],
        ['GET', `/sponsor-desk/funds/${encodeURIComponent(name)}/commitments.csv`, undefined],
        ['GET', `/sponsor-desk/fund-events?fund=${encodeURIComponent(name)}`, undefined],
        ['GET', `/sponsor-desk/tax-schedules?fund=${encodeURIComponent(name)}`, undefined],
        ['POST', '/sponsor-desk/reminders', { fund: name, state: 'countersigned' }],
        [
          'POST',
          '/sponsor-desk/fund-events',
          {
            fund: name,
            type: 'distribution',
            date: '2026-06-30',
            total_cents: 100_000,
            basis: 'commitment',
            kind: 'income',
          },
        ],
        ['POST', '/sponsor-desk/valuations', { fund: name, date: '2026-09-30', value_percent: 130 }],
        ['POST', '/sponsor-desk/tax-schedules', { fund: name, taxYear: 2026, expectedDate: '2027-03-15' }],
        [
          'POST',
          '/sponsor-desk/funding',
          { fund: name, investor_email: theirInvestor.email, amount_cents: 5_000_000, date: '2026-10-05' },
        ],
      ];
      for (const [method, route, body] of calls) {
        const answer = await sponsor(method, route, body);
        expect(
          { status: answer.status, message: answer.body?.error?.message },
          `${method} ${route} ${JSON.stringify(body)?.slice(0, 80)}`,
        ).toEqual({ status: 404, message: 'Fund not found' });
      }
    }
    expect(await valuations()).toBe(0);
    expect(await app.strapi.db.query(FUND_EVENT).count({ where: { fund: { id: theirFund.id } } })).toBe(1);
    expect(await app.strapi.db.query(TAX_SCHEDULE).count({ where: { fund: { id: theirFund.id } } })).toBe(0);
    expect(await app.strapi.db.query(REMINDER).count({ where: { fund: { id: theirFund.id } } })).toBe(0);
    // A super admin reaches it by the same slug; a name that can name no fund is a 400 for everyone.
    expect((await superAdmin('GET', `/sponsor-desk/fund-events?fund=${encodeURIComponent(names[1])}`)).status).toBe(
      200,
    );
    for (const ask of [sponsor, superAdmin]) {
      const nul = await ask('POST', '/sponsor-desk/reminders', { fund: 'their\u0000fund', state: 'countersigned' });
      expect({ status: nul.status, message: nul.body?.error?.message }).toEqual({
        status: 400,
        message: 'fund must not hold a NUL character',
      });
    }
  });
});

describe("the money of a portal: its Sponsor Admin moves it, another portal's staff cannot", () => {
  it("lets the Sponsor Admin post its own portal's event, and refuses an adjustment or a draft naming another portal's", async () => {
    // The Sponsor Admin (as the seeded sponsor@portal.local: every desk permission, one portal's staff) drafts and posts.
    const draft = await sponsor('POST', '/sponsor-desk/fund-events', {
      fund: ours.fund,
      type: 'distribution',
      date: '2026-10-20',
      total_cents: 100_000,
      basis: 'commitment',
      kind: 'income',
    });
    expect(draft.status).toBe(200);
    const posted = await sponsor('POST', `/sponsor-desk/fund-events/${draft.body.documentId}/post`, {
      allocationHash: draft.body.allocationHash,
    });
    expect(posted.status).toBe(200);
    expect(posted.body).toMatchObject({ state: 'posted', postedByName: 'Sam Ours', total_cents: 100_000 });
    const paid = await app.strapi.db.query(LEDGER_ENTRY).findMany({
      where: { syndUser: { id: ourInvestor.syndUserId }, type: 'distribution' },
      select: ['amount_cents'],
    });
    expect(paid.map((entry: { amount_cents: string | number }) => Number(entry.amount_cents))).toEqual([100_000]);

    // Another portal's entry is not found to them: no adjustment is written.
    const theirFunding = await superAdmin('POST', '/sponsor-desk/funding', {
      syndUser: theirInvestor.syndUser,
      amount_cents: 1_000_000,
      date: '2026-10-05',
    });
    expect(theirFunding.status).toBe(200);
    const adjusted = await sponsor('POST', '/sponsor-desk/adjustments', {
      corrects: theirFunding.body.entry.documentId,
      amount_cents: -10_000,
      date: '2026-10-06',
      note: 'Not theirs to correct',
    });
    expect([adjusted.status, adjusted.body.error.message]).toEqual([404, 'Ledger entry not found']);
    expect(
      await app.strapi.db
        .query(LEDGER_ENTRY)
        .count({ where: { syndUser: { id: theirInvestor.syndUserId }, type: 'adjustment' } }),
    ).toBe(0);

    // Their own draft previewed again with another portal's fund: refused, the draft kept, nothing drafted there.
    const own = await sponsor('POST', '/sponsor-desk/fund-events', {
      fund: ours.fund,
      type: 'distribution',
      date: '2026-10-21',
      total_cents: 50_000,
      basis: 'commitment',
      kind: 'income',
    });
    expect(own.status).toBe(200);
    const theirEvents = await app.strapi.db.query(FUND_EVENT).count({ where: { fund: { documentId: theirs.fund } } });
    const moved = await sponsor('PUT', `/sponsor-desk/fund-events/${own.body.documentId}`, {
      fund: theirs.fund,
      type: 'distribution',
      date: '2026-10-21',
      total_cents: 50_000,
      basis: 'commitment',
      kind: 'income',
    });
    expect([moved.status, moved.body.error.message]).toEqual([404, 'Fund not found']);
    expect(
      await app.strapi.db
        .query(FUND_EVENT)
        .findOne({ where: { documentId: own.body.documentId }, populate: { fund: true } }),
    ).toMatchObject({ state: 'draft', fund: { documentId: ours.fund } });
    expect(await app.strapi.db.query(FUND_EVENT).count({ where: { fund: { documentId: theirs.fund } } })).toBe(
      theirEvents,
    );
  });
});
