import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call } from './helpers/auth';
import { createInvestor, createOffering, type Offering } from './helpers/signing';
import { http, useStrapi, type TestApp } from './helpers/strapi';
import { SYND_USER } from '../src/utils/uids';

/**
 * The desk's capital-account lists a page at a time (docs/capital-accounts.md): a fund's drafts and posted events, an
 * event's allocation table, and previewing an open draft again without leaving a draft per click.
 */
let app: TestApp;
let offering: Offering;
let editorToken: string;
let adminTokenValue: string;

const panel = (token: string) => (method: string, route: string, body?: unknown) =>
  http(app, method, route, body, { Authorization: `Bearer ${token}` });
const editor = (method: string, route: string, body?: unknown) => panel(editorToken)(method, route, body);
const admin = (method: string, route: string, body?: unknown) => panel(adminTokenValue)(method, route, body);

beforeAll(async () => {
  app = await useStrapi();
  offering = await createOffering(app, 'desk-lists');
  for (const name of ['one', 'two', 'three']) {
    const investor = await createInvestor(app, offering, `desk-lists-${name}`, { spouse: false });
    await app.strapi.db.query(SYND_USER).update({
      where: { id: investor.syndUserId },
      data: { sa_complete_date: new Date(), managementSignedAt: new Date() },
    });
  }
  editorToken = await adminToken(
    app,
    'lists-editor@portal.local',
    'strapi-editor',
    ['Eddie', 'Lists'],
    [offering.portal],
  );
  adminTokenValue = await adminToken(app, 'lists-admin@portal.local', 'strapi-super-admin', ['Ada', 'Lists']);
});

describe('drafts and allocations, a page at a time', () => {
  it('keeps one draft however often an editor previews, lists it for an admin who posts it, and pages its allocation', async () => {
    const terms = {
      fund: offering.fund,
      type: 'distribution',
      date: '2026-06-30',
      total_cents: 300_000,
      basis: 'commitment',
      kind: 'income',
    };
    const first = await editor('POST', '/sponsor-desk/fund-events', terms);
    expect(first.status).toBe(200);
    const again = await editor('PUT', `/sponsor-desk/fund-events/${first.body.documentId}?pageSize=2`, {
      ...terms,
      total_cents: 300_001,
    });
    expect(again.status).toBe(200);
    const third = await editor('PUT', `/sponsor-desk/fund-events/${again.body.documentId}?pageSize=2`, {
      ...terms,
      total_cents: 600_000,
    });
    expect(third.body).toMatchObject({
      state: 'draft',
      total_cents: 600_000,
      investors: 3,
      pagination: { page: 1, pageSize: 2, pageCount: 2, total: 3 },
    });
    expect(third.body.allocation).toHaveLength(2);
    // The terms that were replaced are gone: the old draft is not found.
    expect((await editor('GET', `/sponsor-desk/fund-events/${first.body.documentId}`)).status).toBe(404);

    const drafts = await admin('GET', `/sponsor-desk/fund-events?fund=${offering.fund}&state=draft&pageSize=10`);
    expect(drafts.status).toBe(200);
    expect(drafts.body.pagination.total).toBe(1);
    expect(drafts.body.results).toEqual([
      expect.objectContaining({
        documentId: third.body.documentId,
        type: 'distribution',
        state: 'draft',
        total_cents: 600_000,
        createdByName: 'Eddie Lists',
      }),
    ]);

    const secondPage = await admin(
      'GET',
      `/sponsor-desk/fund-events/${third.body.documentId}/allocation?page=2&pageSize=2`,
    );
    expect(secondPage.body.allocation).toHaveLength(1);
    expect(secondPage.body.allocation[0].amount_cents).toBe(200_000);

    expect((await admin('POST', `/sponsor-desk/fund-events/${third.body.documentId}/post`)).status).toBe(200);
    const posted = await editor('GET', `/sponsor-desk/fund-events?fund=${offering.fund}&state=posted`);
    expect(
      posted.body.results.map((event: { documentId: string; postedByName: string }) => [
        event.documentId,
        event.postedByName,
      ]),
    ).toEqual([[third.body.documentId, 'Ada Lists']]);
    expect((await editor('GET', `/sponsor-desk/fund-events?fund=${offering.fund}&state=draft`)).body.results).toEqual(
      [],
    );
    // A posted event is not previewed again.
    const late = await editor('PUT', `/sponsor-desk/fund-events/${third.body.documentId}`, terms);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('This event is posted already: draft a new one');
  });

  it('says what is wrong with a bad list, and answers only staff', async () => {
    expect((await editor('GET', `/sponsor-desk/fund-events?fund=${offering.fund}&state=open`)).body.error.message).toBe(
      'state must be one of draft, posted',
    );
    expect((await editor('GET', '/sponsor-desk/fund-events')).body.error.message).toBe('fund is required');
    expect((await editor('GET', '/sponsor-desk/fund-events?fund=nosuchfundatall')).status).toBe(404);
    expect(
      (await editor('GET', `/sponsor-desk/fund-events?fund=${offering.fund}&pageSize=1000`)).body.error.message,
    ).toBe('pageSize must be a whole number from 1 to 100');
    expect((await editor('PUT', '/sponsor-desk/fund-events/nosuchevent1', { fund: offering.fund })).status).toBe(404);
    expect((await http(app, 'GET', `/sponsor-desk/fund-events?fund=${offering.fund}`)).status).toBe(401);
    const investor = await createInvestor(app, offering, 'desk-lists-outsider', { spouse: false });
    expect(
      (
        await call(app, 'GET', `/sponsor-desk/fund-events?fund=${offering.fund}`, undefined, {
          authCode: investor.authCode,
        })
      ).status,
    ).toBe(401);
  });
});
