import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, createUser, joinStaff, uniqueEmail } from './helpers/auth';
import { by, commitmentAcrossPortals, editorsOffering, openBoard } from './helpers/board-fixtures';
import { admin, DAY, editor, panel } from './helpers/desk-fixtures';
import type { Offering } from './helpers/signing';
import { createPortal } from './helpers/records';
import type { TestApp } from './helpers/strapi';
import {
  DESK_ACTION,
  FUND,
  PORTAL,
  PROOF_DOCUMENT,
  SYND_AGREEMENT,
  TAX_DOCUMENT,
  USER,
  USER_AUTH,
} from '../src/utils/uids';

/**
 * The sponsor desk's investor directory (docs/sponsor-desk.md): a portal's accounts with accreditation, proofs,
 * commitments and sessions, one investor opened, proofs reviewed, signing out everywhere for admins only, and each
 * portal's investors, funds and documents kept to that portal (the world of helpers/board-fixtures.ts).
 */
let app: TestApp;
let offering: Offering;

beforeAll(async () => {
  ({ app, offering } = await openBoard());
});

describe('the investor directory', () => {
  const directory = (query: string, as = editor) => as('GET', `/sponsor-desk/investors${query}`);

  it("lists the portal's accounts with accreditation, proofs to review, commitments and open sessions, paged", async () => {
    const fay = by.funded[0];
    await app.strapi.db.query(USER).update({
      where: { id: fay.id },
      data: { accreditation: 4, accreditationDate: new Date(Date.now() - 400 * DAY) },
    });
    await app.strapi.db.query(USER).update({
      where: { id: by.committed[0].id },
      data: { accreditation: 7, accreditationDate: new Date(Date.now() - 10 * DAY) },
    });
    await app.strapi.db.query(PROOF_DOCUMENT).create({
      data: {
        originalName: 'brokerage-statement.pdf',
        title: 'Brokerage statement',
        docPath: 'proofs/fay.pdf',
        isDeleted: false,
        user: fay.id,
      },
    });

    const all = await directory('?portal=board&pageSize=4');
    expect(all.status).toBe(200);
    const accounts = await app.strapi.db.query(USER).count({ where: { portal: { id: offering.portal.id } } });
    expect(all.body.pagination).toEqual({ page: 1, pageSize: 4, pageCount: Math.ceil(accounts / 4), total: accounts });
    expect(all.body.results).toHaveLength(4);

    const found = await directory(`?portal=board&q=${encodeURIComponent('fay boardman')}`);
    expect(found.body.results).toEqual([
      expect.objectContaining({
        name: 'Fay Boardman',
        email: fay.email,
        level: 'user',
        accreditation: { value: 4, type: 'individual', label: 'Net assets over $5M' },
        accreditationDue: true,
        proofDocuments: { count: 1, unreviewed: 1 },
        commitments: { count: 1, amount: 60_000 },
        sessions: 1,
      }),
    ]);
    const carl = (await directory(`?portal=board&q=${encodeURIComponent(by.committed[0].email)}`)).body.results[0];
    expect(carl).toMatchObject({ accreditation: { type: 'trust' }, accreditationDue: false });
    expect((await directory('?portal=board&sort=password:asc')).status).toBe(400);
    expect((await directory('?portal=elsewhere')).status).toBe(404);
  });

  it('opens one investor, whose proofs staff mark reviewed, and whom only an admin signs out everywhere', async () => {
    const fay = by.funded[0];
    const documentId = (await app.strapi.db.query(USER).findOne({ where: { id: fay.id } })).documentId as string;
    const detail = await editor('GET', `/sponsor-desk/investors/${documentId}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      name: 'Fay Boardman',
      proofDocuments: [{ title: 'Brokerage statement', reviewedBy: null, reviewedAt: null }],
      commitments: [{ fund: { name: 'board Fund I' }, state: 'funded', stateLabel: 'Funded', amount: 60_000 }],
      sessions: [{ isGuestSession: false }],
    });

    const proof = detail.body.proofDocuments[0].documentId as string;
    const reviewed = await editor('POST', `/sponsor-desk/proof-documents/${proof}/review`, { reviewed: true });
    expect(reviewed.body).toMatchObject({ documentId: proof, reviewedBy: 'Eddie Editor' });
    expect((await editor('GET', `/sponsor-desk/investors/${documentId}`)).body.proofDocuments[0].reviewedBy).toBe(
      'Eddie Editor',
    );
    expect(
      (await directory(`?portal=board&q=${encodeURIComponent(fay.email)}`)).body.results[0].proofDocuments,
    ).toEqual({ count: 1, unreviewed: 0 });
    expect(
      (await editor('POST', `/sponsor-desk/proof-documents/${proof}/review`, { reviewed: 'yes' })).body.error.message,
    ).toBe('reviewed must be true or false');
    expect((await editor('POST', '/sponsor-desk/proof-documents/nosuchproof/review', { reviewed: true })).status).toBe(
      404,
    );

    // Signing out everywhere is for admins; it ends the investor's session at once.
    expect((await editor('POST', `/sponsor-desk/investors/${documentId}/sign-out`)).status).toBe(403);
    expect((await call(app, 'GET', '/api/auth/me', undefined, { authCode: fay.authCode })).status).toBe(200);
    expect((await admin('POST', `/sponsor-desk/investors/${documentId}/sign-out`)).body).toEqual({ ended: 1 });
    // Recorded with who did it; the editor's refused attempt changed nothing and is recorded as refused.
    const records = await app.strapi.db.query(DESK_ACTION).findMany({
      where: { action: 'sign out everywhere', path: `/sponsor-desk/investors/${documentId}/sign-out` },
      orderBy: { id: 'asc' },
    });
    expect(records).toMatchObject([
      { staffName: 'Eddie Editor', staffEmail: 'board-editor@portal.local', answerStatus: 403 },
      {
        staffName: 'Ada Admin',
        staffEmail: 'board-admin@portal.local',
        path: `/sponsor-desk/investors/${documentId}/sign-out`,
        answerStatus: 200,
      },
    ]);
    expect(
      await app.strapi.db.query(DESK_ACTION).findMany({
        where: {
          action: 'review a proof document',
          path: {
            $in: [`/sponsor-desk/proof-documents/${proof}/review`, '/sponsor-desk/proof-documents/nosuchproof/review'],
          },
        },
        orderBy: { id: 'asc' },
      }),
    ).toMatchObject([
      { staffName: 'Eddie Editor', request: { reviewed: true }, answerStatus: 200 },
      { staffName: 'Eddie Editor', request: { reviewed: 'yes' }, answerStatus: 400 },
      { staffName: 'Eddie Editor', answerStatus: 404 },
    ]);
    expect((await call(app, 'GET', '/api/auth/me', undefined, { authCode: fay.authCode })).status).toBe(401);
    expect((await admin('GET', '/sponsor-desk/investors/nobody')).status).toBe(404);
  });
});

describe('the investor directory, portal by portal', () => {
  const directory = (query: string) => editor('GET', `/sponsor-desk/investors${query}`);
  const documentIdOf = async (id: number) =>
    (await app.strapi.db.query(USER).findOne({ where: { id } })).documentId as string;

  it("sums an investor's commitments to the portal's funds only", async () => {
    const carl = by.committed[0];
    const other = await editorsOffering('dir-other');
    await commitmentAcrossPortals(carl.id, other, 70_000);
    const listed = (await directory(`?portal=board&q=${encodeURIComponent(carl.email)}`)).body.results;
    expect(listed).toEqual([expect.objectContaining({ email: carl.email, commitments: { count: 1, amount: 20_000 } })]);
  });

  it("opens an investor with the portal's funds and documents only, not what they hold with another portal", async () => {
    const carl = by.committed[0];
    const carlId = await documentIdOf(carl.id);
    const other = await editorsOffering('dir-detail');
    const elsewhere = await commitmentAcrossPortals(carl.id, other, 80_000);
    const otherFundId = (await app.strapi.db.query(FUND).findOne({ where: { documentId: other.fund } })).id;
    const ownFundId = (await app.strapi.db.query(FUND).findOne({ where: { documentId: offering.fund } })).id;
    const file = (title: string, fund: number | null) => ({
      title,
      originalName: `${title}.pdf`,
      docPath: `docs/${title}.pdf`,
      isDeleted: false,
      user: carl.id,
      fund,
    });
    for (const [uid, title, fund] of [
      ['api::tax-document.tax-document', 'Their K-1', otherFundId],
      ['api::tax-document.tax-document', 'Our K-1', ownFundId],
      ['api::tax-document.tax-document', 'W-9 on file', null],
      ['api::news-document.news-document', 'Their letter', otherFundId],
      ['api::news-document.news-document', 'Our letter', ownFundId],
    ] as const)
      await app.strapi.db.query(uid).create({ data: file(title, fund) });
    await app.strapi.db.query(SYND_AGREEMENT).create({
      data: {
        title: 'Their agreement',
        originalName: 'their.pdf',
        docPath: 'docs/their.pdf',
        isDeleted: false,
        syndUser: elsewhere.id,
      },
    });
    await app.strapi.db.query(SYND_AGREEMENT).create({
      data: {
        title: 'Our agreement',
        originalName: 'ours.pdf',
        docPath: 'docs/ours.pdf',
        isDeleted: false,
        syndUser: carl.syndUserId,
      },
    });

    // Staff who run only the investor's portal, as any portal's staff would open them.
    const ownToken = await adminToken(
      app,
      'board-own@portal.local',
      'strapi-editor',
      ['Olive', 'Own'],
      [offering.portal],
    );
    for (const ask of [
      (route: string) => panel(ownToken, 'GET', route),
      (route: string) => editor('GET', route),
      (route: string) => admin('GET', route),
    ]) {
      const detail = await ask(`/sponsor-desk/investors/${carlId}`);
      expect(detail.status).toBe(200);
      expect(detail.body.commitments).toEqual([
        expect.objectContaining({ fund: { documentId: offering.fund, name: 'board Fund I' }, amount: 20_000 }),
      ]);
      const titles = (list: { title: string }[]) => list.map((each) => each.title).sort();
      expect(titles(detail.body.taxDocuments)).toEqual(['Our K-1', 'W-9 on file']);
      expect(titles(detail.body.newsDocuments)).toEqual(['Our letter']);
      expect(titles(detail.body.agreements)).toEqual(['Our agreement']);
    }
    // Nor can they open the other portal's documents by hand.
    const theirs = await app.strapi.db.query(TAX_DOCUMENT).findOne({ where: { title: 'Their K-1' } });
    expect((await panel(ownToken, 'GET', `/sponsor-desk/documents/tax/${theirs.documentId}`)).status).toBe(404);
  });

  it("answers 'not found' for an id of an odd shape, even one a row of another portal holds", async () => {
    // A documentId Strapi never makes (capitals, short), given to another portal's account: the portal check and the
    // directory read ids by one pattern, so the check cannot let through what the call would then find.
    const elsewhere = await createPortal(app, 'dir-odd');
    const stranger = await createUser(app, {
      email: uniqueEmail('dir-odd'),
      firstName: 'Odd',
      lastName: 'Shape',
      portal: elsewhere.id,
    });
    await app.strapi.db.query(USER).update({ where: { id: stranger.id }, data: { documentId: 'OddShape1' } });
    for (const ask of [editor, admin]) {
      const opened = await ask('GET', '/sponsor-desk/investors/OddShape1');
      expect(opened.status).toBe(404);
      expect(opened.body.error.message).toBe('Investor not found');
    }
    // Signing out everywhere is an admin's (an editor is refused for want of the permission first).
    expect((await admin('POST', '/sponsor-desk/investors/OddShape1/sign-out')).status).toBe(404);
    expect((await app.strapi.db.query(USER).findOne({ where: { id: stranger.id } })).documentId).toBe('OddShape1');
  });

  it('lists an account made before portals existed in the default portal, as the site treats it', async () => {
    const legacy = await createUser(app, { email: uniqueEmail('dir-legacy'), firstName: 'Lee', lastName: 'Legacy' });
    await app.strapi.db.query(USER).update({ where: { id: legacy.id }, data: { portal: null } });
    const fallback = await app.strapi.db.query(PORTAL).findOne({ where: { isDefault: true }, orderBy: { id: 'asc' } });
    await joinStaff(app, 'board-editor@portal.local', fallback);
    expect((await directory(`?portal=${fallback.slug}&q=${encodeURIComponent(legacy.email)}`)).body.results).toEqual([
      expect.objectContaining({ name: 'Lee Legacy', email: legacy.email }),
    ]);
    expect((await directory(`?q=${encodeURIComponent(legacy.email)}`)).body.pagination.total).toBe(1);
    expect((await directory(`?portal=board&q=${encodeURIComponent(legacy.email)}`)).body.results).toEqual([]);
  });

  it('says how many open sessions signing out everywhere ended, not the expired ones', async () => {
    const cora = by.committed[1];
    await app.strapi.db
      .query(USER_AUTH)
      .create({ data: { user: cora.id, authCode: `expired-${cora.id}`, expiresAt: new Date(Date.now() - DAY) } });
    expect((await admin('POST', `/sponsor-desk/investors/${await documentIdOf(cora.id)}/sign-out`)).body).toEqual({
      ended: 1,
    });
  });
});
