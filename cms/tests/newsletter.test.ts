import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailchimpNewsletter } from '../src/providers/newsletter/mailchimp';
import { NewsletterError } from '../src/providers/newsletter';
import { expectBadRequests, refusal } from './helpers/answers';
import { call, createUser, openGuestSession, uniqueEmail, type CallOptions } from './helpers/auth';
import { createPortal, type TestPortal } from './helpers/records';
import { startStandIn, type StandIn } from './helpers/stand-in';
import { useStrapi, type TestApp, fixtureDocuments } from './helpers/strapi';
import { PORTAL, SUBSCRIBER } from '../src/utils/uids';

let app: TestApp;
let portalA: TestPortal;
let portalB: TestPortal;

const subscribe = (body: unknown, options: CallOptions = {}) =>
  call(app, 'POST', '/api/email/mailchimpsubscribe', body, options);

/** The portal's Subscriber rows, by address. */
async function listOf(portal: TestPortal): Promise<string[]> {
  const rows: { email: string }[] = await app.strapi.db
    .query(SUBSCRIBER)
    .findMany({ where: { portal: { id: portal.id } }, orderBy: { email: 'asc' } });
  return rows.map((row) => row.email);
}

/** Changes the Mailchimp configuration the running CMS reads on each request. */
const withMailchimp = (settings: { apiKey?: string; listId?: string; apiUrl?: string }) =>
  app.strapi.config.set('portal.mailchimp', { apiKey: '', listId: '', apiUrl: '', ...settings });

beforeAll(async () => {
  app = await useStrapi();
  portalA = await createPortal(app, 'news-a');
  portalB = await createPortal(app, 'news-b');
});

describe('POST /api/email/mailchimpsubscribe with the embedded list (no Mailchimp configured)', () => {
  it("stores the address, trimmed and lower-cased, in the portal's Subscriber list", async () => {
    expect(await subscribe({ email: '  Reader.One@Example.COM ', portal: 'news-a' })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect(await listOf(portalA)).toEqual(['reader.one@example.com']);
  });

  it('keeps one row per address and portal: the same address again (any case) is a success that adds nothing', async () => {
    for (const email of ['reader.one@example.com', 'READER.ONE@example.com']) {
      expect(await subscribe({ email, portal: 'news-a' })).toMatchObject({ status: 200, body: { success: true } });
    }
    expect(await listOf(portalA)).toEqual(['reader.one@example.com']);
  });

  it('keeps a separate row for the same address in another portal', async () => {
    expect((await subscribe({ email: 'reader.one@example.com', portal: 'news-b' })).status).toBe(200);
    expect(await listOf(portalB)).toEqual(['reader.one@example.com']);
    expect(await listOf(portalA)).toEqual(['reader.one@example.com']);
  });

  it('stores one row when the same address arrives many times at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => subscribe({ email: 'racer@example.com', portal: 'news-a' })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect((await listOf(portalA)).filter((email) => email === 'racer@example.com')).toHaveLength(1);
  });

  it('answers 400 Enter a valid email address for a missing or malformed address', async () => {
    const emails = [
      undefined,
      '',
      'not-an-email',
      'a@b',
      'two@@example.com',
      'spaced out@example.com',
      42,
      ['a@example.com'],
      `${'x'.repeat(250)}@example.com`,
    ];
    await expectBadRequests(
      emails.map((email): [unknown, string] => [{ email, portal: 'news-a' }, 'Enter a valid email address']),
      (body) => subscribe(body),
    );
    expect(await listOf(portalA)).not.toContain('not-an-email');
  });

  it("answers the spec's call {email} for the portal of the request's Origin, and 404 for an unknown portal", async () => {
    await app.strapi.db.query(PORTAL).update({ where: { id: portalA.id }, data: { domains: ['news-a.example'] } });
    const fromOrigin = await subscribe(
      { email: 'origin@example.com' },
      { headers: { origin: 'https://news-a.example' } },
    );
    expect(fromOrigin).toMatchObject({ status: 200, body: { success: true } });
    expect(await listOf(portalA)).toContain('origin@example.com');
    expect(await subscribe({ email: 'p@example.com', portal: 'no-such-portal' })).toMatchObject(
      refusal(404, 'Portal not found'),
    );
  });

  it('refuses a guest session, being a write', async () => {
    const user = await createUser(app, { email: uniqueEmail('news-guest') });
    const answer = await subscribe(
      { email: 'guest@example.com', portal: 'news-a' },
      { authCode: await openGuestSession(app, user.id) },
    );
    expect(answer).toMatchObject(refusal(403, 'A guest session is read-only'));
  });

  it('counts requests per client address and answers 429 past the limit', async () => {
    const limits = app.strapi.config.get('portal.rateLimit') as Record<string, number>;
    app.strapi.config.set('portal.rateLimit', { ...limits, ipMax: 3 });
    try {
      const ip = '203.0.113.77';
      for (let index = 0; index < 3; index += 1)
        expect((await subscribe({ email: `limited${index}@example.com`, portal: 'news-a' }, { ip })).status).toBe(200);
      expect((await subscribe({ email: 'limited9@example.com', portal: 'news-a' }, { ip })).status).toBe(429);
      expect(
        (await subscribe({ email: 'limited9@example.com', portal: 'news-a' }, { ip: '203.0.113.78' })).status,
      ).toBe(200);
    } finally {
      app.strapi.config.set('portal.rateLimit', limits);
    }
  });
});

describe('the Subscriber list in the admin panel', () => {
  const subscribers = () => fixtureDocuments(app, SUBSCRIBER);

  it('refuses a second row for an address already in that portal, whatever its case', async () => {
    await subscribers().create({ data: { email: 'Staff.Added@Example.com', portal: portalB.documentId } });
    expect(await listOf(portalB)).toContain('staff.added@example.com');
    await expect(
      subscribers().create({ data: { email: 'staff.added@example.com', portal: portalB.documentId } }),
    ).rejects.toThrow('staff.added@example.com is already subscribed in portal "news-b"');
    await subscribers().create({ data: { email: 'staff.added@example.com', portal: portalA.documentId } });
  });

  it('keeps the rule when a row is moved to another portal', async () => {
    const row = await subscribers().create({ data: { email: 'mover@example.com', portal: portalB.documentId } });
    await subscribers().create({ data: { email: 'mover@example.com', portal: portalA.documentId } });
    await expect(
      subscribers().update({ documentId: row.documentId, data: { portal: portalA.documentId } }),
    ).rejects.toThrow('already subscribed');
    expect(await listOf(portalB)).toContain('mover@example.com');
  });
});

describe('POST /api/email/mailchimpsubscribe through Mailchimp (MAILCHIMP_API_KEY and MAILCHIMP_LIST_ID set)', () => {
  let mailchimp: StandIn;
  /** What the stand-in answers, by the address in the request body. */
  const ANSWERS: Record<string, { status: number; json: unknown }> = {
    'refused@example.com': {
      status: 400,
      json: { title: 'Invalid Resource', status: 400, detail: 'looks fake or invalid' },
    },
    'exists@example.com': {
      status: 400,
      json: { title: 'Member Exists', status: 400, detail: 'is already a list member' },
    },
    'broken@example.com': { status: 500, json: { title: 'Internal Server Error' } },
  };

  beforeAll(async () => {
    mailchimp = await startStandIn(({ body }) => {
      const email = (JSON.parse(body) as { email_address: string }).email_address;
      return ANSWERS[email] ?? { status: 200, json: { id: 'member', email_address: email, status: 'subscribed' } };
    });
  });
  afterAll(async () => {
    withMailchimp({});
    await mailchimp.close();
  });

  it('puts the member by the MD5 of the lower-cased address, with basic auth and status_if_new, and stores nothing in the CMS', async () => {
    withMailchimp({ apiKey: 'test-key-us21', listId: 'list123', apiUrl: `${mailchimp.url}/3.0/` });
    const before = mailchimp.requests.length;
    expect(await subscribe({ email: ' Chimp.Reader@Example.com', portal: 'news-a' })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    const request = mailchimp.requests[before];
    const md5 = crypto.createHash('md5').update('chimp.reader@example.com').digest('hex');
    expect(request.method).toBe('PUT');
    expect(request.url).toBe(`/3.0/lists/list123/members/${md5}`);
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from('anystring:test-key-us21').toString('base64')}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({
      email_address: 'chimp.reader@example.com',
      status_if_new: 'subscribed',
    });
    expect(await listOf(portalA)).not.toContain('chimp.reader@example.com');
  });

  it('counts an address already on the list as a success', async () => {
    withMailchimp({ apiKey: 'test-key-us21', listId: 'list123', apiUrl: mailchimp.url });
    expect(await subscribe({ email: 'exists@example.com', portal: 'news-a' })).toMatchObject({
      status: 200,
      body: { success: true },
    });
  });

  it('answers 502 Error subscribing when Mailchimp refuses, fails or cannot be reached', async () => {
    withMailchimp({ apiKey: 'test-key-us21', listId: 'list123', apiUrl: mailchimp.url });
    for (const email of ['refused@example.com', 'broken@example.com']) {
      expect(await subscribe({ email, portal: 'news-a' }), email).toMatchObject(refusal(502, 'Error subscribing'));
    }
    const closed = await startStandIn(() => ({ json: {} }));
    await closed.close();
    withMailchimp({ apiKey: 'test-key-us21', listId: 'list123', apiUrl: closed.url });
    expect(await subscribe({ email: 'offline@example.com', portal: 'news-a' })).toMatchObject(
      refusal(502, 'Error subscribing'),
    );
  });

  it('still validates the address and the portal first', async () => {
    withMailchimp({ apiKey: 'test-key-us21', listId: 'list123', apiUrl: mailchimp.url });
    const before = mailchimp.requests.length;
    expect((await subscribe({ email: 'nope', portal: 'news-a' })).status).toBe(400);
    expect((await subscribe({ email: 'ok@example.com', portal: 'no-such-portal' })).status).toBe(404);
    expect(mailchimp.requests.length).toBe(before);
  });

  it('uses the embedded list again while either setting is empty', async () => {
    withMailchimp({ apiKey: 'test-key-us21', listId: '', apiUrl: mailchimp.url });
    const before = mailchimp.requests.length;
    expect((await subscribe({ email: 'half-configured@example.com', portal: 'news-a' })).status).toBe(200);
    expect(mailchimp.requests.length).toBe(before);
    expect(await listOf(portalA)).toContain('half-configured@example.com');
  });
});

describe('the Mailchimp provider’s default address', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("calls the Marketing API of the key's data centre", async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return new Response('{}', { status: 200 });
    });
    await mailchimpNewsletter({ apiKey: 'abc123-us21', listId: 'L1', apiUrl: '' }).subscribe('a@example.com', {
      id: 1,
      documentId: 'x',
    });
    expect(fetched).toEqual([
      `https://us21.api.mailchimp.com/3.0/lists/L1/members/${crypto.createHash('md5').update('a@example.com').digest('hex')}`,
    ]);
  });

  it('refuses a key without a data centre rather than call some other host', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    for (const apiKey of ['abc123', 'abc-evil.example/x']) {
      await expect(
        mailchimpNewsletter({ apiKey, listId: 'L1', apiUrl: '' }).subscribe('a@example.com', {
          id: 1,
          documentId: 'x',
        }),
      ).rejects.toThrow(NewsletterError);
    }
    expect(fetch).not.toHaveBeenCalled();
  });
});
