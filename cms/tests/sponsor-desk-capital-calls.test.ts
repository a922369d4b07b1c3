import { beforeAll, describe, expect, it } from 'vitest';
import { call, mailsTo, waitForMail } from './helpers/auth';
import { admin, calledOf, editor, entriesOf, fundWith, onlyNotice, openDesk } from './helpers/desk-fixtures';
import type { TestPortal } from './helpers/records';
import { http, type TestApp } from './helpers/strapi';
import { FUND_EVENT } from '../src/utils/uids';

/**
 * Capital calls and distributions on the sponsor desk (docs/capital-accounts.md): staff draft one and see its
 * allocation to the cent, an admin posts it once, a distribution is shared by funded capital, a bad or stale event says
 * what is wrong, and no call asks more than an investor committed.
 */
let app: TestApp;
let home: TestPortal;

beforeAll(async () => {
  ({ app, home } = await openDesk('desk-calls-home'));
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
});
