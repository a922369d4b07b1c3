import { createHash } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { matchesIfNoneMatch, Replays, requestKeyOf } from './read-cache-replay';

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

/** A computed answer: its JSON and ETag made when first asked for (a session's lookup, say, is never sent). */
class Answer<T> implements CachedAnswer<T> {
  private json: string | undefined;
  private tag: string | undefined;

  constructor(
    readonly value: T,
    readonly generation: number,
    readonly at: number,
  ) {}

  get body(): string {
    return (this.json ??= JSON.stringify(this.value));
  }

  get etag(): string {
    return (this.tag ??= etagOf(this.body));
  }
}

/** One instance's cache; see the module comment. */
export class ReadCache {
  private entries = new Map<string, CachedAnswer>();
  /** Objects kept for this instance's own use (see object()), with when each was made. */
  private objects = new Map<string, { value: object; at: number }>();
  /** Answers sent to a visitor's read, by its URL, Origin, Host and body (see answerOf). */
  private byRequest = new Map<string, { answer: CachedAnswer; options: SendOptions }>();
  /** Visitor GETs answered from the cache through the middleware chain, by the same key: replayed before Koa. */
  readonly replays = new Replays(
    {
      generation: () => this.generation,
      polledRecently: () => this.sharedGeneration !== null && Date.now() - this.lastPollAt < POLL_INTERVAL_MS,
    },
    MAX_ENTRIES,
  );
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
      // Frozen when it may be shared (kept, or handed to concurrent callers); else it is this caller's alone.
      const answer = new Answer(usable ? deepFreeze(value) : value, generation, at);
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

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
