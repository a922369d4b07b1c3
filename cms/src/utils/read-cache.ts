import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import type { Core, UID } from '@strapi/strapi';
import type { Context, Next } from 'koa';

/**
 * The in-process cache of the public reads (portals, contents by slug, education, portfolio, team).
 *
 * Every answer is kept under a key made of what the answer is computed from (the endpoint, the resolved portal id,
 * the checked query): two callers get the same bytes only when their database queries would have been the same, so
 * a signed-in user's answer can never reach a visitor or another portal.
 *
 * Invalidation, all-or-nothing (writes to these types are rare, reads are many):
 * - on this instance, at once: a database lifecycle of any type in CACHED_TYPES clears the cache as the write
 *   happens, and again when its transaction commits (a read in between may have cached the old rows);
 * - on other instances, within a second: the write then increments a shared counter, one row in the table
 *   `read_cache_generation`; before serving from the cache each instance re-reads that row when it last did so
 *   500 ms ago or more, and clears its cache when the counter moved. The counter is bumped only after the commit, so
 *   an instance that sees it move reads the new rows.
 */

/** The content types the cached answers are read from: a write to any of them clears every cached answer. */
export const CACHED_TYPES: UID.ContentType[] = [
  'api::portal.portal',
  'api::content.content',
  'api::blog-item.blog-item',
  'api::assets-item.assets-item',
  'api::team-member.team-member',
  // Education and portfolio answers carry the fund's name.
  'api::fund.fund',
];

/** How often, at most, an instance re-reads the shared counter (another instance's edit shows within this + a query). */
export const POLL_INTERVAL_MS = 500;
/** Distinct answers kept; the oldest-used goes first. Bounded so that odd slug lists cannot fill memory. */
const MAX_ENTRIES = 2000;
const MAX_BYTES = 64 * 1024 * 1024;
const TABLE = 'read_cache_generation';
/** The public reads' row of the shared counter table. */
const PUBLIC_ROW = 1;

/** A cached answer: the value, its JSON and the JSON's strong ETag. */
export interface CachedAnswer<T = unknown> {
  value: T;
  body: string;
  etag: string;
  /** The cache generation the answer was computed in; a later one means it may be stale. */
  generation: number;
  /** When it was computed (Date.now()). */
  at: number;
}

/** What sets one cache apart: its row of the shared counter table and how long an answer may be served. */
export interface CacheOptions {
  /** The row of `read_cache_generation` that tells instances of this cache's edits (each cache has its own). */
  row: number;
  /** How long an answer is served at most, for answers that also depend on the clock (a fund opens at its date). */
  maxAgeMs?: number;
  /** false: every get computes its answer (none kept, none shared between concurrent callers). */
  enabled?: boolean;
}

export interface SendOptions {
  /** The answer may depend on the session (a signed-in user reads their own portal's rows): `authcode` in Vary. */
  dependsOnSession?: boolean;
  /** This answer was made for a signed-in caller: `private`, so no shared cache keeps it. */
  signedIn?: boolean;
}

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for this header) or is `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/** A visitor's GET as the whole middleware chain answered it: every header it sent (security, CORS, cache) and the body. */
interface Replay {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag: string;
  generation: number;
}

/** The reads made as POST (the spec's calls) that a replay may answer: their exact paths, no query. */
const POSTED_READS = new Set(['/api/contents/byslug', '/api/contents/educationbyslug']);
/** The largest body of a posted read that is read ahead of Koa (a list of slugs is far smaller). */
const MAX_POSTED_BYTES = 16 * 1024;

/** The headers of a 200 that a 304 leaves out. */
const BODY_HEADERS = new Set(['content-type', 'content-length']);

/** One instance's cache; see the module comment. */
export class ReadCache {
  private entries = new Map<string, CachedAnswer>();
  /** Objects kept for this instance's own use (see object()), with when each was made. */
  private objects = new Map<string, { value: object; at: number }>();
  /** Answers sent to a visitor's read, by its URL, Origin, Host and body (see answerOf). */
  private byRequest = new Map<string, { answer: CachedAnswer; options: SendOptions }>();
  /** Visitor GETs answered from the cache through the middleware chain, by the same key: replayed before Koa. */
  private replays = new Map<string, Replay>();
  private bytes = 0;
  private inFlight = new Map<string, Promise<CachedAnswer>>();
  /** Moves on every invalidation; an answer computed across a move is served but not kept. */
  private generation = 0;
  private sharedGeneration: string | null = null;
  private lastPollAt = -Infinity;
  private polling: Promise<void> | null = null;
  private table: Promise<void> | null = null;
  /** The move of the shared counter under way (bumpShared), and whether edits since asked for another. */
  private bumping: Promise<void> | null = null;
  private bumpAgain = false;

  constructor(
    private readonly strapi: Core.Strapi,
    private readonly options: CacheOptions = { row: PUBLIC_ROW },
  ) {}

  /**
   * The answer for `key`, from the cache or computed once (concurrent callers of one key share the computation).
   * `keepIf` says which computed values are kept (all by default).
   */
  async get<T>(
    key: unknown[],
    compute: () => Promise<T>,
    keepIf: (value: T) => boolean = () => true,
  ): Promise<CachedAnswer<T>> {
    const usable = await this.usable();
    const id = JSON.stringify(key);
    if (usable) {
      const hit = this.entries.get(id);
      if (hit && this.expired(hit.at)) this.forget(id);
      else if (hit) {
        // Map order is the eviction order: a hit moves to the newest end.
        this.entries.delete(id);
        this.entries.set(id, hit);
        return hit as CachedAnswer<T>;
      }
      const pending = this.inFlight.get(id);
      if (pending) return pending as Promise<CachedAnswer<T>>;
    }
    const generation = this.generation;
    const at = Date.now();
    const computing = compute().then((value) => {
      const body = JSON.stringify(value);
      const answer: CachedAnswer<T> = { value: deepFreeze(value), body, etag: etagOf(body), generation, at };
      if (usable && generation === this.generation && keepIf(value)) this.keep(id, answer);
      return answer;
    });
    if (usable) {
      this.inFlight.set(id, computing);
      const forget = () => this.inFlight.get(id) === computing && this.inFlight.delete(id);
      computing.then(forget, forget);
    }
    return computing;
  }

  /**
   * An object this instance uses itself and never sends (a staff member's permissions): kept as it is, neither turned
   * into JSON nor frozen, under the same invalidation and age limit as the answers; made afresh inside a transaction.
   */
  async object<T extends object>(key: unknown[], compute: () => Promise<T>): Promise<T> {
    if (!(await this.usable())) return compute();
    const id = JSON.stringify(key);
    const hit = this.objects.get(id);
    if (hit && !this.expired(hit.at)) return hit.value as T;
    const generation = this.generation;
    const at = Date.now();
    const value = await compute();
    // Made across an invalidation, it may hold what changed: used this once, not kept.
    if (generation === this.generation) {
      this.objects.delete(id);
      this.objects.set(id, { value, at });
      if (this.objects.size > MAX_ENTRIES) this.objects.delete(this.objects.keys().next().value as string);
    }
    return value;
  }

  /**
   * Whether this call may use the cache. Inside a transaction the caller must see its own writes, and the counter's
   * query would wait for the transaction's connection (SQLite has one): no cache there.
   */
  private async usable(): Promise<boolean> {
    return this.options.enabled !== false && !this.strapi.db.inTransaction() && (await this.fresh());
  }

  /** Whether what was made at `at` is older than the cache keeps anything. */
  private expired(at: number): boolean {
    return Date.now() - at >= (this.options.maxAgeMs ?? Infinity);
  }

  /** The answer's JSON with its ETag and Cache-Control, or 304 when the caller's If-None-Match already names it. */
  send(ctx: Context, answer: CachedAnswer, options: SendOptions = {}): void {
    const { dependsOnSession = false, signedIn = false } = options;
    const requestKey = requestKeyOf(ctx);
    if (requestKey && !signedIn && answer.generation === this.generation && !this.strapi.db.inTransaction()) {
      this.byRequest.set(requestKey, { answer, options });
      if (this.byRequest.size > MAX_ENTRIES) this.byRequest.delete(this.byRequest.keys().next().value as string);
    }
    ctx.set('ETag', answer.etag);
    // Revalidated on every use (304 when unchanged), so no edit is ever hidden behind a browser's or proxy's copy.
    ctx.set('Cache-Control', signedIn ? 'private, no-cache' : 'public, no-cache');
    // The portal of a request without a `portal` parameter is the one of its Origin (else Host, part of the URL).
    ctx.vary('Origin');
    if (dependsOnSession) ctx.vary('authcode');
    if (matchesIfNoneMatch(ctx.get('if-none-match'), answer.etag)) {
      ctx.status = 304;
      return;
    }
    ctx.status = 200;
    ctx.body = answer.body;
    ctx.type = 'application/json; charset=utf-8';
  }

  /** Clears every cached answer now, and again with the shared counter once the current transaction (if any) commits. */
  changed(): void {
    this.invalidate();
    const afterCommit = () => {
      this.invalidate();
      this.bumpShared().catch((error: unknown) =>
        this.strapi.log.error(`read cache: could not tell other instances of an edit: ${String(error)}`),
      );
    };
    if (this.strapi.db.inTransaction()) {
      void this.strapi.db.transaction(async ({ onCommit }) => onCommit(afterCommit));
    } else {
      afterCommit();
    }
  }

  /**
   * The answer this instance sent to the same visitor read (same URL, Origin, Host and body, no session), when
   * nothing has changed since: what the endpoint would compute again, as its answer depends on nothing else.
   */
  async answerOf(ctx: Context): Promise<{ answer: CachedAnswer; options: SendOptions } | undefined> {
    const requestKey = requestKeyOf(ctx);
    if (!requestKey || !this.byRequest.has(requestKey) || !(await this.fresh())) return undefined;
    return this.byRequest.get(requestKey);
  }

  /**
   * Keeps what the middleware chain sent for a visitor's GET or posted read answered from the cache (`ctx` after
   * send()): the next identical request is answered with the same headers and bytes before Koa (replay(),
   * replayPosted()). Not for a response that sets a cookie or says anything but 200.
   */
  remember(ctx: Context, answer: CachedAnswer): void {
    const requestKey = requestKeyOf(ctx);
    if (!requestKey || (ctx.method !== 'GET' && !POSTED_READS.has(ctx.originalUrl))) return;
    if (ctx.status !== 200 || ctx.response.get('set-cookie') || answer.generation !== this.generation) return;
    const headers = { ...ctx.response.headers } as OutgoingHttpHeaders;
    this.replays.set(requestKey, {
      headers,
      body: Buffer.from(answer.body),
      etag: answer.etag,
      generation: answer.generation,
    });
    if (this.replays.size > MAX_ENTRIES) this.replays.delete(this.replays.keys().next().value as string);
  }

  /**
   * Answers a visitor's GET that the chain answered from the cache before, with the same headers and bytes (or 304
   * when If-None-Match names the ETag), when the shared counter was read less than 500 ms ago and nothing changed
   * since: what the chain would send again, at a fraction of its cost. False when the request must go to Koa.
   */
  replay(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' || !this.replayable(req)) return false;
    return this.answerFromReplay(req, res, null);
  }

  /**
   * Whether `req` is a visitor's posted read (POST contents/byslug or educationbyslug, a small JSON body) that
   * replayPosted() may answer: its body must be read first.
   */
  postedReplayable(req: IncomingMessage): boolean {
    if (req.method !== 'POST' || !POSTED_READS.has(req.url ?? '') || !this.replayable(req)) return false;
    const length = Number(req.headers['content-length']);
    return (
      /^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '') &&
      Number.isInteger(length) &&
      length > 0 &&
      length <= MAX_POSTED_BYTES &&
      !req.headers['content-encoding'] &&
      !req.headers['transfer-encoding']
    );
  }

  /**
   * A posted read: its body is read, then it is answered from the replays like a GET (same key: method, URL, Origin,
   * Host and the parsed body), or handed to Koa (`forward`) as a request carrying the body that was read.
   */
  async replayPosted(
    req: IncomingMessage,
    res: ServerResponse,
    forward: (request: IncomingMessage) => void,
  ): Promise<void> {
    // Node's parser holds the body to its declared length, at most MAX_POSTED_BYTES (postedReplayable).
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of req) chunks.push(chunk as Buffer);
    } catch {
      // The client went away: nothing to answer.
      return;
    }
    const body = Buffer.concat(chunks);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      parsed = undefined;
    }
    // Koa answers anything else (not JSON, nothing replayable) exactly as it would have.
    if (parsed === undefined || !this.replayable(req) || !this.answerFromReplay(req, res, parsed))
      forward(withBody(req, body));
  }

  /** A visitor's request, while the shared counter was read less than 500 ms ago (so nothing changed elsewhere). */
  private replayable(req: IncomingMessage): boolean {
    return (
      req.headers.authcode === undefined &&
      this.sharedGeneration !== null &&
      Date.now() - this.lastPollAt < POLL_INTERVAL_MS &&
      this.replays.size > 0
    );
  }

  private answerFromReplay(req: IncomingMessage, res: ServerResponse, body: unknown): boolean {
    const found = this.replays.get(
      requestKey(req.method ?? '', req.url ?? '', req.headers.origin ?? '', req.headers.host ?? '', body),
    );
    if (!found || found.generation !== this.generation) return false;
    if (matchesIfNoneMatch(req.headers['if-none-match'], found.etag)) {
      res.writeHead(304, Object.fromEntries(Object.entries(found.headers).filter(([name]) => !BODY_HEADERS.has(name))));
      res.end();
    } else {
      res.writeHead(200, found.headers);
      res.end(found.body);
    }
    return true;
  }

  private invalidate(): void {
    this.generation += 1;
    this.replays.clear();
    this.byRequest.clear();
    this.entries.clear();
    this.objects.clear();
    this.inFlight.clear();
    this.bytes = 0;
  }

  private forget(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.bytes -= entry.body.length * 2;
  }

  private keep(id: string, answer: CachedAnswer): void {
    const size = answer.body.length * 2;
    if (size > MAX_BYTES / 4) return;
    this.entries.set(id, answer);
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      this.entries.delete(oldest);
      this.bytes -= entry.body.length * 2;
    }
  }

  /**
   * Whether cached answers may be served: re-reads the shared counter when it was last read 500 ms ago or more
   * (clearing the cache when it moved). False while the counter cannot be read: answers are then computed afresh.
   */
  private async fresh(): Promise<boolean> {
    if (Date.now() - this.lastPollAt >= POLL_INTERVAL_MS) {
      this.polling ??= this.poll().finally(() => {
        this.polling = null;
      });
      await this.polling;
    }
    return this.sharedGeneration !== null;
  }

  private async poll(): Promise<void> {
    const startedAt = Date.now();
    try {
      await this.ensureTable();
      const row = (await this.strapi.db
        .getConnection(TABLE)
        .select('generation')
        .where({ id: this.options.row })
        .first()) as { generation: number | string } | undefined;
      const seen = String(row?.generation ?? 0);
      if (seen !== this.sharedGeneration) {
        this.invalidate();
        this.sharedGeneration = seen;
      }
      this.lastPollAt = startedAt;
    } catch (error) {
      this.strapi.log.warn(`read cache: shared counter unreadable, serving uncached: ${String(error)}`);
      this.invalidate();
      this.sharedGeneration = null;
    }
  }

  /**
   * Moves this cache's shared counter, once per burst of edits: while a move is under way, the edits committed
   * meanwhile ask for one more after it (never more), so a posted capital call's 75,000 notifications move it a few
   * times, not 75,000, and the last move still comes after the last edit's commit.
   */
  private bumpShared(): Promise<void> {
    if (this.bumping) {
      this.bumpAgain = true;
      return this.bumping;
    }
    this.bumping = (async () => {
      try {
        do {
          this.bumpAgain = false;
          await this.ensureTable();
          const known = this.sharedGeneration;
          await this.strapi.db.getConnection(TABLE).where({ id: this.options.row }).increment('generation', 1);
          // Our own move, when no other instance moved it since this one last looked: this instance has cleared already,
          // so its next look must not clear again (that would drop answers made since, for nothing).
          const row = (await this.strapi.db
            .getConnection(TABLE)
            .select('generation')
            .where({ id: this.options.row })
            .first()) as { generation: number | string } | undefined;
          if (known !== null && row && BigInt(row.generation) === BigInt(known) + 1n)
            this.sharedGeneration = String(row.generation);
        } while (this.bumpAgain);
      } finally {
        this.bumping = null;
      }
    })();
    return this.bumping;
  }

  /** Creates the one-row counter table when missing (it is ours, not a content type, so Strapi's schema sync leaves it be). */
  private ensureTable(): Promise<void> {
    this.table ??= (async () => {
      const schema = () => this.strapi.db.getSchemaConnection();
      if (!(await schema().hasTable(TABLE))) {
        try {
          await schema().createTable(TABLE, (table) => {
            table.integer('id').primary();
            table.bigInteger('generation').notNullable().defaultTo(0);
          });
        } catch (error) {
          // Another instance created it at the same moment.
          if (!(await schema().hasTable(TABLE))) throw error;
        }
      }
      await this.strapi.db
        .getConnection(TABLE)
        .insert({ id: this.options.row, generation: 0 })
        .onConflict('id')
        .ignore();
    })().catch((error: unknown) => {
      this.table = null;
      throw error;
    });
    return this.table;
  }
}

/**
 * What a visitor's read is answered from: its method, URL, Origin and Host (the portal: `portal` in the query or
 * body, else Origin, else Host), and a POST's parsed body (the reads made as POST). Null with a session.
 */
function requestKeyOf(ctx: Context): string | null {
  if ((ctx.method !== 'GET' && ctx.method !== 'POST') || ctx.get('authcode')) return null;
  const body = ctx.method === 'POST' ? (ctx.request as { body?: unknown }).body : null;
  return requestKey(ctx.method, ctx.originalUrl, ctx.get('origin'), ctx.get('host'), body ?? null);
}

const requestKey = (method: string, url: string, origin: string, host: string, body: unknown) =>
  JSON.stringify([method, url, origin, host, body]);

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
      readCache(strapi).remember(ctx, known.answer);
    };
  };

/**
 * Puts the read cache's replay in front of Koa on the CMS's HTTP server: a visitor's repeated GET of a public read
 * is answered there with the bytes and headers the middleware chain sent for it (see ReadCache.replay), every other
 * request goes to Koa as before. Such replayed requests skip the request log. Call from bootstrap().
 */
export function replayBeforeKoa(strapi: Core.Strapi): void {
  const server = strapi.server.httpServer as Server;
  const [koa] = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (!koa) return;
  server.removeListener('request', koa);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const cache = readCache(strapi);
    if (cache.replay(req, res)) return;
    if (cache.postedReplayable(req)) void cache.replayPosted(req, res, (request) => koa.call(server, request, res));
    else koa.call(server, req, res);
  });
}

/** The request as Koa would have got it, its body (already read here) readable again: the same headers, URL, method and socket. */
function withBody(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new PassThrough();
  const fields = [
    'headers',
    'headersDistinct',
    'rawHeaders',
    'trailers',
    'rawTrailers',
    'method',
    'url',
    'httpVersion',
    'httpVersionMajor',
    'httpVersionMinor',
    'socket',
    'complete',
    'aborted',
  ] as const;
  for (const field of fields)
    Object.defineProperty(copy, field, { value: req[field], writable: true, enumerable: true });
  Object.defineProperty(copy, 'connection', { value: req.socket, writable: true });
  Object.defineProperty(copy, 'setTimeout', {
    value: (ms: number, callback?: () => void) => (req.setTimeout(ms, callback), copy),
    writable: true,
  });
  copy.end(body);
  return copy as unknown as IncomingMessage;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
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
