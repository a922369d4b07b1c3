import { beforeAll, describe, expect, it, vi } from 'vitest';
import { call, mailsTo } from './helpers/auth';
import { admin, calledOf, editor, entriesOf, fundWith, onlyNotice, openDesk } from './helpers/desk-fixtures';
import type { TestPortal } from './helpers/records';
import type { TestApp } from './helpers/strapi';
import { upkeep } from '../src/api/upkeep/services/upkeep';
import { CALL_ITEM, FUND_EVENT, LEDGER_ENTRY, NEWS_DOCUMENT, NOTIFICATION } from '../src/utils/uids';

/**
 * Posting a capital call or distribution on the sponsor desk (docs/capital-accounts.md): its notices are delivered once
 * even when mail failed or an instance stopped, the same event posted at once writes one set of entries, a post writes
 * every entry or none, and it posts the allocation that was previewed.
 */
let app: TestApp;
let home: TestPortal;

beforeAll(async () => {
  ({ app, home } = await openDesk('desk-posting-home'));
});

describe('capital calls and distributions', () => {
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
});

describe('funding and valuations', () => {
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
});
