import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectBadRequests, refusal } from './helpers/answers';
import { call, createUser, openGuestSession, uniqueEmail } from './helpers/auth';
import { createPortal, setCreatedAt, type TestPortal } from './helpers/records';
import { useStrapi, type TestApp, fixtureDocuments } from './helpers/strapi';
import { BLOG_ITEM, PORTAL } from '../src/utils/uids';
/** Every field of an education item in answers (docs/api-public.md). */
const ITEM_FIELDS = [
  'id',
  'documentId',
  'title',
  'slug',
  'type',
  'url',
  'listLinkHref',
  'body',
  'imageUrl',
  'sortOrder',
  'isFeatured',
  'displayOnPortfolio',
  'displayOnHomepage',
  'createdAt',
  'fundName',
].sort();

let app: TestApp;
let portalA: TestPortal;
let portalB: TestPortal;

interface ItemSeed {
  title: string;
  type?: 'video' | 'link' | 'post' | null;
  sortOrder?: number;
  isPublished?: boolean;
  displayOnPortfolio?: boolean;
  createdAt: string;
  fundAsString?: string;
  fund?: string;
}

async function createItem(portal: TestPortal, seed: ItemSeed) {
  const { createdAt, type, ...data } = seed;
  const slug = seed.title.toLowerCase().replace(/\s+/g, '-');
  const item = await fixtureDocuments(app, BLOG_ITEM).create({
    data: { slug, isPublished: true, ...data, ...(type ? { type } : {}), portal: portal.documentId } as never,
  });
  // The Document Service fills the schema default (post); an older item may have no type at all.
  if (type === null)
    await app.strapi.db.query(BLOG_ITEM).update({ where: { documentId: item.documentId }, data: { type: null } });
  await setCreatedAt(app, BLOG_ITEM, item.documentId, createdAt);
}

const education = (query: string) => call(app, 'GET', `/api/contents/education?${query}`);
const titles = (body: { items: { title: string }[] }) => body.items.map((item) => item.title);

beforeAll(async () => {
  app = await useStrapi();
  portalA = await createPortal(app, 'edu-a');
  portalB = await createPortal(app, 'edu-b');
  const fund = await fixtureDocuments(app, 'api::fund.fund').create({
    data: { name: 'Edu Fund', url_slug: 'edu-fund' },
  });

  await createItem(portalA, {
    title: 'Video High',
    type: 'video',
    sortOrder: 30,
    displayOnPortfolio: true,
    createdAt: '2026-01-01T10:00:00Z',
  });
  await createItem(portalA, { title: 'Video Low', type: 'video', sortOrder: 10, createdAt: '2026-01-05T10:00:00Z' });
  await createItem(portalA, { title: 'Video Mid', type: 'video', sortOrder: 20, createdAt: '2026-01-03T10:00:00Z' });
  await createItem(portalA, {
    title: 'Paper',
    type: 'post',
    sortOrder: 25,
    displayOnPortfolio: true,
    fund: fund.documentId,
    fundAsString: 'Not this one',
    createdAt: '2026-01-04T10:00:00Z',
  });
  await createItem(portalA, {
    title: 'Link',
    type: 'link',
    sortOrder: 5,
    displayOnPortfolio: true,
    fundAsString: 'Old Fund',
    createdAt: '2026-01-02T10:00:00Z',
  });
  await createItem(portalA, { title: 'Untyped', type: null, sortOrder: 0, createdAt: '2025-12-31T10:00:00Z' });
  await createItem(portalA, {
    title: 'Draft Video',
    type: 'video',
    sortOrder: 99,
    isPublished: false,
    displayOnPortfolio: true,
    createdAt: '2026-01-09T10:00:00Z',
  });
  await createItem(portalA, { title: 'Shared', type: 'post', sortOrder: 1, createdAt: '2025-12-30T10:00:00Z' });

  await createItem(portalB, {
    title: 'B Only',
    type: 'video',
    sortOrder: 50,
    displayOnPortfolio: true,
    createdAt: '2026-01-08T10:00:00Z',
  });
  await createItem(portalB, {
    title: 'B Draft',
    type: 'post',
    sortOrder: 60,
    isPublished: false,
    createdAt: '2026-01-08T11:00:00Z',
  });
  await fixtureDocuments(app, BLOG_ITEM).create({
    data: { title: 'Shared in B', slug: 'shared', isPublished: true, portal: portalB.documentId },
  });
});

describe('GET /api/contents/education', () => {
  it("lists the portal's published items by sortOrder, highest first, with the total and the contract's fields", async () => {
    const { status, body } = await education('portal=edu-a');
    expect(status).toBe(200);
    expect(titles(body)).toEqual(['Video High', 'Paper', 'Video Mid', 'Video Low', 'Link', 'Shared', 'Untyped']);
    expect(body.total).toBe(7);
    for (const item of body.items) expect(Object.keys(item).sort(), item.title).toEqual(ITEM_FIELDS);
    const paper = body.items.find((item: { title: string }) => item.title === 'Paper');
    expect(paper).toMatchObject({
      slug: 'paper',
      type: 'post',
      sortOrder: 25,
      displayOnPortfolio: true,
      isFeatured: false,
      fundName: 'Edu Fund',
    });
    expect(body.items.find((item: { title: string }) => item.title === 'Link').fundName).toBe('Old Fund');
    expect(body.items.find((item: { title: string }) => item.title === 'Video Low').fundName).toBeNull();
  });

  it('never shows unpublished items or another portal’s items', async () => {
    const a = await education('portal=edu-a&limit=100');
    expect(titles(a.body)).not.toContain('Draft Video');
    expect(titles(a.body).some((title) => title.startsWith('B '))).toBe(false);
    expect(titles(a.body)).not.toContain('Shared in B');
    const b = await education('portal=edu-b&limit=100');
    expect(titles(b.body).sort()).toEqual(['B Only', 'Shared in B']);
    expect(b.body.total).toBe(2);
    const teaserB = await education('portal=edu-b&displayOnPortfolio=true');
    expect(titles(teaserB.body)).toEqual(['B Only']);
  });

  it('pages with limit and offset, the total counting every match', async () => {
    const first = await education('portal=edu-a&kind=video&limit=2');
    expect(titles(first.body)).toEqual(['Video High', 'Video Mid']);
    expect(first.body.total).toBe(3);
    const second = await education('portal=edu-a&kind=video&limit=2&offset=2');
    expect(titles(second.body)).toEqual(['Video Low']);
    expect(second.body.total).toBe(3);
    const past = await education('portal=edu-a&kind=video&limit=2&offset=10');
    expect(past.body).toEqual({ items: [], total: 3 });
  });

  it('defaults to 8 items a page', async () => {
    const portal = await createPortal(app, 'edu-many');
    for (let index = 0; index < 10; index += 1) {
      await createItem(portal, { title: `Many ${index}`, sortOrder: index, createdAt: '2026-02-01T10:00:00Z' });
    }
    const { body } = await education('portal=edu-many');
    expect(body.items).toHaveLength(8);
    expect(body.total).toBe(10);
    expect(body.items[0].title).toBe('Many 9');
  });

  it('tells videos from everything else, an item without a type counting as other', async () => {
    const videos = await education('portal=edu-a&kind=video');
    expect(titles(videos.body)).toEqual(['Video High', 'Video Mid', 'Video Low']);
    const other = await education('portal=edu-a&kind=other');
    expect(titles(other.body)).toEqual(['Paper', 'Link', 'Shared', 'Untyped']);
    expect(other.body.total).toBe(4);
  });

  it('answers the portfolio teaser: displayOnPortfolio, newest first, 5 at most', async () => {
    const { status, body } = await education('portal=edu-a&displayOnPortfolio=true&sort=-createdAt&limit=5');
    expect(status).toBe(200);
    expect(titles(body)).toEqual(['Paper', 'Link', 'Video High']);
    expect(body.total).toBe(3);
    const newest = await education('portal=edu-a&sort=-createdAt&limit=5');
    expect(titles(newest.body)).toEqual(['Video Low', 'Paper', 'Video Mid', 'Link', 'Video High']);
  });

  it('answers 404 for an unknown portal', async () => {
    expect(await education('portal=no-such-portal')).toMatchObject(refusal(404, 'Portal not found'));
  });

  it('refuses a bad query with a 400 that says what is wrong', async () => {
    const cases: [string, string][] = [
      ['portal[]=edu-a', 'portal must be a string'],
      ['portal=edu-a&kind=audio', 'kind must be one of video, other'],
      ['portal=edu-a&displayOnPortfolio=yes', 'displayOnPortfolio must be true'],
      ['portal=edu-a&limit=0', 'limit must be from 1 to 100'],
      ['portal=edu-a&limit=101', 'limit must be from 1 to 100'],
      ['portal=edu-a&limit=abc', 'limit must be a whole number'],
      ['portal=edu-a&limit=1.5', 'limit must be a whole number'],
      ['portal=edu-a&limit=1&limit=2', 'limit must be a whole number'],
      ['portal=edu-a&offset=-1', 'offset must be a whole number'],
      ['portal=edu-a&offset=1000001', 'offset must be from 0 to 1000000'],
      ['portal=edu-a&sort=title', 'sort must be one of -sortOrder, -createdAt'],
    ];
    await expectBadRequests(cases, education);
  });
});

describe('POST /api/contents/educationbyslug', () => {
  const bySlug = (body: unknown, authCode?: string) =>
    call(app, 'POST', '/api/contents/educationbyslug', body, { authCode });

  it("answers the portal's published item with the contract's fields", async () => {
    const { status, body } = await bySlug({ slug: 'paper', portal: 'edu-a' });
    expect(status).toBe(200);
    expect(Object.keys(body.blogItem).sort()).toEqual(ITEM_FIELDS);
    expect(body.blogItem).toMatchObject({ title: 'Paper', slug: 'paper', fundName: 'Edu Fund' });
  });

  it('finds each portal’s own item for a slug both use', async () => {
    expect((await bySlug({ slug: 'shared', portal: 'edu-a' })).body.blogItem.title).toBe('Shared');
    expect((await bySlug({ slug: 'shared', portal: 'edu-b' })).body.blogItem.title).toBe('Shared in B');
  });

  it('answers 404 Not found for an unpublished item, another portal’s slug or a missing one', async () => {
    for (const [slug, portal] of [
      ['draft-video', 'edu-a'],
      ['b-only', 'edu-a'],
      ['paper', 'edu-b'],
      ['missing', 'edu-a'],
    ]) {
      expect(await bySlug({ slug, portal }), `${slug} in ${portal}`).toMatchObject(refusal(404, 'Not found'));
    }
    expect(await bySlug({ slug: 'paper', portal: 'no-such-portal' })).toMatchObject(refusal(404, 'Portal not found'));
  });

  it("answers the spec's call {slug}: the portal comes from the request's Origin, else the default portal", async () => {
    await app.strapi.db.query(PORTAL).update({ where: { id: portalB.id }, data: { domains: ['edu-b.example'] } });
    const fromOrigin = await call(
      app,
      'POST',
      '/api/contents/educationbyslug',
      { slug: 'shared' },
      { headers: { origin: 'https://edu-b.example' } },
    );
    expect(fromOrigin).toMatchObject({ status: 200, body: { blogItem: { title: 'Shared in B' } } });
    // fetch cannot set Host, so ask the way a proxy forwards the site's request: node's http with the portal's host.
    const { port } = new URL(app.url);
    const fromHost = await new Promise<string>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/contents/educationbyslug',
          method: 'POST',
          headers: { host: 'edu-b.example', 'content-type': 'application/json' },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk)).on('end', () => resolve(text));
        },
      );
      request.on('error', reject);
      request.end(JSON.stringify({ slug: 'shared' }));
    });
    expect(JSON.parse(fromHost).blogItem.title).toBe('Shared in B');
    const fromNowhere = await call(app, 'POST', '/api/contents/educationbyslug', { slug: 'shared' });
    expect(fromNowhere.body.blogItem?.title).not.toBe('Shared in B');
  });

  it('refuses a malformed body with a 400', async () => {
    const cases: [unknown, string][] = [
      [{ portal: 'edu-a' }, 'slug is required'],
      [{ slug: ['paper'], portal: 'edu-a' }, 'slug must be a string'],
      [['paper'], 'The request body must be a JSON object'],
    ];
    await expectBadRequests(cases, bySlug);
  });

  it('stays open to a guest session, being a read', async () => {
    const user = await createUser(app, { email: uniqueEmail('edu-guest') });
    const { status } = await bySlug({ slug: 'paper', portal: 'edu-a' }, await openGuestSession(app, user.id));
    expect(status).toBe(200);
  });
});
