import { beforeAll, describe, expect, it } from 'vitest';
import { call, openGuestSession, signedInUser, waitForMail } from './helpers/auth';
import { createPortal, type TestPortal } from './helpers/records';
import { useStrapi, type TestApp, fixtureDocuments } from './helpers/strapi';

let app: TestApp;
let home: TestPortal;
let investment: { id: number; documentId: string };
const DAY = 86_400_000;

async function investor(prefix: string, portal = home) {
  const user = await signedInUser(app, prefix, 'user', portal);
  await app.strapi.db
    .query('plugin::users-permissions.user')
    .update({ where: { id: user.id }, data: { accreditation: 1 } });
  return user;
}

async function offering(portal: TestPortal, slug: string, total: number) {
  const company = await fixtureDocuments(app, 'api::company.company').create({
    data: { name: `${slug} co`, portal: portal.documentId } as never,
  });
  const fund = await fixtureDocuments(app, 'api::fund.fund').create({
    data: {
      name: `${slug} fund`,
      url_slug: slug,
      company: company.documentId,
      min_inv_amount: 25_000,
      total_inv_amount: total,
      open_date: new Date(Date.now() - 10 * DAY),
      start_date: new Date(Date.now() - 5 * DAY),
      close_date: new Date(Date.now() + 20 * DAY),
      end_date: new Date(Date.now() + 400 * DAY),
      currentPercentageTotalReturned: 10,
      currentFundValuePercentage: 120,
    } as never,
  });
  const created = await fixtureDocuments(app, 'api::investment.investment').create({
    data: { name: `${slug} deal`, url_slug: slug, fund: fund.documentId, company: company.documentId } as never,
  });
  return { id: created.id as number, documentId: created.documentId };
}

const commit = (authCode: string, body: Record<string, unknown>) =>
  call(app, 'POST', '/api/syndication/set_investing', body, { authCode });

beforeAll(async () => {
  app = await useStrapi();
  home = await createPortal(app, 'synd-home');
  investment = await offering(home, 'synd-open', 100_000);
});

describe('committing to an investment', () => {
  it("answers the spec's messages and stores nothing wrong", async () => {
    const { authCode } = await investor('synd-rules');
    const base = { id: investment.documentId, invest_amount: 30_000, method_of_inv: 'CASH', is_married: '0' };
    expect((await commit(authCode, { ...base, invest_amount: 1_000 })).body.error.message).toBe(
      'Minimum investment Amount is $25,000',
    );
    expect((await commit(authCode, { ...base, invest_amount: 200_000 })).body.error.message).toBe(
      'Maximum investment Amount is $100,000',
    );
    expect((await commit(authCode, { ...base, method_of_inv: undefined })).body.error.message).toBe(
      'Method of investment is required',
    );
    expect((await commit(authCode, { ...base, is_married: '1', is_marital_state: '1' })).body.error.message).toBe(
      'Spouse first name is required',
    );
    const ok = await commit(authCode, {
      ...base,
      is_married: '1',
      is_marital_state: '1',
      cosub_first_name: 'Sam',
      cosub_last_name: 'Lee',
      cosub_email: 'sam@example.com',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.syndUser).toMatchObject({
      invest_amount: 30_000,
      invest_status: 'Accepted investment',
      is_married: true,
      isSpouseInvestmentRequired: true,
      signingStep: 1,
    });
    const declined = await call(
      app,
      'POST',
      '/api/syndication/set_not_investing',
      { id: ok.body.syndUser.documentId, feedback: 'Not now' },
      { authCode },
    );
    expect(declined.body.syndUser).toMatchObject({
      invest_status: 'Declined investment',
      feedback: 'Not now',
      isDeclined: true,
    });
  });

  it('never lets simultaneous commitments pass the fund total', async () => {
    const capped = await offering(home, 'synd-capped', 100_000);
    const investors = await Promise.all(Array.from({ length: 8 }, (_, index) => investor(`synd-race-${index}`)));
    const answers = await Promise.all(
      investors.map(({ authCode }) =>
        commit(authCode, { id: capped.documentId, invest_amount: 25_000, method_of_inv: 'TRUST' }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(4);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(answer.body.error.message).toBe('Only $0 is left to invest in this offering');
    }
    const rows = await app.strapi.db
      .query('api::synd-user.synd-user')
      .findMany({ where: { investment: { id: capped.id }, invest_status: 'Accepted investment' } });
    expect(
      rows.reduce((sum: number, row: { invest_amount: string | number }) => sum + Number(row.invest_amount), 0),
    ).toBe(100_000);
  });

  it('takes a fund of hundreds of millions and a nine-figure commitment, to the cent, on either database', async () => {
    // Strapi's decimal is numeric(10, 2) on PostgreSQL (at most $99,999,999.99) until the widen-money-columns migration.
    const large = await offering(home, 'synd-large', 250_000_000.5);
    const { authCode } = await investor('synd-large-one');
    const answer = await commit(authCode, {
      id: large.documentId,
      invest_amount: 120_000_000.25,
      method_of_inv: 'TRUST',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.syndUser.invest_amount).toBe(120_000_000.25);
    const { body } = await call(app, 'GET', '/api/syndication/byslug/synd-large', undefined, {
      authCode: (await investor('synd-large-two')).authCode,
    });
    expect(body.leftAmountToInvest).toBe(130_000_000.25);
  });

  it('shows each investment with what is left, leaving out the caller’s own commitment, and the lower minimum for existing investors', async () => {
    const first = await offering(home, 'synd-first', 100_000);
    const second = await offering(home, 'synd-second', 200_000);
    await app.strapi.db
      .query('api::fund.fund')
      .update({ where: { url_slug: 'synd-second' }, data: { min_inv_amount_for_existing: 5_000 } });
    const existing = await investor('synd-existing');
    const newcomer = await investor('synd-newcomer');
    const other = await investor('synd-other');
    // The existing investor has a completed investment in the first fund; another investor commits 50,000 to the second.
    const done = await commit(existing.authCode, {
      id: first.documentId,
      invest_amount: 40_000,
      method_of_inv: 'TRUST',
    });
    await app.strapi.db
      .query('api::synd-user.synd-user')
      .update({ where: { id: done.body.syndUser.id }, data: { sa_complete_date: new Date() } });
    expect(
      (await commit(other.authCode, { id: second.documentId, invest_amount: 50_000, method_of_inv: 'TRUST' })).status,
    ).toBe(200);
    expect(
      (await commit(existing.authCode, { id: second.documentId, invest_amount: 30_000, method_of_inv: 'TRUST' }))
        .status,
    ).toBe(200);

    const shown = async (authCode: string, path: string) => {
      const { body } = await call(app, 'GET', path, undefined, { authCode });
      return Object.fromEntries(
        (body.items as { url_slug: string; leftAmountToInvest: number; minimumAmountToInvest: number }[])
          .filter((item) => item.url_slug.startsWith('synd-first') || item.url_slug.startsWith('synd-second'))
          .map((item) => [item.url_slug, [item.leftAmountToInvest, item.minimumAmountToInvest]]),
      );
    };
    // Left: the total less everyone else's accepted commitments (the caller's own may be changed up to it).
    expect(await shown(existing.authCode, '/api/syndication/available')).toEqual({
      'synd-first': [100_000, 25_000],
      'synd-second': [150_000, 5_000],
    });
    expect(await shown(existing.authCode, '/api/syndication/mine')).toEqual({
      'synd-second': [150_000, 5_000],
      'synd-first': [100_000, 25_000],
    });
    expect(await shown(newcomer.authCode, '/api/syndication/available')).toEqual({
      'synd-first': [60_000, 25_000],
      'synd-second': [120_000, 25_000],
    });
    const one = await call(app, 'GET', '/api/syndication/byslug/synd-second', undefined, {
      authCode: existing.authCode,
    });
    expect(one.body).toMatchObject({ leftAmountToInvest: 150_000, minimumAmountToInvest: 5_000 });
    expect(
      (await commit(existing.authCode, { id: second.documentId, invest_amount: 6_000, method_of_inv: 'TRUST' })).status,
    ).toBe(200);
    expect(
      (await commit(newcomer.authCode, { id: second.documentId, invest_amount: 6_000, method_of_inv: 'TRUST' })).body
        .error.message,
    ).toBe('Minimum investment Amount is $25,000');
  });

  it('keeps each investor to their own portal and refuses a guest session', async () => {
    const elsewhere = await createPortal(app, 'synd-elsewhere');
    const stranger = await investor('synd-stranger', elsewhere);
    expect(
      (await call(app, 'GET', '/api/syndication/byslug/synd-open', undefined, { authCode: stranger.authCode })).status,
    ).toBe(404);
    expect(
      (await commit(stranger.authCode, { id: investment.documentId, invest_amount: 30_000, method_of_inv: 'TRUST' }))
        .status,
    ).toBe(404);
    const own = await investor('synd-guest');
    const guest = await openGuestSession(app, own.id);
    expect(
      (await commit(guest, { id: investment.documentId, invest_amount: 30_000, method_of_inv: 'TRUST' })).status,
    ).toBe(403);
    const seen = await call(app, 'GET', '/api/syndication/byslug/synd-open', undefined, { authCode: guest });
    expect(seen).toMatchObject({
      status: 200,
      body: { name: 'synd-open deal', minimumAmountToInvest: 25_000, isAvailable: true },
    });
  });

  it('asks an investor without an accreditation to state it first', async () => {
    const { authCode } = await signedInUser(app, 'synd-unaccredited', 'user', home);
    const refused = await commit(authCode, {
      id: investment.documentId,
      invest_amount: 30_000,
      method_of_inv: 'TRUST',
    });
    expect(refused).toMatchObject({
      status: 403,
      body: { error: { message: 'Please state your accreditation status before investing' } },
    });
  });

  it('sums completed investments per fund with the spec formulas', async () => {
    const me = await investor('synd-summary');
    const ok = await commit(me.authCode, { id: investment.documentId, invest_amount: 40_000, method_of_inv: 'ENTITY' });
    await app.strapi.db
      .query('api::synd-user.synd-user')
      .update({ where: { id: ok.body.syndUser.id }, data: { sa_complete_date: new Date() } });
    const { body } = await call(app, 'GET', '/api/syndication/summary', undefined, { authCode: me.authCode });
    expect(body.rows).toEqual([
      expect.objectContaining({
        fund_name: 'synd-open fund',
        investment_made: 40_000,
        current_distribution: 4_000,
        percentage_returned: 10,
        current_value: 48_000,
        // The chart draws the fund from the day the money went in: the agreement's completion until it is funded.
        invested_on: new Date().toISOString().slice(0, 10),
      }),
    ]);
    expect(body.overallReturn).toBeCloseTo(30, 5);
    await app.strapi.db
      .query('api::synd-user.synd-user')
      .update({ where: { id: ok.body.syndUser.id }, data: { ft_complete_date: '2025-02-03' } });
    const funded = await call(app, 'GET', '/api/syndication/summary', undefined, { authCode: me.authCode });
    expect(funded.body.rows[0].invested_on).toBe('2025-02-03');
  });
  it('tells the portal’s staff of each commitment and decline, by mail and in their notifications', async () => {
    const staff = await signedInUser(app, 'synd-staff', 'admin', home);
    const me = await investor('synd-told');
    await app.strapi.db
      .query('plugin::users-permissions.user')
      .update({ where: { id: me.id }, data: { firstName: 'Cora', lastName: 'Commit' } });
    const ok = await commit(me.authCode, { id: investment.documentId, invest_amount: 26_000, method_of_inv: 'TRUST' });
    expect(ok.status).toBe(200);
    await waitForMail(staff.email, 'Cora Commit commits $26,000 to synd-open deal');
    await call(
      app,
      'POST',
      '/api/syndication/set_not_investing',
      { id: ok.body.syndUser.documentId, feedback: 'Timing' },
      { authCode: me.authCode },
    );
    const mail = await waitForMail(staff.email, 'Cora Commit declined synd-open deal');
    expect(mail.text).toContain('Feedback: Timing');
    const bell = await call(app, 'GET', '/api/notifications?mine=true&populate=template&sort=-createdAt', undefined, {
      authCode: staff.authCode,
    });
    expect(bell.body.items.map((item: { subject: string }) => item.subject)).toEqual([
      'Cora Commit declined synd-open deal',
      'Cora Commit commits $26,000 to synd-open deal',
    ]);
  });

  it('makes one syndication user when an investor’s first commit and a decline arrive at the same moment', async () => {
    const me = await investor('synd-twice');
    const answers = await Promise.all([
      commit(me.authCode, { id: investment.documentId, invest_amount: 25_000, method_of_inv: 'TRUST' }),
      call(
        app,
        'POST',
        '/api/syndication/set_not_investing',
        { id: investment.documentId, feedback: '' },
        { authCode: me.authCode },
      ),
      commit(me.authCode, { id: investment.documentId, invest_amount: 27_000, method_of_inv: 'TRUST' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const rows = await app.strapi.db
      .query('api::synd-user.synd-user')
      .findMany({ where: { user: { id: me.id }, investment: { id: investment.id } } });
    expect(rows).toHaveLength(1);
  });

  it('refuses a commitment to an offering that is not open, and any change once the agreement is signed', async () => {
    const me = await investor('synd-closed');
    const closed = await offering(home, 'synd-closed', 100_000);
    await app.strapi.db
      .query('api::fund.fund')
      .update({ where: { url_slug: 'synd-closed' }, data: { close_date: new Date(Date.now() - DAY) } });
    const refused = await commit(me.authCode, { id: closed.documentId, invest_amount: 30_000, method_of_inv: 'TRUST' });
    expect(refused).toMatchObject({
      status: 400,
      body: { error: { message: 'This offering is not open for investment' } },
    });
    expect(await app.strapi.db.query('api::synd-user.synd-user').count({ where: { user: { id: me.id } } })).toBe(0);

    const open = await offering(home, 'synd-signed', 100_000);
    const ok = await commit(me.authCode, { id: open.documentId, invest_amount: 30_000, method_of_inv: 'TRUST' });
    await app.strapi.db
      .query('api::synd-user.synd-user')
      .update({ where: { id: ok.body.syndUser.id }, data: { syndAgreementSignedByCurrentUser: true } });
    const signed = 'You have already signed the agreement for this investment';
    expect(
      await commit(me.authCode, { id: ok.body.syndUser.documentId, invest_amount: 40_000, method_of_inv: 'TRUST' }),
    ).toMatchObject({ status: 409, body: { error: { message: signed } } });
    expect(
      await call(
        app,
        'POST',
        '/api/syndication/set_not_investing',
        { id: ok.body.syndUser.documentId },
        { authCode: me.authCode },
      ),
    ).toMatchObject({ status: 409, body: { error: { message: signed } } });
    const stored = await app.strapi.db
      .query('api::synd-user.synd-user')
      .findOne({ where: { id: ok.body.syndUser.id } });
    expect(stored).toMatchObject({ invest_status: 'Accepted investment' });
    expect(Number(stored.invest_amount)).toBe(30_000);
  });

  it('names a fund without a name Unknown Fund and lists the newest close date first, with the disclaimer the page shows under it', async () => {
    const me = await investor('synd-rows');
    const older = await offering(home, 'synd-older', 100_000);
    const unnamed = await offering(home, 'synd-unnamed', 100_000);
    for (const target of [older, unnamed]) {
      const ok = await commit(me.authCode, { id: target.documentId, invest_amount: 25_000, method_of_inv: 'TRUST' });
      await app.strapi.db
        .query('api::synd-user.synd-user')
        .update({ where: { id: ok.body.syndUser.id }, data: { sa_complete_date: new Date() } });
    }
    await app.strapi.db
      .query('api::fund.fund')
      .update({ where: { url_slug: 'synd-older' }, data: { close_date: new Date(Date.now() + 2 * DAY) } });
    await app.strapi.db.query('api::fund.fund').update({ where: { url_slug: 'synd-unnamed' }, data: { name: '  ' } });
    await fixtureDocuments(app, 'api::content.content').create({
      data: {
        slug: 'investment-calculations-disclaimer',
        title: 'How we calculate',
        body: '<p>Past returns are no promise.</p>',
        portal: home.documentId,
      } as never,
    });
    const { body } = await call(app, 'GET', '/api/syndication/summary', undefined, { authCode: me.authCode });
    expect(body.rows.map((row: { fund_name: string }) => row.fund_name)).toEqual(['Unknown Fund', 'synd-older fund']);
    expect(body.disclaimer).toEqual({ title: 'How we calculate', body: '<p>Past returns are no promise.</p>' });

    const nobody = await investor('synd-no-rows');
    expect((await call(app, 'GET', '/api/syndication/summary', undefined, { authCode: nobody.authCode })).body).toEqual(
      {
        rows: [],
        totals: { invested: 0, distribution: 0, currentValue: 0 },
        overallReturn: 0,
        disclaimer: null,
        history: [],
        openCalls: [],
        taxDocuments: [],
      },
    );
  });
});
