import { beforeAll, describe, expect, it } from 'vitest';
import { call, signedInUser, signIn, waitForMail } from './helpers/auth';
import { by, editorsOffering, openBoard } from './helpers/board-fixtures';
import { admin, editor } from './helpers/desk-fixtures';
import type { Investor, Offering } from './helpers/signing';
import { http, type TestApp } from './helpers/strapi';
import { FUND, SIGNING, SYND_AGREEMENT, SYND_USER } from '../src/utils/uids';

/**
 * Countersigning and K-1s on the sponsor desk (docs/sponsor-desk.md): only admins countersign, several agreements at
 * once; the partners it makes are told when a year's K-1s are expected, and are issued one PDF each, matched by name
 * (the world of helpers/board-fixtures.ts).
 */
let app: TestApp;
let offering: Offering;
let editorToken: string;
let superToken: string;

beforeAll(async () => {
  ({ app, offering, editorToken, superToken } = await openBoard());
});

describe('countersigning and access', () => {
  it("refuses an editor's countersigning, funding and export, and a site user's any call", async () => {
    const forged = await editor('POST', '/sponsor-desk/countersign', { syndUsers: [by.investor_signed[0].syndUser] });
    expect(forged.status).toBe(403);
    expect(
      (
        await editor('POST', '/sponsor-desk/funding', {
          syndUser: by.countersigned[0].syndUser,
          amount_cents: 100,
          date: '2026-11-21',
        })
      ).status,
    ).toBe(403);
    expect(
      (await app.strapi.db.query(SYND_USER).findOne({ where: { id: by.investor_signed[0].syndUserId } }))
        .sa_complete_date,
    ).toBeNull();
    const site = await signedInUser(app, 'board-site-admin', 'superadmin', offering.portal);
    const asSiteUser = await http(app, 'GET', `/sponsor-desk/funds?portal=board`, undefined, {
      authcode: site.authCode,
    });
    expect(asSiteUser.status).toBe(401);
    expect(
      (await http(app, 'POST', '/sponsor-desk/reminders', { fund: offering.fund, state: 'committed' })).status,
    ).toBe(401);
  });

  it('countersigns several agreements at once, each sealed and its investor told; one not ready is named', async () => {
    const [ivan, iris] = by.investor_signed;
    const unsigned = by.committed[0];
    const { status, body } = await admin('POST', '/sponsor-desk/countersign', {
      syndUsers: [ivan.syndUser, iris.syndUser, unsigned.syndUser],
    });
    expect(status).toBe(200);
    expect(body.countersigned).toBe(2);
    expect(body.results).toMatchObject([
      { syndUser: ivan.syndUser, success: true },
      { syndUser: iris.syndUser, success: true },
      { syndUser: unsigned.syndUser, success: false, error: 'The investor has not signed this agreement yet' },
    ]);
    for (const who of [ivan, iris]) {
      await waitForMail(who.email, 'Your agreement for board Deal is complete');
      const management = await app.strapi.db
        .query(SIGNING)
        .findOne({ where: { syndUser: { id: who.syndUserId }, role: 'management' } });
      expect(management).toMatchObject({ name: 'Ada Admin', email: 'board-admin@portal.local' });
      expect(await app.strapi.db.query(SYND_AGREEMENT).count({ where: { syndUser: { id: who.syndUserId } } })).toBe(1);
    }
    const board = (await editor('GET', `/sponsor-desk/funds?portal=board`)).body.funds[0];
    expect(board.counts).toMatchObject({ investor_signed: 1, countersigned: 3 });

    expect(
      (await admin('POST', '/sponsor-desk/countersign', { syndUsers: [ivan.syndUser] })).body.results[0],
    ).toMatchObject({ success: false, error: 'This agreement is complete already' });
    expect((await admin('POST', '/sponsor-desk/countersign', { syndUsers: [] })).body.error.message).toBe(
      'syndUsers must list 1 to 100 commitments (documentId or id)',
    );
    expect((await admin('POST', '/sponsor-desk/countersign', { syndUsers: ['nope'] })).body.results[0]).toMatchObject({
      success: false,
      error: 'Commitment not found',
    });
  });
});

describe('K-1s', () => {
  let schedule: string;
  const PDF = Buffer.from('%PDF-1.4\n% a K-1\n%%EOF\n');
  /** One K-1 sent as the desk's page sends it: multipart, the file and whose it is. */
  const upload = (
    token: string,
    name: string,
    bytes: Buffer,
    fields: Record<string, string>,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Tests read arbitrary JSON answers; `any` keeps assertions short (as helpers/strapi's http does).
  ): Promise<{ status: number; body: any }> => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), name);
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    return fetch(`${app.url}/sponsor-desk/tax-schedules/${schedule}/documents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    }).then(async (answer) => ({ status: answer.status, body: await answer.json() }));
  };
  const summaryOf = async (who: Investor) =>
    (await call(app, 'GET', '/api/syndication/summary', undefined, { authCode: who.authCode })).body;

  it("lets staff say when a year's K-1s are expected, which each partner's dashboard then says", async () => {
    const set = await editor('POST', '/sponsor-desk/tax-schedules', {
      fund: offering.fund,
      taxYear: 2026,
      expectedDate: '2027-03-15',
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      taxYear: 2026,
      documentName: 'K-1',
      expectedDate: '2027-03-15',
      state: 'pending',
      fund: { name: 'board Fund I' },
    });
    schedule = set.body.documentId;
    // Setting the year again changes its date; it stays one schedule.
    expect(
      (
        await editor('POST', '/sponsor-desk/tax-schedules', {
          fund: offering.fund,
          taxYear: 2026,
          expectedDate: '2027-03-16',
        })
      ).body.documentId,
    ).toBe(schedule);
    expect((await editor('GET', `/sponsor-desk/tax-schedules?fund=${offering.fund}`)).body.results).toMatchObject([
      { documentId: schedule, expectedDate: '2027-03-16', investors: 4, issued: 0 },
    ]);
    expect(
      (await editor('POST', '/sponsor-desk/tax-schedules', { fund: offering.fund, taxYear: 26 })).body.error.message,
    ).toBe('taxYear must be a year, like 2026');
    expect(
      (
        await editor('POST', '/sponsor-desk/tax-schedules', {
          fund: offering.fund,
          taxYear: 2026,
          expectedDate: 'March',
        })
      ).body.error.message,
    ).toBe('expectedDate must be a date (YYYY-MM-DD)');

    expect((await summaryOf(by.countersigned[0])).taxDocuments).toEqual([
      { fund_name: 'board Fund I', taxYear: 2026, documentName: 'K-1', expectedDate: '2027-03-16', state: 'pending' },
    ]);
    // Not a partner yet (no complete agreement): nothing to expect.
    expect((await summaryOf(by.committed[0])).taxDocuments).toEqual([]);
  });

  it("matches files to partners by their names, or by the desk's pattern", async () => {
    const cole = by.countersigned[0];
    const { body } = await editor('POST', `/sponsor-desk/tax-schedules/${schedule}/match`, {
      names: ['K1 2026 Boardman Cole.pdf', 'K1 2026 Boardman.pdf', `${by.funded[0].email}.pdf`],
    });
    // Each match names its partner, so the desk shows whose it is without listing every partner.
    expect(body.matches).toEqual([
      {
        name: 'K1 2026 Boardman Cole.pdf',
        syndUser: cole.syndUser,
        investor: { firstName: 'Cole', lastName: 'Boardman', email: cole.email },
      },
      { name: 'K1 2026 Boardman.pdf', syndUser: null, investor: null },
      {
        name: `${by.funded[0].email}.pdf`,
        syndUser: by.funded[0].syndUser,
        investor: { firstName: 'Fay', lastName: 'Boardman', email: by.funded[0].email },
      },
    ]);
    const patterned = await editor('POST', `/sponsor-desk/tax-schedules/${schedule}/match`, {
      names: ['board-2026-cole-boardman.pdf'],
      pattern: 'board-2026-{first}-{last}',
    });
    expect(patterned.body.matches[0].syndUser).toBe(cole.syndUser);
  });

  it('issues one PDF per partner as their tax document with its notification, once unless replaced; only admins issue', async () => {
    const cole = by.countersigned[0];
    expect((await upload(editorToken, 'cole.pdf', PDF, { syndUser: cole.syndUser })).status).toBe(403);
    expect(
      (await upload(superToken, 'cole.txt', Buffer.from('hello'), { syndUser: cole.syndUser })).body.error.message,
    ).toBe('A K-1 must be a PDF file');
    expect((await upload(superToken, 'carl.pdf', PDF, { syndUser: by.committed[0].syndUser })).body.error.message).toBe(
      'That investor is not a partner of this fund (no complete agreement)',
    );

    const issued = await upload(superToken, 'K1 2026 Boardman Cole.pdf', PDF, { syndUser: cole.syndUser });
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({
      document: { title: 'K-1 2026, board Fund I' },
      issued: 1,
      investors: 4,
      state: 'pending',
    });
    await waitForMail(cole.email, 'New tax document: K-1 2026, board Fund I');
    // Each partner's dashboard follows their own K-1: Cole's is ready, the others' still expected.
    expect((await summaryOf(cole)).taxDocuments[0]).toMatchObject({ state: 'issued' });
    // (Fay signs in again: the directory's tests signed her out everywhere.)
    const fay = {
      ...by.funded[0],
      authCode: await signIn(app, by.funded[0].email, 'Secret123', { portal: offering.portal.slug }),
    };
    expect((await summaryOf(fay)).taxDocuments[0]).toMatchObject({ state: 'pending', expectedDate: '2027-03-16' });
    const listed = await call(
      app,
      'GET',
      '/api/tax_documents?mine=true&filters%5Byear%5D=2026&populate=fund&limit=999',
      undefined,
      { authCode: cole.authCode },
    );
    expect(listed.body.items.map((item: { title: string }) => item.title)).toEqual(['K-1 2026, board Fund I']);

    const twice = await upload(superToken, 'again.pdf', PDF, { syndUser: cole.syndUser });
    expect(twice.status).toBe(409);
    expect((await upload(superToken, 'corrected.pdf', PDF, { syndUser: cole.syndUser, replace: 'true' })).status).toBe(
      200,
    );
    const relisted = await call(
      app,
      'GET',
      '/api/tax_documents?mine=true&filters%5Byear%5D=2026&populate=fund&limit=999',
      undefined,
      { authCode: cole.authCode },
    );
    expect(relisted.body.items.map((item: { originalName: string }) => item.originalName)).toEqual(['corrected.pdf']);

    const detail = await admin('GET', `/sponsor-desk/tax-schedules/${schedule}`);
    expect(detail.body).toMatchObject({ investors: 4, issued: 1 });
    expect(
      detail.body.results.find((partner: { syndUser: string }) => partner.syndUser === cole.syndUser).document,
    ).toMatchObject({ originalName: 'corrected.pdf' });
    expect((await editor('POST', `/sponsor-desk/tax-schedules/${schedule}/issued`)).status).toBe(403);
    expect((await admin('POST', `/sponsor-desk/tax-schedules/${schedule}/issued`)).body).toMatchObject({
      state: 'issued',
      issuedBy: 'Ada Admin',
    });
    expect((await summaryOf(cole)).taxDocuments[0]).toMatchObject({ state: 'issued' });
    // The year marked issued, a partner who got nothing is not told theirs is ready.
    expect((await summaryOf(fay)).taxDocuments[0]).toMatchObject({ state: 'pending' });
  });

  it("lists a year's partners a page at a time, by name, searched, issued or still missing", async () => {
    const cole = by.countersigned[0];
    const partners = (query: string) => editor('GET', `/sponsor-desk/tax-schedules/${schedule}${query}`);
    const names = (body: { results: { firstName: string }[] }) => body.results.map((partner) => partner.firstName);
    const first = await partners('?page=1&pageSize=2');
    expect(first.status).toBe(200);
    // Four partners (complete agreements), by last then first name: Cole, Fay, Ivan, Iris Boardman.
    expect(first.body).toMatchObject({
      taxYear: 2026,
      investors: 4,
      issued: 1,
      pagination: { page: 1, pageSize: 2, pageCount: 2, total: 4 },
    });
    const second = await partners('?page=2&pageSize=2');
    expect([...names(first.body), ...names(second.body)]).toEqual(['Cole', 'Fay', 'Iris', 'Ivan']);
    expect(names((await partners('?sort=name:desc&pageSize=1')).body)).toEqual(['Ivan']);
    expect((await partners('?state=issued')).body).toMatchObject({
      results: [{ syndUser: cole.syndUser, document: { originalName: 'corrected.pdf' } }],
      pagination: { total: 1 },
    });
    expect(names((await partners('?state=missing')).body)).toEqual(['Fay', 'Iris', 'Ivan']);
    expect(names((await partners('?q=boardman%2C%20fa')).body)).toEqual(['Fay']);
    expect(names((await partners(`?q=${encodeURIComponent(cole.email)}&state=missing`)).body)).toEqual([]);
    expect((await partners('?state=late')).body.error.message).toBe('state must be one of issued, missing');
    expect((await partners('?pageSize=500')).body.error.message).toBe('pageSize must be a whole number from 1 to 100');
  });

  it('says so, not a 500, when the fund of a tax year was deleted', async () => {
    const gone = await editorsOffering('k1-gone');
    const set = await editor('POST', '/sponsor-desk/tax-schedules', {
      fund: gone.fund,
      taxYear: 2026,
      expectedDate: '2027-03-15',
    });
    await app.strapi.db.query(FUND).delete({ where: { documentId: gone.fund } });
    const message = 'The fund of this tax year was deleted: it has no partners to issue to';
    expect(await admin('GET', `/sponsor-desk/tax-schedules/${set.body.documentId}`)).toMatchObject({
      status: 404,
      body: { error: { message } },
    });
    expect(
      await admin('POST', `/sponsor-desk/tax-schedules/${set.body.documentId}/match`, { names: ['a.pdf'] }),
    ).toMatchObject({ status: 404, body: { error: { message } } });
    // A tax year of no fund is of no portal: only super admins, who run every portal, are told more than 'not found'.
    expect(await editor('GET', `/sponsor-desk/tax-schedules/${set.body.documentId}`)).toMatchObject({
      status: 404,
      body: { error: { message: 'Tax schedule not found' } },
    });
    schedule = set.body.documentId;
    expect(await upload(superToken, 'a.pdf', PDF, { syndUser: by.countersigned[0].syndUser })).toMatchObject({
      status: 404,
      body: { error: { message } },
    });
  });
});
