import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitForMail } from './helpers/auth';
import { createInvestor, type Investor, type Offering } from './helpers/signing';
import type { TestApp } from './helpers/strapi';
import { pdfBytes } from './helpers/uploads';
import { editor, openScope, panel, sponsor, superAdmin, userDocumentId } from './helpers/portal-scope';
import {
  COMPANY,
  DESK_ACTION,
  FUND,
  FUND_EVENT,
  LEDGER_ENTRY,
  NOTIFICATION_TEMPLATE,
  STATEMENT,
  SYND_USER,
  TAX_DOCUMENT,
  UPLOAD_FILE,
  VALUATION,
} from '../src/utils/uids';

/**
 * Staff and portals in the content manager (docs/sponsor-desk.md): staff list, open, pick, change, delete and make rows
 * of the portals they run only, reword their portal's reminder, see their own desk actions (a super admin everyone's),
 * and lose at once a portal or a permission taken from them.
 */
let app: TestApp;
let ours: Offering;
let theirs: Offering;
let ourInvestor: Investor;
let theirInvestor: Investor;
let sponsorToken: string;
let nobodyToken: string;

beforeAll(async () => {
  ({ app, ours, theirs, ourInvestor, theirInvestor, sponsorToken, nobodyToken } = await openScope());
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
