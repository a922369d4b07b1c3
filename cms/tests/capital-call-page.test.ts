import { beforeAll, describe, expect, it } from 'vitest';
import { call, signedInUser } from './helpers/auth';
import { admin, fundWith, openDesk, type Investor } from './helpers/desk-fixtures';
import { createPortal, type TestPortal } from './helpers/records';
import type { TestApp } from './helpers/strapi';

/**
 * GET /api/profile/capital_calls/:fundEvent (docs/capital-accounts.md, The capital call page): one posted capital call
 * as its investor reads it, open until staff confirm the money, with the fund's wire instructions and the call's
 * notice; nobody else's.
 */
let app: TestApp;
let home: TestPortal;
let ann: Investor;
let ben: Investor;
let fund: { id: number; documentId: string };

const callOf = (fundEvent: string, authCode?: string) =>
  call(app, 'GET', `/api/profile/capital_calls/${fundEvent}`, undefined, { authCode });
const notFound = { status: 404, body: { error: { status: 404, message: 'Not found' } } };

/** Drafts and posts an event of the fund: its documentId. */
async function posted(body: Record<string, unknown>): Promise<string> {
  const draft = await admin('POST', '/sponsor-desk/fund-events', { fund: fund.documentId, ...body });
  expect(draft.status, JSON.stringify(draft.body)).toBe(200);
  const done = await admin('POST', `/sponsor-desk/fund-events/${draft.body.documentId}/post`);
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return draft.body.documentId as string;
}

beforeAll(async () => {
  ({ app, home } = await openDesk('call-page-home'));
  ({
    fund,
    investors: [ann, ben],
  } = await fundWith(home, 'call-page', [40_000, 60_000]));
});

describe('GET /api/profile/capital_calls/:fundEvent', () => {
  it("answers the investor's part of a posted call: amount, due date, wire instructions and notice, open until funded", async () => {
    const fundEvent = await posted({ type: 'capital_call', date: '2026-11-02', due_date: '2026-12-17', percent: 15 });
    // The notices go out after the desk's answer: the call is read once its notice is filed.
    let open = await callOf(fundEvent, ann.authCode);
    for (const started = Date.now(); !open.body.notice && Date.now() - started < 5_000; ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      open = await callOf(fundEvent, ann.authCode);
    }
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(open.body).toMatchObject({
      fundEvent,
      fund: { documentId: fund.documentId, name: 'call-page fund', url_slug: 'call-page' },
      date: '2026-11-02',
      due_date: '2026-12-17',
      amount: 6_000,
      state: 'open',
      paid: 0,
      paid_on: null,
      wire_instructions:
        '<p>Bank: First Test Bank &amp; Trust, ABA 021000021</p><p>Account: call-page Fund LLC, 000123456789</p>',
      notice: { title: 'Capital call notice, 2026-11-02', originalName: 'capital-call-notice-2026-11-02.pdf' },
    });
    // The notice is one of the investor's News Documents: it downloads as they do.
    const link = await call(
      app,
      'POST',
      '/api/profile/news_documents/download',
      { id: open.body.notice.documentId },
      { authCode: ann.authCode },
    );
    expect(link.status).toBe(200);
    // Ben's part of the same call is his own.
    expect((await callOf(fundEvent, ben.authCode)).body).toMatchObject({ amount: 9_000, state: 'open' });

    const paid = await admin('POST', '/sponsor-desk/funding', {
      syndUser: ann.syndUser.documentId,
      amount_cents: 600_000,
      date: '2026-12-10',
      fundEvent,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await callOf(fundEvent, ann.authCode)).body).toMatchObject({
      state: 'funded',
      paid: 6_000,
      paid_on: '2026-12-10',
    });
    expect((await callOf(fundEvent, ben.authCode)).body).toMatchObject({ state: 'open', paid: 0 });
  });

  it("is nobody else's: another investor, another portal, a distribution, a made-up id and a visitor all meet 404 or 401", async () => {
    const fundEvent = await posted({ type: 'capital_call', date: '2026-11-03', due_date: '2026-12-18', percent: 5 });
    const stranger = await signedInUser(app, 'call-page-stranger', 'user', home);
    expect(await callOf(fundEvent, stranger.authCode)).toMatchObject(notFound);
    const away = await signedInUser(app, 'call-page-away', 'user', await createPortal(app, 'call-page-away'));
    expect(await callOf(fundEvent, away.authCode)).toMatchObject(notFound);
    const distribution = await posted({
      type: 'distribution',
      date: '2026-11-04',
      total_cents: 100_000,
      kind: 'income',
      basis: 'commitment',
    });
    expect(await callOf(distribution, ann.authCode)).toMatchObject(notFound);
    expect(await callOf('no-such-call', ann.authCode)).toMatchObject(notFound);
    expect(await callOf('%27%20or%201%3D1', ann.authCode)).toMatchObject(notFound);
    expect((await callOf(fundEvent)).status).toBe(401);
  });
});
