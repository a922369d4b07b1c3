import { beforeAll, describe, expect, it } from 'vitest';
import { admin, editor, entriesOf, fundWith, openDesk } from './helpers/desk-fixtures';
import type { TestPortal } from './helpers/records';
import type { TestApp } from './helpers/strapi';
import { FUND, FUND_EVENT, LEDGER_ENTRY, SYND_USER, VALUATION } from '../src/utils/uids';

/**
 * What the admin panel cannot change of the money (docs/capital-accounts.md): ledger entries, valuations, posted events,
 * and the commitments and funds money was recorded for, whoever edits, the super admin too.
 */
let app: TestApp;
let home: TestPortal;

beforeAll(async () => {
  ({ app, home } = await openDesk('desk-kept-home'));
});

describe('funding and valuations', () => {
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
});
