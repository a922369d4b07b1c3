import { beforeAll, describe, expect, it } from 'vitest';
import { applyStaffPermissions } from '../src/bootstrap/staff-permissions';
import { createUser, uniqueEmail } from './helpers/auth';
import { editor, HIDDEN_FROM_STAFF, inPortal, openPanel, USER_SECRETS } from './helpers/admin-panel';
import type { TestPortal } from './helpers/records';
import { fixtureDocuments, type TestApp } from './helpers/strapi';
import { SIGNING, SYND_AGREEMENT, USER, VALUATION } from '../src/utils/uids';

/**
 * The Editor role in the admin panel: no sessions, guest codes or settings; users read without their secrets;
 * signatures, valuations, fund events and agreements read but never made or changed; funds and contents still edited;
 * and its permissions restored on every start.
 */
let app: TestApp;
let portal: TestPortal;
let company: { id: number; documentId: string };

beforeAll(async () => {
  ({ app, portal, company } = await openPanel('layout-editor-role'));
});

describe('the Editor role', () => {
  it('does not see sign-in sessions, guest codes or settings at all', async () => {
    for (const uid of HIDDEN_FROM_STAFF) {
      expect((await editor('GET', `/content-manager/collection-types/${uid}`)).status, uid).toBe(403);
      expect((await editor('GET', `/content-manager/collection-types/${uid}/any-document-id`)).status, uid).toBe(403);
      expect((await editor('POST', `/content-manager/collection-types/${uid}`, { name: 'x' })).status, uid).toBe(403);
    }
    const { body } = await editor('GET', '/admin/users/me/permissions');
    const subjects = new Set(body.data.map((permission: { subject: string | null }) => permission.subject));
    for (const uid of HIDDEN_FROM_STAFF) expect(subjects.has(uid), uid).toBe(false);
  });

  it('reads users without their secrets, and cannot change accounts', async () => {
    const person = await createUser(app, { email: uniqueEmail('hush'), ...inPortal() });
    await app.strapi.db.query(USER).update({
      where: { id: person.id },
      data: {
        confirmEmailCode: 'confirm-secret',
        resetPasswordCode: 'reset-secret',
        resetPasswordToken: 'token-secret',
        confirmationToken: 'token2-secret',
        notes: 'staff only',
      },
    });

    const one = await editor('GET', `/content-manager/collection-types/${USER}/${person.documentId}`);
    expect(one.status).toBe(200);
    expect(one.body.data.email).toBe(person.email);
    for (const secret of USER_SECRETS) expect(one.body.data, secret).not.toHaveProperty(secret);

    const list = await editor(
      'GET',
      `/content-manager/collection-types/${USER}?filters[email][$eq]=${encodeURIComponent(person.email)}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.results).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toMatch(/secret|staff only/);

    // A filter on a secret would answer whether a guess is right; it is ignored for staff.
    const guessed = await editor(
      'GET',
      `/content-manager/collection-types/${USER}?filters[email][$eq]=${encodeURIComponent(person.email)}&filters[resetPasswordCode][$eq]=wrong-guess`,
    );
    expect(guessed.status === 400 || guessed.body.results?.length === 1, JSON.stringify(guessed.body)).toBe(true);

    expect(
      (await editor('PUT', `/content-manager/collection-types/${USER}/${person.documentId}`, { level: 'superadmin' }))
        .status,
    ).toBe(403);
    expect(
      (
        await editor('POST', `/content-manager/collection-types/${USER}`, {
          email: uniqueEmail('made'),
          username: uniqueEmail('made'),
        })
      ).status,
    ).toBe(403);
    expect((await app.strapi.db.query(USER).findOne({ where: { id: person.id } })).level).toBe('user');
  });

  it("reads every signature, management's countersignature among them, without link secrets, and changes none", async () => {
    const fund = await fixtureDocuments(app, 'api::fund.fund').create({
      data: { name: 'Signed Fund', url_slug: 'signed-fund', company: company.documentId } as never,
    });
    const syndUser = await fixtureDocuments(app, 'api::synd-user.synd-user').create({
      data: {
        invest_status: 'Accepted investment',
        invest_amount: 50000,
        managementSignedAt: new Date('2026-11-20T15:00:00Z'),
        fund: fund.documentId,
      } as never,
    });
    // Written as the signing writes it (the query engine): the Document Service refuses every caller on signatures.
    const signature = await app.strapi.db.query(SIGNING).create({
      data: {
        label: 'Management countersignature',
        syndUser: syndUser.id,
        role: 'management',
        name: 'Ada Admin',
        email: 'ada@example.com',
        provider: 'local',
        signedAt: new Date('2026-11-20T15:00:00Z'),
        ip: '203.0.113.9',
        userAgent: 'Chromium',
        documentSha256: 'a'.repeat(64),
        tokenHash: 'hash-secret',
        tokenNonce: 'nonce-secret',
        drawnSignature: 'data:image/png;base64,secret',
      },
    });
    const list = await editor(
      'GET',
      `/content-manager/collection-types/api::signing.signing?filters[role][$eq]=management&filters[name][$eq]=Ada%20Admin&filters[email][$eq]=ada%40example.com`,
    );
    expect(list.status).toBe(200);
    expect(list.body.results).toEqual([
      expect.objectContaining({
        role: 'management',
        name: 'Ada Admin',
        signedAt: '2026-11-20T15:00:00.000Z',
        ip: '203.0.113.9',
        documentSha256: 'a'.repeat(64),
      }),
    ]);
    const one = await editor('GET', `/content-manager/collection-types/api::signing.signing/${signature.documentId}`);
    expect(JSON.stringify(one.body)).not.toMatch(/secret/);
    const investment = await editor(
      'GET',
      `/content-manager/collection-types/api::synd-user.synd-user/${syndUser.documentId}`,
    );
    expect(investment.body.data.managementSignedAt).toBe('2026-11-20T15:00:00.000Z');
    expect(
      (
        await editor('PUT', `/content-manager/collection-types/api::signing.signing/${signature.documentId}`, {
          name: 'Someone else',
        })
      ).status,
    ).toBe(403);
    expect(
      (await editor('DELETE', `/content-manager/collection-types/api::signing.signing/${signature.documentId}`)).status,
    ).toBe(403);
  });

  it('reads valuations, fund events and completed agreements but neither makes nor changes them (the desk and the signing do)', async () => {
    const fund = await fixtureDocuments(app, 'api::fund.fund').create({
      data: { name: 'Valued Fund', url_slug: 'valued-fund', company: company.documentId } as never,
    });
    // Recorded as the desk records one (the query engine): the Document Service, the panel's way, refuses to make one.
    const valuation = await app.strapi.db
      .query(VALUATION)
      .create({ data: { fund: fund.id, date: '2026-09-30', value_percent: 110 } });
    const agreement = await app.strapi.db
      .query(SYND_AGREEMENT)
      .create({ data: { originalName: 'agreement.pdf', fingerprint: 'b'.repeat(64) } });
    const read = await editor(
      'GET',
      `/content-manager/collection-types/api::valuation.valuation/${valuation.documentId}`,
    );
    expect(read.status).toBe(200);
    expect(Number(read.body.data.value_percent)).toBe(110);
    expect(
      (
        await editor('PUT', `/content-manager/collection-types/api::valuation.valuation/${valuation.documentId}`, {
          value_percent: 300,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await editor('POST', '/content-manager/collection-types/api::valuation.valuation', {
          fund: fund.documentId,
          date: '2026-10-31',
          value_percent: 300,
        })
      ).status,
    ).toBe(403);
    expect(
      (await editor('DELETE', `/content-manager/collection-types/api::valuation.valuation/${valuation.documentId}`))
        .status,
    ).toBe(403);
    expect(
      (
        await editor('POST', '/content-manager/collection-types/api::fund-event.fund-event', {
          fund: fund.documentId,
          type: 'distribution',
          date: '2026-10-31',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await editor(
          'PUT',
          `/content-manager/collection-types/api::synd-agreement.synd-agreement/${agreement.documentId}`,
          { fingerprint: 'c'.repeat(64) },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await editor('POST', '/content-manager/collection-types/api::synd-agreement.synd-agreement', {
          originalName: 'forged.pdf',
          fingerprint: 'd'.repeat(64),
        })
      ).status,
    ).toBe(403);
    expect(Number((await app.strapi.db.query(VALUATION).findOne({ where: { id: valuation.id } })).value_percent)).toBe(
      110,
    );
    expect((await app.strapi.db.query(SYND_AGREEMENT).findOne({ where: { id: agreement.id } })).fingerprint).toBe(
      'b'.repeat(64),
    );
  });

  it('still edits funds and contents', async () => {
    const fund = await fixtureDocuments(app, 'api::fund.fund').create({
      data: { name: 'Editable Fund', url_slug: 'editable-fund', company: company.documentId } as never,
    });
    const updated = await editor('PUT', `/content-manager/collection-types/api::fund.fund/${fund.documentId}`, {
      fund_code: 'EF-1',
      min_inv_amount: 25000,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ fund_code: 'EF-1', min_inv_amount: 25000 });

    const content = await editor('POST', '/content-manager/collection-types/api::content.content', {
      slug: 'editor-made',
      title: 'Made by an editor',
      body: '<p>Hello</p>',
      portal: { connect: [{ id: portal.id, documentId: portal.documentId }] },
    });
    expect(content.status).toBe(201);
    expect(content.body.data.body).toBe('<p>Hello</p>');
  });

  it('has its permissions restored on every start, whatever was granted in the panel', async () => {
    const role = await app.strapi.db.query('admin::role').findOne({ where: { code: 'strapi-editor' } });
    await app.strapi.db.query('admin::permission').create({
      data: {
        action: 'plugin::content-manager.explorer.update',
        subject: USER,
        properties: { fields: ['level'] },
        conditions: [],
        role: role.id,
      },
    });
    await app.strapi.db.query('admin::permission').create({
      data: {
        action: 'plugin::content-manager.explorer.read',
        subject: 'api::setting.setting',
        properties: { fields: ['name'] },
        conditions: [],
        role: role.id,
      },
    });
    await applyStaffPermissions(app.strapi);
    const held = await app.strapi.db
      .query('admin::permission')
      .findMany({ where: { role: role.id, subject: { $in: [USER, ...HIDDEN_FROM_STAFF] } } });
    expect(
      held.map((permission: { action: string; subject: string }) => `${permission.subject} ${permission.action}`),
    ).toEqual([`${USER} plugin::content-manager.explorer.read`]);
    for (const secret of USER_SECRETS) expect(held[0].properties.fields, secret).not.toContain(secret);
    expect(held[0].properties.fields).toEqual(expect.arrayContaining(['email', 'firstName', 'lastName', 'postalCode']));
  });
});
