import { beforeAll, describe, expect, it } from 'vitest';
import { fileStorage } from '../src/providers/storage';
import { adminToken } from './helpers/auth';
import { createInvestor, createOffering, type Investor, type Offering } from './helpers/signing';
import { http, useStrapi, type TestApp } from './helpers/strapi';
import {
  DESK_ACTION,
  NOTIFICATION_TEMPLATE,
  PROOF_DOCUMENT,
  REMINDER,
  SYND_USER,
  TAX_DOCUMENT,
  TAX_SCHEDULE,
  USER,
} from '../src/utils/uids';

/**
 * What the sponsor desk owns stays the desk's (docs/sponsor-desk.md, Who may do what): countersigning, funding,
 * reminders and proof reviews are not typed into the content manager, not even by a super admin; every export,
 * download and refused call is a Desk Action; Desk Actions and Reminders are changed by nobody.
 */
let app: TestApp;
let offering: Offering;
let editorToken: string;
let superToken: string;
let ann: Investor;
const CM = '/content-manager/collection-types';

const panel = (token: string) => (method: string, route: string, body?: unknown) =>
  http(app, method, route, body, { Authorization: `Bearer ${token}` });
const editor = (method: string, route: string, body?: unknown) => panel(editorToken)(method, route, body);
const superAdmin = (method: string, route: string, body?: unknown) => panel(superToken)(method, route, body);
const stored = (uid: string, documentId: string) => app.strapi.db.query(uid).findOne({ where: { documentId } });

beforeAll(async () => {
  app = await useStrapi();
  offering = await createOffering(app, 'records');
  ann = await createInvestor(app, offering, 'records-ann', { spouse: false });
  editorToken = await adminToken(
    app,
    'records-editor@portal.local',
    'strapi-editor',
    ['Eddie', 'Editor'],
    [offering.portal],
  );
  superToken = await adminToken(app, 'records-admin@portal.local', 'strapi-super-admin', ['Ada', 'Admin']);
});

describe('the content manager leaves the desk’s fields alone', () => {
  it('refuses countersigning, funding, reminding or deciding by editing a commitment, whoever edits', async () => {
    const forged: Record<string, unknown>[] = [
      { sa_complete_date: '2026-11-20T10:00:00.000Z' },
      { ft_complete_date: '2026-11-21T10:00:00.000Z' },
      { managementSignedAt: '2026-11-20T10:00:00.000Z' },
      { lastRemindedAt: '2026-11-20T10:00:00.000Z' },
      { invest_status: 'Declined investment' },
      { syndAgreementSignedByCurrentUser: true },
    ];
    for (const data of forged) {
      for (const as of [editor, superAdmin]) {
        const refused = await as('PUT', `${CM}/${SYND_USER}/${ann.syndUser}`, data);
        expect(refused.status, JSON.stringify(data)).toBe(403);
        expect(refused.body.error.message).toMatch(
          /is set by the sponsor desk or the signing, not in the admin panel$/,
        );
      }
    }
    expect(
      (await editor('PUT', `${CM}/${SYND_USER}/${ann.syndUser}`, { ft_complete_date: '2026-11-21T10:00:00.000Z' })).body
        .error.message,
    ).toBe('Funds transfer completed is set by the sponsor desk or the signing, not in the admin panel');
    expect(await stored(SYND_USER, ann.syndUser)).toMatchObject({
      sa_complete_date: null,
      ft_complete_date: null,
      managementSignedAt: null,
      invest_status: 'Accepted investment',
    });

    // A new commitment made in the panel starts unsigned and unfunded.
    const made = await editor('POST', `${CM}/${SYND_USER}`, {
      invest_amount: 25_000,
      sa_complete_date: '2026-11-20T10:00:00.000Z',
    });
    expect(made.status).toBe(403);
  });

  it('still saves what staff edit on a commitment, with the form’s unchanged desk fields sent along', async () => {
    const form = (await editor('GET', `${CM}/${SYND_USER}/${ann.syndUser}`)).body.data;
    const saved = await editor('PUT', `${CM}/${SYND_USER}/${ann.syndUser}`, {
      invest_amount: 55_000,
      userFirstName: 'Ann',
      feedback: 'Asked for the wire details by phone',
      invest_status: form.invest_status,
      sa_complete_date: form.sa_complete_date,
      lastRemindedAt: form.lastRemindedAt,
      syndAgreementSignedByCurrentUser: form.syndAgreementSignedByCurrentUser ?? false,
      syndAgreementsCount: form.syndAgreementsCount,
    });
    expect(saved.status).toBe(200);
    expect(Number((await stored(SYND_USER, ann.syndUser)).invest_amount)).toBe(55_000);
    // A commitment staff open for an investor (no decision yet) is still made in the panel.
    expect(
      (
        await editor('POST', `${CM}/${SYND_USER}`, {
          invest_amount: 10_000,
          userLastName: 'Invited',
          fund: { connect: [{ documentId: offering.fund }] },
        })
      ).status,
    ).toBe(201);
  });

  it('marks a proof reviewed only from the desk, where the reviewer is named', async () => {
    const proof = await app.strapi.db.query(PROOF_DOCUMENT).create({
      data: {
        originalName: 'statement.pdf',
        title: 'Statement',
        docPath: 'proofs/x.pdf',
        isDeleted: false,
        user: ann.id,
      },
    });
    const refused = await editor('PUT', `${CM}/${PROOF_DOCUMENT}/${proof.documentId}`, {
      reviewedBy: 'Somebody',
      reviewedAt: '2026-11-20T10:00:00.000Z',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      'Reviewed by is set by the sponsor desk or the signing, not in the admin panel',
    );
    expect(await stored(PROOF_DOCUMENT, proof.documentId)).toMatchObject({ reviewedBy: null, reviewedAt: null });
    expect(
      (
        await editor('PUT', `${CM}/${PROOF_DOCUMENT}/${proof.documentId}`, {
          title: 'Brokerage statement',
          reviewedBy: null,
        })
      ).status,
    ).toBe(200);
    expect(
      (await editor('POST', `/sponsor-desk/proof-documents/${proof.documentId}/review`, { reviewed: true })).body
        .reviewedBy,
    ).toBe('Eddie Editor');
  });

  it("neither links a tax document to a K-1 year nor changes one the desk issued; the panel's other tax documents stay", async () => {
    const schedule = await app.strapi.db.query(TAX_SCHEDULE).create({
      data: { taxYear: 2026, documentName: 'K-1', state: 'pending', scheduleKey: `records:2026`, fund: null },
    });
    const linked = await editor('POST', `${CM}/${TAX_DOCUMENT}`, {
      title: 'K-1 2026',
      year: 2026,
      taxSchedule: { connect: [{ documentId: schedule.documentId }] },
    });
    expect(linked.status).toBe(403);
    expect(linked.body.error.message).toBe(
      'Tax documents are issued for a tax year on the sponsor desk, not linked to it here',
    );
    const issued = await app.strapi.db.query(TAX_DOCUMENT).create({
      data: {
        title: 'K-1 2026',
        originalName: 'k1.pdf',
        docPath: 'tax/k1.pdf',
        year: 2026,
        isDeleted: false,
        user: ann.id,
        taxSchedule: schedule.id,
      },
    });
    for (const [method, body] of [
      ['PUT', { title: 'Something else' }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await superAdmin(method, `${CM}/${TAX_DOCUMENT}/${issued.documentId}`, body);
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe(
        'This tax document was issued on the sponsor desk for a tax year: replace it there',
      );
    }
    expect(await stored(TAX_DOCUMENT, issued.documentId)).toMatchObject({ title: 'K-1 2026' });
    const other = await app.strapi.db.query(TAX_DOCUMENT).create({
      data: {
        title: 'State form',
        originalName: 'state.pdf',
        docPath: 'tax/state.pdf',
        year: 2026,
        isDeleted: false,
        user: ann.id,
      },
    });
    expect(
      (
        await editor('PUT', `${CM}/${TAX_DOCUMENT}/${other.documentId}`, {
          title: 'State form 2026',
          taxSchedule: { connect: [], disconnect: [] },
        })
      ).status,
    ).toBe(200);
  });
});

describe("an investor's documents on the desk", () => {
  it('opens each proof, tax and news document and completed agreement for staff who read the desk, each download recorded', async () => {
    const storage = fileStorage(app.strapi);
    const files: Record<string, { uid: string; bytes: Buffer; data: Record<string, unknown> }> = {
      proof: { uid: PROOF_DOCUMENT, bytes: Buffer.from('%PDF-1.4 proof of ann\n'), data: { user: ann.id } },
      tax: { uid: TAX_DOCUMENT, bytes: Buffer.from('%PDF-1.4 tax form of ann\n'), data: { user: ann.id, year: 2025 } },
      news: {
        uid: 'api::news-document.news-document',
        bytes: Buffer.from('%PDF-1.4 letter to ann\n'),
        data: { user: ann.id, year: 2025 },
      },
      agreement: {
        uid: 'api::synd-agreement.synd-agreement',
        bytes: Buffer.from('%PDF-1.4 agreement of ann\n'),
        data: { syndUser: ann.syndUserId },
      },
    };
    const made: Record<string, string> = {};
    for (const [kind, file] of Object.entries(files)) {
      const key = `records/${kind}/ann.pdf`;
      await storage.put(key, file.bytes, 'application/pdf');
      made[kind] = (
        await app.strapi.db.query(file.uid).create({
          data: {
            originalName: `${kind} of ann.pdf`,
            title: `Ann's ${kind}`,
            docPath: key,
            bucketId: storage.name,
            isDeleted: false,
            ...file.data,
          },
        })
      ).documentId;
    }
    const userDocumentId = (await app.strapi.db.query(USER).findOne({ where: { id: ann.id } })).documentId;
    const detail = (await editor('GET', `/sponsor-desk/investors/${userDocumentId}`)).body;
    expect(detail.proofDocuments).toContainEqual(
      expect.objectContaining({ documentId: made.proof, title: "Ann's proof" }),
    );
    expect(detail.taxDocuments).toContainEqual(
      expect.objectContaining({ documentId: made.tax, title: "Ann's tax", year: 2025 }),
    );
    expect(detail.newsDocuments).toEqual([expect.objectContaining({ documentId: made.news, title: "Ann's news" })]);
    expect(detail.agreements).toEqual([
      expect.objectContaining({ documentId: made.agreement, fund: 'records Fund I' }),
    ]);

    for (const [kind, file] of Object.entries(files)) {
      const response = await fetch(`${app.url}/sponsor-desk/documents/${kind}/${made[kind]}`, {
        headers: { Authorization: `Bearer ${editorToken}` },
      });
      expect(response.status, kind).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await response.arrayBuffer()).equals(file.bytes), kind).toBe(true);
      expect(
        await app.strapi.db.query(DESK_ACTION).findOne({
          where: { action: 'read an investor document', path: `/sponsor-desk/documents/${kind}/${made[kind]}` },
        }),
      ).toMatchObject({ staffName: 'Eddie Editor', staffEmail: 'records-editor@portal.local', answerStatus: 200 });
    }
    expect((await editor('GET', `/sponsor-desk/documents/secrets/${made.proof}`)).body.error.message).toBe(
      'kind must be one of proof, tax, news, agreement',
    );
    expect((await editor('GET', '/sponsor-desk/documents/proof/nosuchdocument')).status).toBe(404);
    expect((await http(app, 'GET', `/sponsor-desk/documents/proof/${made.proof}`)).status).toBe(401);
  });
});

describe('the desk’s record', () => {
  it('records each export and each refused call with who, what and when', async () => {
    const before = Date.now();
    expect(
      (await superAdmin('GET', `/sponsor-desk/funds/${offering.fund}/commitments.csv?state=committed&sort=name:desc`))
        .status,
    ).toBe(200);
    expect(
      await app.strapi.db
        .query(DESK_ACTION)
        .findOne({ where: { action: 'export commitments', staffEmail: 'records-admin@portal.local' } }),
    ).toMatchObject({
      staffName: 'Ada Admin',
      staffEmail: 'records-admin@portal.local',
      path: `/sponsor-desk/funds/${offering.fund}/commitments.csv`,
      answerStatus: 200,
      request: { state: 'committed', sort: 'name:desc' },
    });

    expect((await editor('GET', `/sponsor-desk/funds/${offering.fund}/commitments.csv`)).status).toBe(403);
    expect((await editor('POST', '/sponsor-desk/countersign', { syndUsers: [ann.syndUser] })).status).toBe(403);
    expect((await editor('POST', '/sponsor-desk/imports?dryRun=false', { csv: 'date,investor\n' })).status).toBe(403);
    const refused = await app.strapi.db
      .query(DESK_ACTION)
      .findMany({ where: { answerStatus: 403, staffEmail: 'records-editor@portal.local' }, orderBy: { id: 'asc' } });
    expect(refused.map((row: { action: string }) => row.action)).toEqual([
      'export commitments',
      'countersign',
      'import a CSV',
    ]);
    expect(refused[1]).toMatchObject({
      staffName: 'Eddie Editor',
      path: '/sponsor-desk/countersign',
      request: { syndUsers: [ann.syndUser] },
    });
    for (const row of refused) expect(Date.parse(row.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    // Reading is not recorded: the board is looked at all day.
    expect((await editor('GET', `/sponsor-desk/funds?portal=${offering.portal.slug}`)).status).toBe(200);
    expect(
      await app.strapi.db
        .query(DESK_ACTION)
        .count({ where: { action: 'see the board', staffEmail: 'records-editor@portal.local' } }),
    ).toBe(0);
  });

  it('keeps Desk Actions and Reminders as written: not even a super admin changes or deletes them', async () => {
    const action = await app.strapi.db
      .query(DESK_ACTION)
      .findOne({ where: { action: 'export commitments', staffEmail: 'records-admin@portal.local' } });
    expect(
      (await editor('POST', '/sponsor-desk/reminders', { fund: offering.fund, state: 'committed' })).body.sent,
    ).toBe(1);
    const reminder = await app.strapi.db.query(REMINDER).findOne({ where: { syndUser: { id: ann.syndUserId } } });
    const cases: [string, string, string, string][] = [
      [DESK_ACTION, action.documentId, 'staffName', 'Desk actions are kept as recorded: nobody edits them'],
      [REMINDER, reminder.documentId, 'sentBy', 'Reminders are kept as sent: nobody edits them'],
    ];
    for (const [uid, documentId, field, message] of cases) {
      const changed = await superAdmin('PUT', `${CM}/${uid}/${documentId}`, { [field]: 'Someone else' });
      expect(changed.status).toBe(403);
      expect(changed.body.error.message).toBe(message);
      expect((await superAdmin('DELETE', `${CM}/${uid}/${documentId}`)).status).toBe(403);
      expect((await superAdmin('POST', `${CM}/${uid}/actions/bulkDelete`, { documentIds: [documentId] })).status).toBe(
        403,
      );
      expect((await superAdmin('POST', `${CM}/${uid}`, { [field]: 'Forged' })).status).toBe(403);
      expect(await app.strapi.db.query(uid).findOne({ where: { documentId } })).toMatchObject({
        [field]: uid === DESK_ACTION ? 'Ada Admin' : 'Eddie Editor',
      });
    }
  });
});

describe('the templates the portal sends', () => {
  it('are reworded in the admin panel, never deleted or renamed; a template staff made is theirs to delete', async () => {
    const reminder = await app.strapi.db
      .query(NOTIFICATION_TEMPLATE)
      .findOne({ where: { name: 'syndication_reminder' } });
    const deleted = await superAdmin('DELETE', `${CM}/${NOTIFICATION_TEMPLATE}/${reminder.documentId}`);
    expect(deleted.status).toBe(403);
    expect(deleted.body.error.message).toBe(
      'The portal sends syndication_reminder by this template: reword it, do not delete it',
    );
    const renamed = await superAdmin('PUT', `${CM}/${NOTIFICATION_TEMPLATE}/${reminder.documentId}`, {
      name: 'old_reminder',
    });
    expect(renamed.body.error.message).toBe(
      "The portal sends syndication_reminder by this template's name: keep the name, reword the rest",
    );
    const reworded = await superAdmin('PUT', `${CM}/${NOTIFICATION_TEMPLATE}/${reminder.documentId}`, {
      subject: 'A friendly reminder about %fundName%',
    });
    expect(reworded.status).toBe(200);
    expect(
      await app.strapi.db.query(NOTIFICATION_TEMPLATE).findOne({ where: { documentId: reminder.documentId } }),
    ).toMatchObject({
      name: 'syndication_reminder',
      subject: 'A friendly reminder about %fundName%',
    });

    const own = await superAdmin('POST', `${CM}/${NOTIFICATION_TEMPLATE}`, {
      name: 'holiday_greeting',
      subject: 'Season’s greetings',
      message: 'From all of us',
      defaultTargetLevel: 'user',
    });
    expect(own.status).toBe(201);
    expect((await superAdmin('DELETE', `${CM}/${NOTIFICATION_TEMPLATE}/${own.body.data.documentId}`)).status).toBe(200);
  });
});
