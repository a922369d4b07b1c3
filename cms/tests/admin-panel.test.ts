import type { UID } from '@strapi/strapi';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldLabel } from '../src/utils/field-label';
import { SESSION_TYPES } from '../src/utils/session-types';
import { adminToken, createUser, signIn, uniqueEmail } from './helpers/auth';
import {
  as,
  configuration,
  editor,
  inPortal,
  ofCompany,
  openPanel,
  staffTypes,
  superAdmin,
} from './helpers/admin-panel';
import { createPortal } from './helpers/records';
import { http, type TestApp, fixtureDocuments } from './helpers/strapi';
import {
  BLOG_ITEM,
  CONTENT,
  FUND,
  INVESTMENT,
  isOwnType,
  NOTIFICATION_TEMPLATE,
  PORTAL,
  USER,
} from '../src/utils/uids';

/**
 * The admin panel as content staff see it: readable entry names, columns and relations, sign-in sessions titled, the
 * Sponsor Admin role, a readable label on every field, and the colour, HTML and domain field editors. The Editor
 * role's limits: admin-panel-editor.test.ts.
 */
let app: TestApp;
let superToken: string;

beforeAll(async () => {
  ({ app, superToken } = await openPanel('layout'));
});

describe('what content staff see in the admin panel', () => {
  it('names entries by a readable field and lists the columns that matter', async () => {
    const portal = await configuration(PORTAL);
    expect(portal.settings.mainField).toBe('name');
    expect(portal.layouts.list).toEqual(['name', 'slug', 'pageTitle', 'isDefault']);

    const content = await configuration(CONTENT);
    expect(content.settings.mainField).toBe('slug');
    expect(content.layouts.list).toContain('portal');
  });

  it('lists what grows with use newest first, and what stays small by its name', async () => {
    for (const grows of [
      'api::notification.notification',
      'api::file-download.file-download',
      'api::synd-user.synd-user',
      'plugin::users-permissions.user',
    ]) {
      const { settings } = await configuration(grows);
      expect({ grows, by: settings.defaultSortBy, order: settings.defaultSortOrder }).toEqual({
        grows,
        by: 'id',
        order: 'DESC',
      });
    }
    const funds = await configuration(FUND);
    expect([funds.settings.defaultSortBy, funds.settings.defaultSortOrder]).toEqual(['name', 'ASC']);

    const reader = await createUser(app, { email: uniqueEmail('sorted'), ...inPortal() });
    const older = await fixtureDocuments(app, 'api::notification.notification').create({
      data: { messageSubject: 'A older', user: reader.id } as never,
    });
    const newer = await fixtureDocuments(app, 'api::notification.notification').create({
      data: { messageSubject: 'Z newer', user: reader.id } as never,
    });
    const list = await editor(
      'GET',
      '/content-manager/collection-types/api::notification.notification?page=1&pageSize=2&sort=id:DESC',
    );
    expect(list.status).toBe(200);
    expect(list.body.results.map((row: { documentId: string }) => row.documentId)).toEqual([
      newer.documentId,
      older.documentId,
    ]);
  });

  it('shows relations by the target’s name rather than its id, and people by their email', async () => {
    const investment = await configuration(INVESTMENT);
    expect(investment.metadatas.fund.edit.mainField).toBe('name');
    expect(investment.metadatas.company.edit.mainField).toBe('name');
    for (const uid of [
      'api::synd-user.synd-user',
      'api::notification.notification',
      'api::news-document.news-document',
    ]) {
      expect((await configuration(uid)).metadatas.user.edit.mainField, uid).toBe('email');
    }
  });

  it('lets an editor pick a user in a relation by email', async () => {
    const person = await createUser(app, { email: uniqueEmail('picked'), ...inPortal() });
    const { status, body } = await editor(
      'GET',
      `/content-manager/relations/api::notification.notification/user?_q=${encodeURIComponent(person.email)}`,
    );
    expect(status).toBe(200);
    expect(body.results).toEqual([expect.objectContaining({ documentId: person.documentId, email: person.email })]);
  });

  it('titles sign-in sessions and guest codes by user and date', async () => {
    for (const uid of SESSION_TYPES)
      expect((await configuration(uid, superToken)).settings.mainField, uid).toBe('label');

    const person = await createUser(app, { email: uniqueEmail('titled') });
    const before = new Date();
    await signIn(app, person.email, person.password);
    const session = await app.strapi.db.query(SESSION_TYPES[0]).findOne({ where: { user: { id: person.id } } });
    expect(session.label).toMatch(
      new RegExp(`^${person.email.replace(/[.+]/g, '\\$&')} · \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC$`),
    );
    expect(session.label).toContain(before.toISOString().slice(0, 10));

    await app.strapi.db.query(SESSION_TYPES[1]).create({ data: { code: `hash-${person.id}`, user: person.id } });
    const code = await app.strapi.db.query(SESSION_TYPES[1]).findOne({ where: { code: `hash-${person.id}` } });
    expect(code.label.startsWith(`${person.email} · `)).toBe(true);
  });

  it('gives every type a display name', () => {
    for (const uid of Object.keys(app.strapi.contentTypes).filter(isOwnType)) {
      const name = app.strapi.contentTypes[uid as keyof typeof app.strapi.contentTypes].info.displayName;
      expect(name, uid).toMatch(/^[A-Z][A-Za-z -]+$/);
    }
  });
});

/** Words, not a field name: a capital first, no underscores, no camelCase humps (brands keep their spelling). */
const readable = (label: string) => {
  const text = label.replace('reCAPTCHA', 'Recaptcha').replace('YouTube', 'Youtube');
  return /^[A-Z]/.test(text) && !text.includes('_') && !/[a-z][A-Z]/.test(text);
};

describe('the Sponsor Admin role', () => {
  it('edits content as an Editor does, runs every action of the sponsor desk, and still only reads what staff may only read', async () => {
    const role = await app.strapi.db.query('admin::role').findOne({ where: { code: 'sponsor-admin' } });
    expect(role).toMatchObject({ name: 'Sponsor Admin' });
    const portal = await createPortal(app, 'sponsored');
    const company = await fixtureDocuments(app, 'api::company.company').create({
      data: { name: 'Sponsored Co', portal: portal.documentId } as never,
    });
    const sponsor = as(await adminToken(app, 'role-sponsor@portal.local', 'sponsor-admin', undefined, [portal]));
    const fund = await fixtureDocuments(app, 'api::fund.fund').create({
      data: { name: 'Sponsored Fund', url_slug: 'sponsored-fund', company: company.documentId } as never,
    });

    // Content, as an Editor.
    const edited = await http(
      app,
      'PUT',
      `/content-manager/collection-types/api::fund.fund/${fund.documentId}`,
      { fund_code: 'SF-1' },
      sponsor,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data.fund_code).toBe('SF-1');
    // The desk's admin-only calls: the export an Editor is refused.
    const csv = `/sponsor-desk/funds/${fund.documentId}/commitments.csv`;
    expect((await http(app, 'GET', csv, undefined, sponsor)).status).toBe(200);
    expect((await editor('GET', csv)).status).toBe(403);
    // Accounts and the money stay read-only, as for every staff role.
    const person = await createUser(app, { email: uniqueEmail('sponsored') });
    expect(
      (
        await http(
          app,
          'PUT',
          `/content-manager/collection-types/${USER}/${person.documentId}`,
          { level: 'superadmin' },
          sponsor,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await http(
          app,
          'POST',
          '/content-manager/collection-types/api::valuation.valuation',
          { fund: fund.documentId, date: '2026-10-31', value_percent: 300 },
          sponsor,
        )
      ).status,
    ).toBe(403);
    // Settings and roles are the super admin's.
    expect((await http(app, 'GET', '/admin/roles', undefined, sponsor)).status).toBe(403);
  });
});

describe('field labels', () => {
  it('read as words, from the field name or the exceptions table', () => {
    expect(fieldLabel('fund_code')).toBe('Fund code');
    expect(fieldLabel('min_inv_amount')).toBe('Minimum investment');
    expect(fieldLabel('url_slug')).toBe('URL slug');
    expect(fieldLabel('sa_doc_template_1_id')).toBe('Agreement template 1 id');
    expect(fieldLabel('isExitedAsset')).toBe('Exited asset');
    expect(fieldLabel('imageUrl')).toBe('Image URL');
    expect(fieldLabel('docURL')).toBe('Document URL');
    expect(fieldLabel('cosub_first_name')).toBe('Co-subscriber first name');
    expect(fieldLabel('postal_code')).toBe('Postal code');
    expect(fieldLabel('createdAt')).toBe('Created at');
  });

  it('label every field of every type in the edit view and the list', async () => {
    for (const uid of staffTypes()) {
      const { metadatas } = await configuration(uid, superToken);
      for (const name of Object.keys(app.strapi.getModel(uid as UID.ContentType).attributes)) {
        if (!metadatas[name]) continue;
        expect(metadatas[name].edit.label, `${uid}.${name}`).toBe(fieldLabel(name));
        expect(metadatas[name].list.label, `${uid}.${name}`).toBe(fieldLabel(name));
        expect(readable(metadatas[name].edit.label), `${uid}.${name}: ${metadatas[name].edit.label}`).toBe(true);
      }
    }
    const fund = await configuration(FUND);
    expect(fund.metadatas.min_inv_amount.edit.label).toBe('Minimum investment');
    expect(fund.metadatas.fund_status.edit.description).toMatch(/dates/);
    expect((await configuration(PORTAL)).metadatas.domains.edit.description).toMatch(/one per row/);
  });
});

describe('field editors', () => {
  const attributesOf = async (uid: string) => {
    const { status, body } = await editor('GET', '/content-manager/init');
    expect(status).toBe(200);
    return body.data.contentTypes.find((type: { uid: string }) => type.uid === uid).attributes;
  };

  it('edits colours with the colour picker, keeping #RRGGBB strings', async () => {
    const portal = await attributesOf(PORTAL);
    for (const name of ['portalColor', 'primaryColor', 'secondaryColor'])
      expect(portal[name].customField, name).toBe('plugin::color-picker.color');
    expect((await attributesOf(NOTIFICATION_TEMPLATE)).color.customField).toBe('plugin::color-picker.color');

    const created = await superAdmin('POST', '/content-manager/collection-types/api::portal.portal', {
      name: 'Colour Portal',
      slug: 'colour-portal',
      primaryColor: '#aa3300',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      primaryColor: '#aa3300',
      portalColor: '#225',
      secondaryColor: '#5BACA2',
    });
    const refused = await superAdmin('POST', '/content-manager/collection-types/api::portal.portal', {
      name: 'Red Portal',
      slug: 'red-portal',
      primaryColor: 'red',
    });
    expect(refused.status).toBe(400);
  });

  it('edits HTML fields with the HTML editor, and stores what is written there sanitised', async () => {
    const fund = await attributesOf(FUND);
    for (const name of ['description', 'funding_my_investment_description'])
      expect(fund[name].customField, name).toBe('global::html');
    expect((await attributesOf(INVESTMENT)).description.customField).toBe('global::html');
    expect((await attributesOf(BLOG_ITEM)).body.customField).toBe('global::html');
    expect((await attributesOf(CONTENT)).body.customField).toBe('global::html');

    const created = await editor('POST', '/content-manager/collection-types/api::fund.fund', {
      name: 'Panel Fund',
      url_slug: 'panel-fund',
      description: '<p>Good<script>alert(1)</script></p><p onclick="x()">fund</p>',
      ...ofCompany(),
    });
    expect(created.status).toBe(201);
    expect(created.body.data.description).toBe('<p>Good</p><p>fund</p>');
  });

  it("stores the HTML editor's spaces as spaces, so a paragraph wraps on a phone (Quill writes each as &nbsp;)", async () => {
    const created = await superAdmin('POST', '/content-manager/collection-types/api::fund.fund', {
      name: 'Spaced Fund',
      url_slug: 'spaced-fund',
      description:
        '<p>Minimum&nbsp;commitment&nbsp;and&nbsp;fees.</p><p>Two&nbsp;&nbsp;on&nbsp;purpose, <strong>bold</strong>&nbsp;after.</p><p>&nbsp;</p>',
      ...ofCompany(),
    });
    expect(created.status).toBe(201);
    // Stored as characters: the no-break spaces kept are U+00A0.
    expect(created.body.data.description).toBe(
      '<p>Minimum commitment and fees.</p><p>Two\u00a0\u00a0on purpose, <strong>bold</strong> after.</p><p>\u00a0</p>',
    );
  });

  it('edits a portal’s domains as a list of hosts, stored and served as host strings', async () => {
    expect((await attributesOf(PORTAL)).domains.customField).toBe('global::host-list');
    const created = await superAdmin('POST', '/content-manager/collection-types/api::portal.portal', {
      name: 'Hosts Portal',
      slug: 'hosts-portal',
      domains: [' Hosts.Example.COM ', '', 'www.hosts.example.com'],
    });
    expect(created.status).toBe(201);
    expect(created.body.data.domains).toEqual(['hosts.example.com', 'www.hosts.example.com']);
    const listed = await http(app, 'GET', '/api/auth/portals');
    expect(listed.body.items.find((portal: { slug: string }) => portal.slug === 'hosts-portal').domains).toEqual([
      'hosts.example.com',
      'www.hosts.example.com',
    ]);

    for (const domains of [['https://hosts.example.com'], ['hosts.example.com/page'], 'hosts.example.com', [42]]) {
      const refused = await superAdmin(
        'PUT',
        `/content-manager/collection-types/api::portal.portal/${created.body.data.documentId}`,
        { domains },
      );
      expect(refused.status, JSON.stringify(domains)).toBe(400);
      expect(refused.body.error.message).toMatch(/^domains must be a list of host names/);
    }
  });

  it("keeps a portal's time zone as an IANA name, served to every visitor, and refuses anything else", async () => {
    const created = await superAdmin('POST', '/content-manager/collection-types/api::portal.portal', {
      name: 'Zoned Portal',
      slug: 'zoned-portal',
    });
    expect(created.status).toBe(201);
    // A new portal keeps its sponsor's calendar in New York until staff choose another zone.
    expect(created.body.data.timeZone).toBe('America/New_York');
    const url = `/content-manager/collection-types/api::portal.portal/${created.body.data.documentId}`;
    expect((await superAdmin('PUT', url, { timeZone: ' America/Chicago ' })).status).toBe(200);
    const listed = await http(app, 'GET', '/api/auth/portals');
    expect(listed.body.items.find((portal: { slug: string }) => portal.slug === 'zoned-portal').timeZone).toBe(
      'America/Chicago',
    );
    for (const timeZone of ['Central Time', '-06:00', 'Mars/Olympus_Mons', 42]) {
      const refused = await superAdmin('PUT', url, { timeZone });
      expect(refused.status, JSON.stringify(timeZone)).toBe(400);
      expect(refused.body.error.message).toBe(
        'timeZone must be an IANA time zone name like America/New_York or America/Chicago',
      );
    }
    const kept = await http(app, 'GET', '/api/auth/portals');
    expect(kept.body.items.find((portal: { slug: string }) => portal.slug === 'zoned-portal').timeZone).toBe(
      'America/Chicago',
    );
  });
});
