import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { adminToken, call, signedInUser } from './helpers/auth';
import { bySlug, createContent, raw, sneakyTitle, titleOf, useCacheApp, type Raw } from './helpers/public-cache';
import { createPortal, type TestPortal } from './helpers/records';
import { startSecondInstance, stopSecondInstance, type SecondInstance } from './helpers/second-instance';
import { http, type TestApp, fixtureDocuments } from './helpers/strapi';
import { BLOG_ITEM, CONTENT, PORTAL, TEAM_MEMBER } from '../src/utils/uids';

/**
 * The public reads' cache (src/utils/read-cache.ts): ETag and 304, repeated reads served from memory, every edit
 * visible on the next read (API, admin panel, and on a second instance within a second), answers kept per portal. The
 * replay of visitors' reads before Koa: public-cache-replay.test.ts.
 */

let app: TestApp;
let portalA: TestPortal;
let portalB: TestPortal;
let panelToken: string;

const panel = (method: string, route: string, body?: unknown) =>
  http(app, method, route, body, { Authorization: `Bearer ${panelToken}` });

beforeAll(async () => {
  app = await useCacheApp();
  portalA = await createPortal(app, 'cache-a');
  portalB = await createPortal(app, 'cache-b');
  await app.strapi.db.query(PORTAL).update({ where: { id: portalA.id }, data: { domains: ['cache-a.example'] } });
  await app.strapi.db.query(PORTAL).update({ where: { id: portalB.id }, data: { domains: ['cache-b.example'] } });
  panelToken = await adminToken(app, 'cache-editor@portal.local', 'strapi-editor', ['Cache', 'Editor'], [portalA]);
});

describe('ETag, Cache-Control and 304', () => {
  it('answers a public read with a strong ETag and revalidating Cache-Control, and 304 to its If-None-Match', async () => {
    await createContent(portalA, 'etag-intro', 'Intro');
    const first = await bySlug('cache-a', ['etag-intro']);
    expect(first.status).toBe(200);
    expect(titleOf(first, 'etag-intro')).toBe('Intro');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    expect(first.headers.get('vary')).toMatch(/Origin/);

    const again = await bySlug('cache-a', ['etag-intro'], app.url, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    // A client that stored it as weak, or sends several, still gets 304; another tag gets the answer.
    expect((await bySlug('cache-a', ['etag-intro'], app.url, { 'if-none-match': `"other", W/${etag}` })).status).toBe(
      304,
    );
    const stale = await bySlug('cache-a', ['etag-intro'], app.url, { 'if-none-match': '"other"' });
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(first.text);
  });

  it('does the same for the GET lists (education, portfolio, team, portals), and the ETag changes with the content', async () => {
    const routes = [
      '/api/contents/education?portal=cache-a',
      '/api/contents/portfolio?portal=cache-a',
      '/api/team_members?portal=cache-a&sort=sortOrder',
      '/api/auth/portals',
    ];
    for (const route of routes) {
      const first = await raw(app.url, 'GET', route);
      expect(first.status, route).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag, route).toBeTruthy();
      expect(first.headers.get('cache-control'), route).toBe('public, no-cache');
      expect((await raw(app.url, 'GET', route, undefined, { 'if-none-match': etag as string })).status, route).toBe(
        304,
      );
    }
    const before = await raw(app.url, 'GET', routes[2]);
    await fixtureDocuments(app, TEAM_MEMBER).create({
      data: { name: 'New Member', sortOrder: 1, portal: portalA.documentId } as never,
    });
    const after = await raw(app.url, 'GET', routes[2], undefined, {
      'if-none-match': before.headers.get('etag') as string,
    });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(JSON.parse(after.text).items.map((item: { name: string }) => item.name)).toContain('New Member');
  });

  it('sends no ETag with an error', async () => {
    const missing = await raw(app.url, 'POST', '/api/contents/educationbyslug', {
      slug: 'no-such-item',
      portal: 'cache-a',
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('etag')).toBeNull();
    const unknownPortal = await bySlug('no-such-portal', ['x']);
    expect(unknownPortal.status).toBe(404);
    expect(unknownPortal.headers.get('etag')).toBeNull();
  });
});

describe('repeated reads', () => {
  it('are served from the cache: identical bytes, even after a change made behind Strapi’s back', async () => {
    const item = await createContent(portalA, 'cached-hero', 'Hero');
    const first = await bySlug('cache-a', ['cached-hero', 'etag-intro']);
    await sneakyTitle('contents', item.id, 'Changed by SQL');
    // Same set of slugs in another order: the same cached answer.
    const second = await bySlug('cache-a', ['etag-intro', 'cached-hero', 'cached-hero']);
    expect(second.text).toBe(first.text);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(titleOf(second, 'cached-hero')).toBe('Hero');
  });
});

describe('never a stale answer after an edit', () => {
  it('shows an edit made through POST /api/contents/update on the next read', async () => {
    const superadmin = await signedInUser(app, 'cache-super', 'superadmin', portalA);
    await createContent(portalA, 'api-edited', 'Before');
    expect(titleOf(await bySlug('cache-a', ['api-edited']), 'api-edited')).toBe('Before');
    const saved = await call(
      app,
      'POST',
      '/api/contents/update',
      { slug: 'api-edited', portal: 'cache-a', title: 'After' },
      { authCode: superadmin.authCode },
    );
    expect(saved.status).toBe(200);
    expect(titleOf(await bySlug('cache-a', ['api-edited']), 'api-edited')).toBe('After');
  });

  it('shows edits made in the admin panel on the next read: a content item, an education item, a fund’s name', async () => {
    const item = await createContent(portalA, 'panel-edited', 'Before');
    expect(titleOf(await bySlug('cache-a', ['panel-edited']), 'panel-edited')).toBe('Before');
    const edited = await panel('PUT', `/content-manager/collection-types/${CONTENT}/${item.documentId}`, {
      title: 'Edited in the panel',
    });
    expect(edited.status).toBe(200);
    expect(titleOf(await bySlug('cache-a', ['panel-edited']), 'panel-edited')).toBe('Edited in the panel');

    const company = await fixtureDocuments(app, 'api::company.company').create({
      data: { name: 'Cache Co', portal: portalA.documentId } as never,
    });
    const fund = await fixtureDocuments(app, 'api::fund.fund').create({
      data: { name: 'Cache Fund', url_slug: 'cache-fund', company: company.documentId } as never,
    });
    const blog = await fixtureDocuments(app, BLOG_ITEM).create({
      data: {
        title: 'Lesson',
        slug: 'cache-lesson',
        isPublished: true,
        fund: fund.documentId,
        portal: portalA.documentId,
      } as never,
    });
    const list = async () =>
      JSON.parse((await raw(app.url, 'GET', '/api/contents/education?portal=cache-a&limit=100')).text).items as {
        title: string;
        fundName: string;
      }[];
    expect((await list()).find((entry) => entry.title === 'Lesson')?.fundName).toBe('Cache Fund');

    expect(
      (
        await panel('PUT', `/content-manager/collection-types/${BLOG_ITEM}/${blog.documentId}`, {
          title: 'Lesson Renamed',
        })
      ).status,
    ).toBe(200);
    expect((await list()).map((entry) => entry.title)).toContain('Lesson Renamed');
    expect(
      (
        await panel('PUT', `/content-manager/collection-types/api::fund.fund/${fund.documentId}`, {
          name: 'Renamed Fund',
        })
      ).status,
    ).toBe(200);
    expect((await list()).find((entry) => entry.title === 'Lesson Renamed')?.fundName).toBe('Renamed Fund');
    expect(
      (
        await panel('POST', `/content-manager/collection-types/${BLOG_ITEM}/actions/bulkDelete`, {
          documentIds: [blog.documentId],
        })
      ).status,
    ).toBe(200);
    expect((await list()).map((entry) => entry.title)).not.toContain('Lesson Renamed');
  });
});

describe('cached answers per portal', () => {
  it("never serves one portal's cached answer to another, whether the portal is named or comes from the Origin", async () => {
    await createContent(portalA, 'shared-slug', 'Title of A');
    await createContent(portalB, 'shared-slug', 'Title of B');
    expect(titleOf(await bySlug('cache-a', ['shared-slug']), 'shared-slug')).toBe('Title of A');
    expect(titleOf(await bySlug('cache-b', ['shared-slug']), 'shared-slug')).toBe('Title of B');

    const byOrigin = (origin: string) =>
      raw(app.url, 'POST', '/api/contents/byslug', { slug: ['shared-slug'] }, { origin });
    const fromA = await byOrigin('https://cache-a.example');
    const fromB = await byOrigin('https://cache-b.example');
    expect(titleOf(fromA, 'shared-slug')).toBe('Title of A');
    expect(titleOf(fromB, 'shared-slug')).toBe('Title of B');
    expect(fromA.headers.get('etag')).not.toBe(fromB.headers.get('etag'));
    // The ETag of A's answer is no 304 for B.
    expect(
      (
        await raw(
          app.url,
          'POST',
          '/api/contents/byslug',
          { slug: ['shared-slug'] },
          { origin: 'https://cache-b.example', 'if-none-match': fromA.headers.get('etag') as string },
        )
      ).status,
    ).toBe(200);

    for (const portal of [portalA, portalB]) {
      await fixtureDocuments(app, BLOG_ITEM).create({
        data: {
          title: `Only in ${portal.slug}`,
          slug: `only-${portal.slug}`,
          isPublished: true,
          portal: portal.documentId,
        } as never,
      });
    }
    const listOf = async (origin: string) =>
      JSON.parse(
        (await raw(app.url, 'GET', '/api/contents/education?limit=100', undefined, { origin })).text,
      ).items.map((item: { title: string }) => item.title);
    expect(await listOf('https://cache-a.example')).toContain('Only in cache-a');
    expect(await listOf('https://cache-b.example')).toEqual(['Only in cache-b']);
  });

  it("serves a signed-in user their own portal's team, privately, whatever a visitor's cached answer is", async () => {
    await fixtureDocuments(app, TEAM_MEMBER).create({
      data: { name: 'Member of B', sortOrder: 1, portal: portalB.documentId } as never,
    });
    const visitor = await raw(app.url, 'GET', '/api/team_members?sort=sortOrder', undefined, {
      origin: 'https://cache-a.example',
    });
    const names = (answer: Raw) => JSON.parse(answer.text).items.map((item: { name: string }) => item.name);
    expect(names(visitor)).not.toContain('Member of B');
    expect(visitor.headers.get('vary')).toMatch(/authcode/i);

    const userOfB = await signedInUser(app, 'cache-user-b', 'user', portalB);
    const signedIn = await raw(app.url, 'GET', '/api/team_members?sort=sortOrder', undefined, {
      origin: 'https://cache-a.example',
      authcode: userOfB.authCode,
    });
    expect(names(signedIn)).toEqual(['Member of B']);
    expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');
    expect(
      names(
        await raw(app.url, 'GET', '/api/team_members?sort=sortOrder', undefined, { origin: 'https://cache-a.example' }),
      ),
    ).toEqual(names(visitor));
  });
});

describe('a second instance on the same database', () => {
  let second: SecondInstance | undefined;

  beforeAll(async () => {
    // Both processes on one SQLite file would fight over its lock; several instances means a database server.
    if (inject('database').client !== 'postgres') return;
    second = await startSecondInstance();
  });

  afterAll(async () => {
    await stopSecondInstance(second);
  });

  it.skipIf(inject('database').client !== 'postgres')(
    'caches too, and serves an edit made on the first within a second',
    async () => {
      const base = second!.url;
      const item = await createContent(portalA, 'two-instances', 'Original');
      // Past the counter's news of that creation, the second instance's answer is cached.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(titleOf(await bySlug('cache-a', ['two-instances'], base), 'two-instances')).toBe('Original');

      // Its cache holds: a change that tells no one is not seen, even after its counter check.
      await sneakyTitle('contents', item.id, 'Unannounced');
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(titleOf(await bySlug('cache-a', ['two-instances'], base), 'two-instances')).toBe('Original');

      const superadmin = await signedInUser(app, 'cache-super-2', 'superadmin', portalA);
      const saved = await call(
        app,
        'POST',
        '/api/contents/update',
        { slug: 'two-instances', portal: 'cache-a', title: 'Edited on one' },
        { authCode: superadmin.authCode },
      );
      expect(saved.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(titleOf(await bySlug('cache-a', ['two-instances'], base), 'two-instances')).toBe('Edited on one');

      // And the other way round: an edit made on the second is served by the first within a second.
      expect(titleOf(await bySlug('cache-a', ['two-instances']), 'two-instances')).toBe('Edited on one');
      const savedOnSecond = await raw(
        base,
        'POST',
        '/api/contents/update',
        { slug: 'two-instances', portal: 'cache-a', title: 'Edited on two' },
        { authcode: superadmin.authCode },
      );
      expect(savedOnSecond.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(titleOf(await bySlug('cache-a', ['two-instances']), 'two-instances')).toBe('Edited on two');
    },
  );
});
