import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { createClient } from 'redis';
import { unavailable } from '../../utils/http-errors';
import { RATE_LIMIT_HIT } from '../../utils/uids';

export const LIMITS_UNAVAILABLE = 'This service is unavailable right now, try again later';

/**
 * Where the rate limits count, shared by every CMS instance: the database (default) or Redis (REDIS_URL). Each key
 * holds the times of its events; an event is added before it is judged, so two instances that count at the same
 * moment both see both events and a limit is never passed by racing it.
 */
export interface LimitStore {
  /** Counts one event against `key` now; answers its id and how many events `key` holds in the window, this one included. */
  add(key: string, windowMs: number): Promise<{ id: string; count: number }>;
  /** Takes back the event `id` of `key` (a refused or successful attempt that must not count). */
  remove(key: string, id: string): Promise<void>;
  /** How many events `key` holds in the window. */
  count(key: string, windowMs: number): Promise<number>;
  /** When (epoch ms) `key` will hold fewer than `max` events, if nothing more is added. */
  freeAt(key: string, max: number, windowMs: number): Promise<number>;
}
/** How often one instance deletes every event older than the window, whatever its key. */
const SWEEP_EVERY_MS = 60_000;

/** The database store: one row per event in rate_limit_hits, indexed by key and time (a migration makes the index). */
export function databaseStore(strapi: Core.Strapi): LimitStore {
  const db = () => strapi.db.query(RATE_LIMIT_HIT);
  let sweptAt = 0;

  async function sweep(now: number, windowMs: number) {
    if (now - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = now;
    await db().deleteMany({ where: { at: { $lte: now - windowMs } } });
  }

  const count = (key: string, windowMs: number, now = Date.now()) =>
    db().count({ where: { limitKey: key, at: { $gt: now - windowMs } } });

  return {
    async add(key, windowMs) {
      const now = Date.now();
      await sweep(now, windowMs);
      const row: { id: number } = await db().create({ data: { limitKey: key, at: now } });
      return { id: String(row.id), count: await count(key, windowMs, now) };
    },
    async remove(key, id) {
      await db().delete({ where: { id: Number(id), limitKey: key } });
    },
    count: (key, windowMs) => count(key, windowMs),
    async freeAt(key, max, windowMs) {
      const now = Date.now();
      const rows: { at: string | number }[] = await db().findMany({
        where: { limitKey: key, at: { $gt: now - windowMs } },
        select: ['at'],
        orderBy: { at: 'desc' },
        offset: Math.max(0, max - 1),
        limit: 1,
      });
      return rows.length ? Number(rows[0].at) + windowMs : now;
    },
  };
}

type Redis = ReturnType<typeof createClient>;

/** The Redis store: one sorted set per key (score: the event's time), expiring with its window. */
export function redisStore(url: string, log: Core.Strapi['log']): LimitStore & { close(): Promise<void> } {
  let client: Promise<Redis> | undefined;
  const connected = (): Promise<Redis> =>
    (client ??= (async () => {
      // Commands fail at once while Redis is away (no offline queue), so a request answers 503 instead of hanging.
      const made: Redis = createClient({
        url,
        disableOfflineQueue: true,
        socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2000) },
      });
      // Without a listener a lost connection would crash the process; the client reconnects by itself.
      made.on('error', (error: Error) => log.warn(`Redis (rate limits): ${error.message}`));
      await made.connect();
      return made;
    })().catch((error: unknown) => {
      client = undefined;
      throw error;
    }));
  const name = (key: string) => `portal:rate-limit:${key}`;
  /** Runs one Redis call; Redis away answers 503 (a limit that cannot be counted is not waved through). */
  const reaching = async <T>(call: (redis: Redis) => Promise<T>): Promise<T> => {
    try {
      return await call(await connected());
    } catch (error) {
      log.warn(`Redis (rate limits) failed: ${error instanceof Error ? error.message : String(error)}`);
      throw unavailable(LIMITS_UNAVAILABLE);
    }
  };

  return {
    add: (key, windowMs) =>
      reaching(async (redis) => {
        const now = Date.now();
        const id = `${now}-${crypto.randomBytes(6).toString('hex')}`;
        const replies = await redis
          .multi()
          .zRemRangeByScore(name(key), '-inf', now - windowMs)
          .zAdd(name(key), { score: now, value: id })
          .zCard(name(key))
          .pExpire(name(key), windowMs)
          .exec();
        return { id, count: Number(replies[2]) };
      }),
    remove: (key, id) => reaching(async (redis) => void (await redis.zRem(name(key), id))),
    count: (key, windowMs) => reaching((redis) => redis.zCount(name(key), Date.now() - windowMs + 1, '+inf')),
    freeAt: (key, max, windowMs) =>
      reaching(async (redis) => {
        const now = Date.now();
        const found = await redis.zRangeWithScores(name(key), '+inf', now - windowMs + 1, {
          BY: 'SCORE',
          REV: true,
          LIMIT: { offset: Math.max(0, max - 1), count: 1 },
        });
        return found.length ? found[0].score + windowMs : now;
      }),
    async close() {
      if (client) await (await client).close().catch(() => undefined);
      client = undefined;
    },
  };
}
