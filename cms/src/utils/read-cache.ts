import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Core, UID } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { ReadCache } from './read-cache-store';
import { ASSETS_ITEM, BLOG_ITEM, CONTENT, FUND, PORTAL, TEAM_MEMBER } from './uids';

/**
 * The public reads' cache wired into Strapi: this instance's cache, the fast path's middlewares, the replay before
 * Koa, and the clearing on writes. The cache itself and its invalidation: read-cache-store.ts; the replays:
 * read-cache-replay.ts.
 */

export { matchesIfNoneMatch } from './read-cache-replay';
export { POLL_INTERVAL_MS, ReadCache } from './read-cache-store';
export type { CachedAnswer, CacheOptions, SendOptions } from './read-cache-store';

/** The content types the cached answers are read from: a write to any of them clears every cached answer. */
export const CACHED_TYPES: UID.ContentType[] = [
  PORTAL,
  CONTENT,
  BLOG_ITEM,
  ASSETS_ITEM,
  TEAM_MEMBER,
  // Education and portfolio answers carry the fund's name.
  FUND,
];

/**
 * Global middlewares `global::public-read-cache` (GET, right after CORS) and `global::public-read-cache-posted`
 * (POST, once the body is parsed): a visitor's read that a public endpoint answered before, with nothing changed
 * since, is answered from the cache without routing or validating it again; every other request goes on.
 */
const fastPath =
  (method: 'GET' | 'POST') =>
  (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
    return async (ctx: Context, next: Next) => {
      const known = ctx.method === method ? await readCache(strapi).answerOf(ctx) : undefined;
      if (!known) return next();
      readCache(strapi).send(ctx, known.answer, known.options);
      // The security and CORS middlewares before this one have set their headers: all of them are replayed next time.
      readCache(strapi).replays.remember(ctx, known.answer);
    };
  };

/**
 * Puts the read cache's replay in front of Koa on the CMS's HTTP server: a visitor's repeated GET of a public read
 * is answered there with the bytes and headers the middleware chain sent for it (see Replays.replay), every other
 * request goes to Koa as before. Such replayed requests skip the request log. Call from bootstrap().
 */
export function replayBeforeKoa(strapi: Core.Strapi): void {
  const server = strapi.server.httpServer as Server;
  const [koa] = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (!koa) return;
  server.removeListener('request', koa);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const { replays } = readCache(strapi);
    if (replays.replay(req, res)) return;
    if (replays.postedReplayable(req)) void replays.replayPosted(req, res, (request) => koa.call(server, request, res));
    else koa.call(server, req, res);
  });
}

const caches = new WeakMap<Core.Strapi, ReadCache>();

/** This Strapi instance's read cache. */
export function readCache(strapi: Core.Strapi): ReadCache {
  let cache = caches.get(strapi);
  if (!cache) {
    cache = new ReadCache(strapi);
    caches.set(strapi, cache);
  }
  return cache;
}

export const WRITE_EVENTS = [
  'afterCreate',
  'afterCreateMany',
  'afterUpdate',
  'afterUpdateMany',
  'afterDelete',
  'afterDeleteMany',
] as const;

/**
 * Clears `cache` on these database events of the types `models` names or accepts, whatever makes the write (the
 * admin panel, our endpoints, the seed, a plain `strapi.db.query`: database lifecycles see them all).
 */
export function clearOnWrites(
  strapi: Core.Strapi,
  cache: ReadCache,
  models: string[] | ((uid: string) => boolean),
  events: readonly (typeof WRITE_EVENTS)[number][] = WRITE_EVENTS,
  /** Writes that change nothing an answer holds, by the type and the fields written: they leave the cache be. */
  unread: (uid: string, fields: string[]) => boolean = () => false,
): void {
  const concerns = typeof models === 'function' ? models : (uid: string) => models.includes(uid);
  const changed = (event: { model: { uid: string }; params?: { data?: unknown } }) => {
    const data = event.params?.data;
    const fields = data && typeof data === 'object' && !Array.isArray(data) ? Object.keys(data) : null;
    if (concerns(event.model.uid) && !(fields?.length && unread(event.model.uid, fields))) cache.changed();
  };
  strapi.db.lifecycles.subscribe(Object.fromEntries(events.map((event) => [event, changed])));
}

/**
 * Clears the read cache on every write to CACHED_TYPES, whatever makes it: the admin panel, our endpoints, the
 * seed, or a plain `strapi.db.query` (database lifecycles see them all); and registers the fast path's middleware.
 * Call from register().
 */
export function registerReadCache(strapi: Core.Strapi): void {
  strapi
    .get('middlewares')
    .add('global::', { 'public-read-cache': fastPath('GET'), 'public-read-cache-posted': fastPath('POST') });
  clearOnWrites(strapi, readCache(strapi), CACHED_TYPES);
}
