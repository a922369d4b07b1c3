import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, waitForMail } from './helpers/auth';
import { createInvestor, createOffering, type Investor, type Offering } from './helpers/signing';
import { http, useStrapi, type TestApp } from './helpers/strapi';
import { pdfBytes } from './helpers/uploads';
import {
  COMPANY,
  DESK_ACTION,
  FUND,
  FUND_EVENT,
  LEDGER_ENTRY,
  NOTIFICATION_TEMPLATE,
  REMINDER,
  STATEMENT,
  SYND_USER,
  TAX_DOCUMENT,
  TAX_SCHEDULE,
  UPLOAD_FILE,
  USER,
  VALUATION,
} from '../src/utils/uids';

/**
 * Staff and portals (docs/sponsor-desk.md): a staff member runs the portals whose Staff names them, and the desk
 * answers about no other. Another portal's fund, commitment, investor, event or document is 'not found' to them (as
 * if it did not exist), a write naming one changes nothing, and the picker lists only their own; a super admin runs
 * every portal.
 */
let app: TestApp;
let ours: Offering;
let theirs: Offering;
let ourInvestor: Investor;
let theirInvestor: Investor;
let editorToken: string;
let sponsorToken: string;
let superToken: string;
let nobodyToken: string;

const panel = (token: string) => (method: string, route: string, body?: unknown) =>
  http(app, method, route, body, { Authorization: `Bearer ${token}` });
const editor = (method: string, route: string, body?: unknown) => panel(editorToken)(method, route, body);
const sponsor = (method: string, route: string, body?: unknown) => panel(sponsorToken)(method, route, body);
const superAdmin = (method: string, route: string, body?: unknown) => panel(superToken)(method, route, body);
const userDocumentId = async (investor: Investor) =>
  (await app.strapi.db.query(USER).findOne({ where: { id: investor.id } })).documentId as string;

beforeAll(async () => {
  app = await useStrapi();
  ours = await createOffering(app, 'scope-ours');
  theirs = await createOffering(app, 'scope-theirs');
  ourInvestor = await createInvestor(app, ours, 'scope-ours-ann', { spouse: false });
  theirInvestor = await createInvestor(app, theirs, 'scope-theirs-bob', { spouse: false });
  for (const [investor, at] of [
    [ourInvestor, '2026-10-01T10:00:00.000Z'],
    [theirInvestor, '2026-10-02T10:00:00.000Z'],
  ] as const) {
    await app.strapi.db.query(SYND_USER).update({
      where: { id: investor.syndUserId },
      data: { sa_complete_date: new Date(at), managementSignedAt: new Date(at) },
    });
  }
  editorToken = await adminToken(app, 'scope-editor@portal.local', 'strapi-editor', ['Eddie', 'Ours'], [ours.portal]);
  sponsorToken = await adminToken(app, 'scope-sponsor@portal.local', 'sponsor-admin', ['Sam', 'Ours'], [ours.portal]);
  superToken = await adminToken(app, 'scope-super@portal.local', 'strapi-super-admin', ['Ada', 'Everywhere']);
  nobodyToken = await adminToken(app, 'scope-nobody@portal.local', 'sponsor-admin', ['Noor', 'Nowhere']);
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

describe("the content manager shows staff their portals' rows, and no other's", () => {
  const CM = '/content-manager/collection-types';
  const listed = async (ask: typeof editor, uid: string, filter = '') => {
    const answer = await ask('GET', `${CM}/${uid}?page=1&pageSize=100${filter}`);
    expect(answer.status, uid).toBe(200);
    return answer.body.results.map((row: { documentId: string }) => row.documentId) as string[];
  };

  it('lists, opens and offers in pickers only their portals’ funds, companies, investors, commitments and portals', async () => {
    const scoped = `&filters[name][$contains]=scope-`;
    expect(await listed(editor, 'api::fund.fund', scoped)).toEqual([ours.fund]);
    expect(await listed(editor, 'api::company.company', scoped)).toEqual([ours.company]);
    expect(await listed(editor, 'api::investment.investment', scoped)).toEqual([ours.investment]);
    expect(await listed(editor, 'api::portal.portal')).toEqual([ours.portal.documentId]);
    const investors = await listed(editor, 'plugin::users-permissions.user', `&filters[email][$contains]=scope-`);
    expect(investors).toEqual([await userDocumentId(ourInvestor)]);
    expect(
      await listed(
        editor,
        SYND_USER,
        `&filters[fund][documentId][$in][0]=${ours.fund}&filters[fund][documentId][$in][1]=${theirs.fund}`,
      ),
    ).toEqual([ourInvestor.syndUser]);
    // A super admin sees both; staff who run no portal see none.
    expect((await listed(superAdmin, 'api::fund.fund', scoped)).sort()).toEqual([ours.fund, theirs.fund].sort());
    expect(await listed(panel(nobodyToken), 'api::fund.fund', scoped)).toEqual([]);

    expect((await editor('GET', `${CM}/api::fund.fund/${ours.fund}`)).status).toBe(200);
    for (const [uid, documentId] of [
      ['api::fund.fund', theirs.fund],
      ['api::company.company', theirs.company],
      [SYND_USER, theirInvestor.syndUser],
      ['plugin::users-permissions.user', await userDocumentId(theirInvestor)],
      ['api::portal.portal', theirs.portal.documentId],
    ]) {
      expect((await editor('GET', `${CM}/${uid}/${documentId}`)).status, uid).toBe(403);
    }
    // The fund's company picker offers their companies only.
    const picker = await editor('GET', `/content-manager/relations/api::fund.fund/company?_q=scope-&pageSize=100`);
    expect(picker.status).toBe(200);
    expect(picker.body.results.map((row: { documentId: string }) => row.documentId)).toEqual([ours.company]);
  });

  it('lists and opens only their portals’ fund events, valuations, ledger entries and statements', async () => {
    // One row of each type in each portal's fund, written as the desk writes them (the panel makes none of these).
    const rowsOf = async (offering: Offering, investor: Investor) => {
      const fund = (await app.strapi.db.query(FUND).findOne({ where: { documentId: offering.fund } })).id as number;
      const slug = offering.portal.slug;
      const event = await app.strapi.db.query(FUND_EVENT).create({
        data: {
          fund,
          type: 'distribution',
          date: '2026-06-30',
          total_cents: 100_000,
          basis: 'commitment',
          kind: 'income',
          state: 'posted',
        },
      });
      const rows: Record<string, { documentId: string }> = {
        [FUND_EVENT]: event,
        [VALUATION]: await app.strapi.db
          .query(VALUATION)
          .create({ data: { fund, date: '2026-06-30', value_percent: 120 } }),
        [LEDGER_ENTRY]: await app.strapi.db.query(LEDGER_ENTRY).create({
          data: {
            fund,
            syndUser: investor.syndUserId,
            fundEvent: event.id,
            type: 'distribution',
            kind: 'income',
            amount_cents: 100_000,
            effective_date: '2026-06-30',
            entryKey: `scope-list:${slug}`,
          },
        }),
        [STATEMENT]: await app.strapi.db.query(STATEMENT).create({
          data: {
            fund,
            syndUser: investor.syndUserId,
            periodFrom: '2026-01-01',
            periodTo: '2026-06-30',
            fingerprint: `scope-list-${slug}`,
            issuedAt: new Date(),
            portalName: slug,
            investorInitials: 'S.',
          },
        }),
      };
      return rows;
    };
    const ourRows = await rowsOf(ours, ourInvestor);
    const theirRows = await rowsOf(theirs, theirInvestor);
    const bothFunds = `&filters[fund][documentId][$in][0]=${ours.fund}&filters[fund][documentId][$in][1]=${theirs.fund}`;
    try {
      for (const uid of [FUND_EVENT, VALUATION, LEDGER_ENTRY, STATEMENT]) {
        // Their portal's rows are all of its fund's (earlier tests of this file wrote some), and none of the other's.
        const ourFunds = await app.strapi.db
          .query(uid)
          .findMany({ where: { fund: { documentId: ours.fund } }, select: ['documentId'] });
        const ourListed = await listed(sponsor, uid, bothFunds);
        expect(ourListed, uid).toContain(ourRows[uid].documentId);
        expect(ourListed.sort(), uid).toEqual(ourFunds.map((row: { documentId: string }) => row.documentId).sort());
        // A super admin sees both; staff who run no portal see none.
        expect(await listed(superAdmin, uid, bothFunds), uid).toEqual(
          expect.arrayContaining([ourRows[uid].documentId, theirRows[uid].documentId]),
        );
        expect(await listed(panel(nobodyToken), uid, bothFunds), uid).toEqual([]);
        expect((await sponsor('GET', `${CM}/${uid}/${ourRows[uid].documentId}`)).status, uid).toBe(200);
        expect((await sponsor('GET', `${CM}/${uid}/${theirRows[uid].documentId}`)).status, uid).toBe(403);
      }
    } finally {
      // The money tests below count these funds' entries and events: the rows made here go.
      for (const rows of [ourRows, theirRows]) {
        for (const [uid, row] of Object.entries(rows).reverse())
          await app.strapi.db.query(uid).delete({ where: { documentId: row.documentId } });
      }
    }
  });

  it('changes, deletes and makes rows only in their portals, and says why otherwise', async () => {
    const theirName = (await app.strapi.db.query(FUND).findOne({ where: { documentId: theirs.fund } })).name;
    expect((await sponsor('PUT', `${CM}/api::fund.fund/${theirs.fund}`, { name: 'Taken over' })).status).toBe(403);
    expect((await sponsor('DELETE', `${CM}/api::company.company/${theirs.company}`)).status).toBe(403);
    expect((await app.strapi.db.query(FUND).findOne({ where: { documentId: theirs.fund } })).name).toBe(theirName);
    expect(await app.strapi.db.query(COMPANY).count({ where: { documentId: theirs.company } })).toBe(1);

    // A fund made under another portal's company (a forged request: the picker never offers it) is not kept.
    const theirCompanyId = (await app.strapi.db.query(COMPANY).findOne({ where: { documentId: theirs.company } })).id;
    const forged = await sponsor('POST', `${CM}/api::fund.fund`, {
      name: 'scope-forged Fund',
      company: { connect: [{ id: theirCompanyId, documentId: theirs.company }] },
    });
    expect(forged.status).toBe(403);
    expect(forged.body.error.message).toBe(
      'Choose a company of a portal you run: staff keep rows only in their own portals',
    );
    const orphan = await sponsor('POST', `${CM}/api::fund.fund`, { name: 'scope-orphan Fund' });
    expect(orphan.status).toBe(403);
    expect(
      await app.strapi.db.query(FUND).count({ where: { name: { $in: ['scope-forged Fund', 'scope-orphan Fund'] } } }),
    ).toBe(0);

    // A document sent to another portal's investor is refused before anything is done with its file.
    const form = new FormData();
    form.append(
      'files',
      new Blob([new Uint8Array(pdfBytes('forged k1'))], { type: 'application/pdf' }),
      'Forged K1.pdf',
    );
    const uploaded = await fetch(`${app.url}/upload`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${sponsorToken}` },
    });
    const media = ((await uploaded.json()) as { id: number }[])[0].id;
    const theirUser = await userDocumentId(theirInvestor);
    const sent = await sponsor('POST', `${CM}/api::tax-document.tax-document`, {
      title: 'Forged K-1',
      year: 2025,
      user: { connect: [{ documentId: theirUser }] },
      file: media,
    });
    expect(sent.status).toBe(403);
    expect(sent.body.error.message).toBe(
      'Choose a user or a fund of a portal you run: staff keep rows only in their own portals',
    );
    expect(await app.strapi.db.query(TAX_DOCUMENT).count({ where: { title: 'Forged K-1' } })).toBe(0);
    const mediaRow = await app.strapi.db.query(UPLOAD_FILE).findOne({ where: { id: media } });
    expect(fs.existsSync(path.join(app.strapi.dirs.static.public, mediaRow.url))).toBe(true);

    // In their own portal it is made, and cannot be moved to another portal's company.
    const ourCompanyId = (await app.strapi.db.query(COMPANY).findOne({ where: { documentId: ours.company } })).id;
    const made = await sponsor('POST', `${CM}/api::fund.fund`, {
      name: 'scope-made Fund',
      company: { connect: [{ id: ourCompanyId, documentId: ours.company }] },
    });
    expect(made.status).toBe(201);
    // The panel shows what was saved from the answer: the whole row comes back.
    expect(made.body.data).toMatchObject({ name: 'scope-made Fund' });
    const moved = await sponsor('PUT', `${CM}/api::fund.fund/${made.body.data.documentId}`, {
      company: {
        connect: [{ id: theirCompanyId, documentId: theirs.company }],
        disconnect: [{ id: ourCompanyId, documentId: ours.company }],
      },
    });
    expect(moved.status).toBe(403);
    const kept = await app.strapi.db
      .query(FUND)
      .findOne({ where: { documentId: made.body.data.documentId }, populate: { company: true } });
    expect(kept.company.documentId).toBe(ours.company);

    // Portals are made by super admins; staff edit the ones they run.
    const portal = await sponsor('POST', `${CM}/api::portal.portal`, { name: 'Scope Made', slug: 'scope-made' });
    expect(portal.status).toBe(403);
    expect(portal.body.error.message).toBe('Only a super admin makes a portal');
    expect(
      (await sponsor('PUT', `${CM}/api::portal.portal/${ours.portal.documentId}`, { pageTitle: 'Ours, edited' })).body
        .data,
    ).toMatchObject({ pageTitle: 'Ours, edited' });
    const renamed = await sponsor('PUT', `${CM}/api::fund.fund/${made.body.data.documentId}`, { fund_code: 'SM-1' });
    expect(renamed.body.data).toMatchObject({ name: 'scope-made Fund', fund_code: 'SM-1' });
    expect(
      (await sponsor('PUT', `${CM}/api::portal.portal/${theirs.portal.documentId}`, { pageTitle: 'Theirs, edited' }))
        .status,
    ).toBe(403);
    expect((await superAdmin('PUT', `${CM}/api::fund.fund/${theirs.fund}`, { fund_code: 'TH-1' })).status).toBe(200);
  });

  it("lets staff reword the reminder their portal's investors get, and no other portal's, nor the shared wording", async () => {
    const shared = await app.strapi.db
      .query(NOTIFICATION_TEMPLATE)
      .findOne({ where: { name: 'syndication_reminder', portal: { id: { $null: true } } } });
    // The shared wording, which every portal without its own sends, is the super admins'.
    expect(
      (await editor('PUT', `${CM}/${NOTIFICATION_TEMPLATE}/${shared.documentId}`, { subject: 'Reworded for everyone' }))
        .status,
    ).toBe(403);
    expect(await listed(editor, NOTIFICATION_TEMPLATE)).toEqual([]);
    const theirPortal = { connect: [{ id: theirs.portal.id, documentId: theirs.portal.documentId }] };
    const forged = await editor('POST', `${CM}/${NOTIFICATION_TEMPLATE}`, {
      name: 'syndication_reminder',
      subject: 'Forged: %investmentName%',
      message: 'x',
      portal: theirPortal,
    });
    expect(forged.status).toBe(403);
    const unbound = await editor('POST', `${CM}/${NOTIFICATION_TEMPLATE}`, {
      name: 'scope_shared_notice',
      subject: 'Nobody’s: %investmentName%',
      message: 'x',
    });
    expect(unbound.status).toBe(403);
    expect(unbound.body.error.message).toBe(
      'Choose a portal of a portal you run: staff keep rows only in their own portals',
    );

    // Their own portal's wording, as a template of the same name tied to their portal; one per portal.
    const ourPortal = { connect: [{ id: ours.portal.id, documentId: ours.portal.documentId }] };
    const own = await editor('POST', `${CM}/${NOTIFICATION_TEMPLATE}`, {
      name: 'syndication_reminder',
      subject: 'Ours: %investmentName% awaits you',
      message: '%step%.',
      canSendAsEmail: true,
      portal: ourPortal,
    });
    expect(own.status).toBe(201);
    const twice = await editor('POST', `${CM}/${NOTIFICATION_TEMPLATE}`, {
      name: 'syndication_reminder',
      subject: 'Again',
      message: 'x',
      portal: ourPortal,
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toBe(
      `A notification template named "syndication_reminder" already exists in portal "${ours.portal.slug}"`,
    );
    expect(await listed(editor, NOTIFICATION_TEMPLATE)).toEqual([own.body.data.documentId]);

    const ourNew = await createInvestor(app, ours, 'scope-ours-cy', { spouse: false });
    const theirNew = await createInvestor(app, theirs, 'scope-theirs-di', { spouse: false });
    // A commitment whose account was deleted is no one to remind: counted under its own reason.
    await app.strapi.db.query(SYND_USER).create({
      data: {
        fund: (await app.strapi.db.query(FUND).findOne({ where: { documentId: ours.fund } })).id,
        invest_status: 'Accepted investment',
        invest_amount: 20_000,
      },
    });
    const ourAnswer = await sponsor('POST', '/sponsor-desk/reminders', { fund: ours.fund, state: 'committed' });
    expect(ourAnswer.body).toMatchObject({
      sent: 1,
      skipped: 0,
      notNeeded: 0,
      noAccount: 1,
      day: new Date().toISOString().slice(0, 10),
    });
    await waitForMail(ourNew.email, 'Ours: scope-ours Deal awaits you');
    expect(
      (await superAdmin('POST', '/sponsor-desk/reminders', { fund: theirs.fund, state: 'committed' })).body,
    ).toMatchObject({ sent: 1, noAccount: 0 });
    await waitForMail(theirNew.email, 'Reminder: scope-theirs Deal is waiting for you');

    // Deleting their wording sends the shared one again; the shared one stays.
    expect((await editor('DELETE', `${CM}/${NOTIFICATION_TEMPLATE}/${own.body.data.documentId}`)).status).toBe(200);
    expect((await superAdmin('DELETE', `${CM}/${NOTIFICATION_TEMPLATE}/${shared.documentId}`)).status).toBe(403);
  });

  it('shows staff their own desk actions, and a super admin everyone’s', async () => {
    const mine = await listed(sponsor, DESK_ACTION);
    const all = await listed(superAdmin, DESK_ACTION);
    const owners = await app.strapi.db
      .query(DESK_ACTION)
      .findMany({ where: { documentId: { $in: mine } }, select: ['staffEmail'] });
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(owners.map((row: { staffEmail: string }) => row.staffEmail))).toEqual(
      new Set(['scope-sponsor@portal.local']),
    );
    expect(all.length).toBeGreaterThan(mine.length);
  });

  // Staff's permissions are kept between requests (src/utils/staff-abilities.ts): what they lose must go at once.
  it('takes away at once what staff lose: a portal taken off their Staff, a permission taken off their role', async () => {
    const scoped = `&filters[name][$contains]=scope-ours`;
    expect(await listed(editor, 'api::fund.fund', scoped)).toEqual([ours.fund]);
    const editorId = (
      await app.strapi.db.query('admin::user').findOne({ where: { email: 'scope-editor@portal.local' } })
    ).id;
    const staffOf = (change: 'connect' | 'disconnect') =>
      superAdmin('PUT', `${CM}/api::portal.portal/${ours.portal.documentId}`, {
        staff: { [change]: [{ id: editorId }] },
      });
    expect((await staffOf('disconnect')).status).toBe(200);
    try {
      expect(await listed(editor, 'api::fund.fund', scoped)).toEqual([]);
      expect((await editor('GET', `${CM}/api::fund.fund/${ours.fund}`)).status).toBe(403);
      expect((await editor('GET', `/sponsor-desk/funds/${ours.fund}/commitments`)).status).toBe(404);
    } finally {
      expect((await staffOf('connect')).status).toBe(200);
    }
    expect(await listed(editor, 'api::fund.fund', scoped)).toEqual([ours.fund]);

    // The Editor role loses reading funds in the admin panel's Roles page, and gets it back.
    const role = await app.strapi.db.query('admin::role').findOne({ where: { code: 'strapi-editor' } });
    const { body } = await superAdmin('GET', `/admin/roles/${role.id}/permissions`);
    const permissions = (
      body.data as { action: string; subject: string | null; properties: unknown; conditions: string[] }[]
    ).map(({ action, subject, properties, conditions }) => ({ action, subject, properties, conditions }));
    const readsFunds = (permission: { action: string; subject: string | null }) =>
      permission.action === 'plugin::content-manager.explorer.read' && permission.subject === 'api::fund.fund';
    expect(permissions.some(readsFunds)).toBe(true);
    expect(
      (
        await superAdmin('PUT', `/admin/roles/${role.id}/permissions`, {
          permissions: permissions.filter((permission) => !readsFunds(permission)),
        })
      ).status,
    ).toBe(200);
    try {
      expect((await editor('GET', `${CM}/api::fund.fund?page=1&pageSize=10${scoped}`)).status).toBe(403);
    } finally {
      expect((await superAdmin('PUT', `/admin/roles/${role.id}/permissions`, { permissions })).status).toBe(200);
    }
    expect(await listed(editor, 'api::fund.fund', scoped)).toEqual([ours.fund]);
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
