import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { adminToken, call, signedInUser } from './helpers/auth';
import { createPortal, type TestPortal } from './helpers/records';
import { startSecondInstance, stopSecondInstance, type SecondInstance } from './helpers/second-instance';
import { http, useStrapi, type TestApp, fixtureDocuments } from './helpers/strapi';
import { BLOG_ITEM, CONTENT, PORTAL, TEAM_MEMBER } from '../src/utils/uids';

/**
 * The public reads' cache (src/utils/read-cache.ts): ETag and 304, repeated reads served from memory, every edit
 * visible on the next read (API, admin panel, and on a second instance within a second), answers kept per portal.
 */

let app: TestApp;
let portalA: TestPortal;
let portalB: TestPortal;
let panelToken: string;

interface Raw {
  status: number;
  text: string;
  headers: Headers;
}

/** A call answering the raw text and headers (the cache's promise is about bytes). */
async function raw(
  base: string,
  method: string,
  route: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Raw> {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

const bySlug = (portal: string, slugs: string[], base = app.url, headers: Record<string, string> = {}) =>
  raw(base, 'POST', '/api/contents/byslug', { slug: slugs, portal }, headers);
const titleOf = (answer: Raw, slug: string) =>
  (JSON.parse(answer.text) as { contents: Record<string, { title: string }> }).contents[slug]?.title;

/** Changes a row behind Strapi's back (plain SQL: no lifecycle, no counter), to tell a cached answer from a fresh one. */
async function sneakyTitle(table: string, id: number, title: string) {
  await app.strapi.db.connection(table).where({ id }).update({ title });
}

async function createContent(portal: TestPortal, slug: string, title: string) {
  const created = await fixtureDocuments(app, CONTENT).create({
    data: { slug, title, body: '<p>Body</p>', portal: portal.documentId } as never,
  });
  return { id: created.id as number, documentId: created.documentId };
}

const panel = (method: string, route: string, body?: unknown) =>
  http(app, method, route, body, { Authorization: `Bearer ${panelToken}` });

beforeAll(async () => {
  app = await useStrapi();
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

describe('repeated visitor GETs answered before Koa', () => {
  // The running CMS's own module (the app runs compiled, in this process), to see which answers were replayed.
  let Replays: {
    prototype: { replay(...args: unknown[]): boolean; replayPosted(...args: unknown[]): Promise<void> };
  };
  let portalC: TestPortal;
  beforeAll(async () => {
    ({ Replays } = createRequire(import.meta.url)(
      path.resolve(__dirname, '..', 'dist', 'src', 'utils', 'read-cache-replay.js'),
    ));
    portalC = await createPortal(app, 'cache-c');
    await app.strapi.db.query(PORTAL).update({ where: { id: portalC.id }, data: { domains: ['cache-c.example'] } });
  });

  /** Every header but the date, as one comparable list. */
  const headersOf = (answer: Raw) =>
    [...answer.headers.entries()].filter(([name]) => name !== 'date' && name !== 'keep-alive').sort();

  it("carry the chain's own headers (security, CORS for the caller's Origin, cache), per Origin, and 304 to their ETag", async () => {
    await fixtureDocuments(app, TEAM_MEMBER).create({
      data: { name: 'Replay Member', sortOrder: 1, portal: portalC.documentId } as never,
    });
    const route = '/api/team_members?portal=cache-c&sort=sortOrder';
    for (const origin of ['http://cache-c.example', 'http://nobody.example']) {
      const headers = { origin };
      const answers: Raw[] = [];
      const replays = vi.spyOn(Replays.prototype, 'replay');
      const replayed = () => replays.mock.results.findIndex((result) => result.value === true);
      // The first is computed, the next served from the cache by the chain, then replayed (a write elsewhere in the
      // run, seen by the shared counter, may start it over).
      for (let time = 0; time < 8 && replayed() < 0; time += 1)
        answers.push(await raw(app.url, 'GET', route, undefined, headers));
      const first = replayed();
      replays.mockRestore();
      expect(first).toBeGreaterThanOrEqual(2);
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.text).toBe(answers[0].text);
      }
      // The answer before the first replay is the chain's from the cache, whose headers are replayed.
      expect(headersOf(answers[first])).toEqual(headersOf(answers[first - 1]));
      const replayedAnswer = answers[first];
      expect(replayedAnswer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(replayedAnswer.headers.get('content-security-policy')).toBeTruthy();
      expect(replayedAnswer.headers.get('access-control-allow-origin')).toBe(
        origin === 'http://cache-c.example' ? origin : null,
      );
      const etag = replayedAnswer.headers.get('etag') as string;
      const unchanged = await raw(app.url, 'GET', route, undefined, { ...headers, 'if-none-match': etag });
      expect(unchanged.status).toBe(304);
      expect(unchanged.text).toBe('');
      expect(unchanged.headers.get('etag')).toBe(etag);
      expect(unchanged.headers.get('access-control-allow-origin')).toBe(
        replayedAnswer.headers.get('access-control-allow-origin'),
      );
    }
  });

  it('replay the posted reads too (contents by slug), and hand anything else to Koa as sent', async () => {
    await createContent(portalC, 'replay-post', 'Posted');
    const body = { slug: ['replay-post'], portal: 'cache-c' };
    const answers: Raw[] = [];
    const replays = vi.spyOn(Replays.prototype, 'replayPosted');
    const found = vi.spyOn(
      Replays.prototype as unknown as { answerFromReplay(...args: unknown[]): boolean },
      'answerFromReplay',
    );
    const replayed = () => found.mock.results.findIndex((result) => result.value === true);
    for (let time = 0; time < 8 && replayed() < 0; time += 1)
      answers.push(await raw(app.url, 'POST', '/api/contents/byslug', body));
    expect(replayed()).toBeGreaterThanOrEqual(0);
    const last = answers[answers.length - 1];
    expect(last.status).toBe(200);
    expect(last.text).toBe(answers[0].text);
    expect(headersOf(last)).toEqual(headersOf(answers[answers.length - 2]));
    // Read ahead of Koa, then handed to it with the same body: another slug list, bad JSON, a wrong field.
    expect(
      titleOf(
        await raw(app.url, 'POST', '/api/contents/byslug', { slug: ['replay-post', 'etag-intro'], portal: 'cache-c' }),
        'replay-post',
      ),
    ).toBe('Posted');
    const malformed = await fetch(`${app.url}/api/contents/byslug`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"slug": [',
    });
    expect(malformed.status).toBe(400);
    expect((await raw(app.url, 'POST', '/api/contents/byslug', { slug: 42, portal: 'cache-c' })).status).toBe(400);
    expect(replays.mock.calls.length).toBeGreaterThanOrEqual(3);
    replays.mockRestore();
    found.mockRestore();
    // An edit shows on the very next read.
    await fixtureDocuments(app, CONTENT).update({
      documentId: (await fixtureDocuments(app, CONTENT).findFirst({ filters: { slug: 'replay-post' } }))!.documentId,
      data: { title: 'Posted again' } as never,
    });
    expect(titleOf(await raw(app.url, 'POST', '/api/contents/byslug', body), 'replay-post')).toBe('Posted again');
  });

  it('show an edit on the very next request, and never answer a session or a HEAD', async () => {
    const route = '/api/team_members?portal=cache-c&sort=sortOrder';
    for (let time = 0; time < 3; time += 1) await raw(app.url, 'GET', route);
    await fixtureDocuments(app, TEAM_MEMBER).create({
      data: { name: 'Added Right Now', sortOrder: 2, portal: portalC.documentId } as never,
    });
    const after = await raw(app.url, 'GET', route);
    expect(JSON.parse(after.text).items.map((item: { name: string }) => item.name)).toContain('Added Right Now');
    const head = await fetch(`${app.url}${route}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    // A session's read is the user's own, computed for them (private), whatever a visitor's answer was.
    const investor = await signedInUser(app, 'replay', 'user', portalC);
    const own = await raw(app.url, 'GET', route, undefined, { authcode: investor.authCode });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-cache');
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
