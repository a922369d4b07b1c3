import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuiltInTemplates } from '../src/api/notification-template/built-in';
import { call, signedInUser, waitForMail } from './helpers/auth';
import { createPortal, type TestPortal } from './helpers/records';
import { useStrapi, type TestApp } from './helpers/strapi';
import { NOTIFICATION, NOTIFICATION_TEMPLATE, USER } from '../src/utils/uids';

let app: TestApp;
let home: TestPortal;

beforeAll(async () => {
  app = await useStrapi();
  home = await createPortal(app, 'templates-home');
});

describe('notification templates on a database nobody seeded', () => {
  it('has every template the CMS and the site send, made at start-up', async () => {
    const rows: { name: string; subject: string }[] = await app.strapi.db
      .query(NOTIFICATION_TEMPLATE)
      .findMany({ select: ['name', 'subject'] });
    const names = rows.map(({ name }) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        'review_syndication',
        'review_syndication_document',
        'review_news_document',
        'proof_document_uploaded',
        'accreditation_status_updated',
        'syndication_committed',
        'syndication_declined',
        'syndication_signed',
        'syndication_countersigned',
        'new_tax_document',
        'new_news_document',
      ]),
    );
    expect(new Set(names).size).toBe(names.length);
  });

  it('keeps the wording staff gave a template when the CMS starts again, and makes one staff deleted', async () => {
    const declined = await app.strapi.db
      .query(NOTIFICATION_TEMPLATE)
      .findOne({ where: { name: 'syndication_declined' } });
    const original = declined.subject;
    try {
      await app.strapi.db
        .query(NOTIFICATION_TEMPLATE)
        .update({ where: { id: declined.id }, data: { subject: '%userName% passed on %investmentName%' } });
      await app.strapi.db.query(NOTIFICATION_TEMPLATE).delete({ where: { name: 'new_news_document' } });
      await ensureBuiltInTemplates(app.strapi);
      expect(
        (await app.strapi.db.query(NOTIFICATION_TEMPLATE).findOne({ where: { name: 'syndication_declined' } })).subject,
      ).toBe('%userName% passed on %investmentName%');
      expect(
        (await app.strapi.db.query(NOTIFICATION_TEMPLATE).findOne({ where: { name: 'new_news_document' } })).subject,
      ).toBe('News from %fundName%: %documentTitle%');
    } finally {
      await app.strapi.db
        .query(NOTIFICATION_TEMPLATE)
        .update({ where: { id: declined.id }, data: { subject: original } });
    }
  });
});

describe('who a staff notice reaches', () => {
  it('an admin template reaches the portal’s admins and superadmins, a superadmin template only its superadmins; each notice says it was mailed', async () => {
    const admin = await signedInUser(app, 'templates-admin', 'admin', home);
    const superadmin = await signedInUser(app, 'templates-super', 'superadmin', home);
    const investor = await signedInUser(app, 'templates-investor', 'user', home);
    await app.strapi.db
      .query(USER)
      .update({ where: { id: investor.id }, data: { firstName: 'Tess', lastName: 'Template' } });
    const notify = () =>
      call(
        app,
        'POST',
        '/api/profile/notify/save',
        { templateName: 'proof_document_uploaded', tags: { documentName: 'w9.pdf' } },
        { authCode: investor.authCode },
      );
    const noticesTo = async (userId: number) =>
      (await app.strapi.db
        .query(NOTIFICATION)
        .findMany({ where: { user: { id: userId }, template: { name: 'proof_document_uploaded' } } })) as {
        level: string;
        sent: boolean;
      }[];

    expect((await notify()).status).toBe(200);
    await waitForMail(admin.email, 'Tess Template uploaded a proof document');
    expect(await noticesTo(admin.id)).toEqual([expect.objectContaining({ level: 'admin', sent: true })]);
    expect(await noticesTo(superadmin.id)).toHaveLength(1);

    const template = await app.strapi.db
      .query(NOTIFICATION_TEMPLATE)
      .findOne({ where: { name: 'proof_document_uploaded' } });
    try {
      await app.strapi.db
        .query(NOTIFICATION_TEMPLATE)
        .update({ where: { id: template.id }, data: { defaultTargetLevel: 'superadmin' } });
      expect((await notify()).status).toBe(200);
      expect(await noticesTo(superadmin.id)).toHaveLength(2);
      expect(await noticesTo(admin.id)).toHaveLength(1);
    } finally {
      await app.strapi.db
        .query(NOTIFICATION_TEMPLATE)
        .update({ where: { id: template.id }, data: { defaultTargetLevel: 'admin' } });
    }
  });
});
