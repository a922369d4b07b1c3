import { beforeAll, describe, expect, it } from 'vitest';
import { expectBadRequests, refusal } from './helpers/answers';
import { call, openGuestSession, signedInUser } from './helpers/auth';
import { setCreatedAt } from './helpers/records';
import { useStrapi, type TestApp, fixtureDocuments } from './helpers/strapi';
import { NOTIFICATION, NOTIFICATION_TEMPLATE } from '../src/utils/uids';

let app: TestApp;
let me: Awaited<ReturnType<typeof signedInUser>>;
let other: Awaited<ReturnType<typeof signedInUser>>;

async function createTemplate(name: string, subject: string | null, extra: Record<string, unknown> = {}) {
  return (
    await fixtureDocuments(app, NOTIFICATION_TEMPLATE).create({
      data: { name, subject, color: '#2E7D32', ...extra } as never,
    })
  ).documentId;
}

async function notify(userDocumentId: string, createdAt: string, data: Record<string, unknown>) {
  const note = await fixtureDocuments(app, NOTIFICATION).create({ data: { user: userDocumentId, ...data } as never });
  await setCreatedAt(app, NOTIFICATION, note.documentId, createdAt);
}

/** The spec's call: List collection notifications with mine=true, populate=template, sort=-createdAt. */
const mine = (query = '', authCode = me.authCode) =>
  call(app, 'GET', `/api/notifications?mine=true&populate=template&sort=-createdAt${query}`, undefined, { authCode });

beforeAll(async () => {
  app = await useStrapi();
  me = await signedInUser(app, 'notes-me');
  other = await signedInUser(app, 'notes-other');
  const offer = await createTemplate('nt-offer', 'New offering: %fundName% closes %closeDate%');
  const plain = await createTemplate('nt-plain', null, { color: '#1A237E' });
  const count = await createTemplate('nt-count', '%count% new documents, 50% read');
  const hidden = await createTemplate('nt-hidden', 'Staff only', { showInUI: false });

  await notify(me.documentId, '2026-01-01T10:00:00Z', {
    template: offer,
    tags: { fundName: 'Fund V' },
    messageSubject: 'stored text',
  });
  await notify(me.documentId, '2026-01-03T10:00:00Z', { template: plain, messageSubject: 'Plain subject' });
  await notify(me.documentId, '2026-01-02T10:00:00Z', { messageSubject: 'No template' });
  await notify(me.documentId, '2026-01-04T10:00:00Z', { template: count, tags: { count: 3, constructor: 'x' } });
  await notify(me.documentId, '2026-01-05T10:00:00Z', { template: hidden, messageSubject: 'Hidden' });
  await notify(other.documentId, '2026-01-06T10:00:00Z', { template: offer, tags: { fundName: 'Secret Fund' } });
  await notify(other.documentId, '2026-01-06T11:00:00Z', { messageSubject: 'Not yours' });
});

describe('GET /api/notifications?mine=true&populate=template&sort=-createdAt', () => {
  it("answers the caller's notifications newest first, with the subject filled in and the template's name and colour", async () => {
    const { status, body } = await mine();
    expect(status).toBe(200);
    expect(body.total).toBe(4);
    expect(body.items.map((item: { subject: string }) => item.subject)).toEqual([
      '3 new documents, 50% read',
      'Plain subject',
      'No template',
      'New offering: Fund V closes %closeDate%',
    ]);
    expect(body.items[0]).toMatchObject({
      id: expect.any(Number),
      subject: '3 new documents, 50% read',
      createdAt: '2026-01-04T10:00:00.000Z',
      template: { name: 'nt-count', color: '#2E7D32' },
    });
    expect(body.items[1].template).toMatchObject({ name: 'nt-plain', color: '#1A237E' });
    expect(body.items[2].template).toBeNull();
  });

  it('leaves out notifications whose template is not shown in the site', async () => {
    const { body } = await mine('&limit=100');
    expect(body.items.map((item: { subject: string }) => item.subject)).not.toContain('Staff only');
    expect(body.items.map((item: { subject: string }) => item.subject)).not.toContain('Hidden');
  });

  it("never shows another user's notifications, whatever the query says", async () => {
    const { status, body } = await mine();
    expect(status).toBe(200);
    expect(body.total).toBe(4);
    expect(JSON.stringify(body)).not.toMatch(/Secret Fund|Not yours/);
    for (const query of [
      `&filters[user][id]=${other.id}`,
      `&user=${other.id}`,
      `&filters[$or][0][user][id]=${other.id}`,
      '&mine=false',
    ]) {
      const refused = await mine(query);
      expect(refused.status, query).toBe(400);
      expect(JSON.stringify(refused.body), query).not.toMatch(/Secret Fund|Not yours/);
    }
    // Without mine the answer is the same: notifications are their owner's alone.
    const unmarked = await call(app, 'GET', '/api/notifications?populate=template', undefined, {
      authCode: me.authCode,
    });
    expect(unmarked.body.total).toBe(4);
    const theirs = await mine('', other.authCode);
    expect(theirs.body.items.map((item: { subject: string }) => item.subject)).toEqual([
      'Not yours',
      'New offering: Secret Fund closes %closeDate%',
    ]);
  });

  it("takes a limit (at most 999, the spec lists' limit)", async () => {
    const { body } = await mine('&limit=2');
    expect(body.items).toHaveLength(2);
    expect(body.total).toBe(4);
    const many = await signedInUser(app, 'notes-many');
    for (let index = 0; index < 12; index += 1)
      await notify(many.documentId, `2026-02-${String(index + 1).padStart(2, '0')}T10:00:00Z`, {
        messageSubject: `Note ${index}`,
      });
    const page = await mine('&limit=10', many.authCode);
    expect(page.body.items).toHaveLength(10);
    expect(page.body.items[0].subject).toBe('Note 11');
    expect(page.body.total).toBe(12);
    await expectBadRequests(
      [
        ['&limit=0', 'limit must be from 1 to 999'],
        ['&limit=1000', 'limit must be from 1 to 999'],
        ['&limit=x', 'limit must be a whole number'],
      ],
      (query) => mine(query),
    );
  });

  it('answers 401 without a session', async () => {
    expect(await call(app, 'GET', '/api/notifications?mine=true')).toMatchObject(refusal(401, 'Sign in required'));
    expect((await mine('', 'not-a-session-code')).status).toBe(401);
  });

  it("shows a guest session the user's own notifications", async () => {
    const { status, body } = await mine('', await openGuestSession(app, me.id));
    expect(status).toBe(200);
    expect(body.total).toBe(4);
  });

  it('keeps notifications closed to writes', async () => {
    expect(
      await call(app, 'POST', '/api/notifications', { messageSubject: 'x' }, { authCode: me.authCode }),
    ).toMatchObject(refusal(403, 'notifications cannot be changed through the collection calls'));
  });
});
