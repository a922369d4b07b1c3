import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInUser } from './helpers/auth';
import { createContent, raw, titleOf, useCacheApp, type Raw } from './helpers/public-cache';
import { createPortal, type TestPortal } from './helpers/records';
import { fixtureDocuments, type TestApp } from './helpers/strapi';
import { CONTENT, PORTAL, TEAM_MEMBER } from '../src/utils/uids';

/**
 * The public reads' cache (src/utils/read-cache.ts) answering repeated visitor reads before Koa: the chain's own
 * headers per Origin and 304, the posted reads replayed too, and an edit shown on the very next request.
 */
let app: TestApp;

beforeAll(async () => {
  app = await useCacheApp();
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
