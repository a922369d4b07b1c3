import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { portalConfig } from '../../../utils/portal-config';
import { serviceAccessor } from '../../../utils/service';
import { databaseStore, redisStore, type LimitStore } from '../../rate-limit/stores';

/** One event counted against a key, which can be taken back. */
export interface Counted {
  key: string;
  id: string;
}

/**
 * The key as stored: as given when it is short printable ASCII, else its kind (up to the first ':') and a SHA-256 of
 * the whole, so a 200 KB or NUL-laden user name typed at sign-in counts like any other (a PostgreSQL column refuses
 * both) and a store never holds more than about 100 bytes per key.
 */
function storedKey(key: string): string {
  if (key.length <= 120 && /^[\x20-\x7e]*$/.test(key)) return key;
  return `${key
    .split(':')[0]
    .slice(0, 40)
    .replace(/[^\x20-\x7e]/g, '?')}:sha256:${crypto.createHash('sha256').update(key).digest('hex')}`;
}

/**
 * Sliding-window counters for the sign-in family of endpoints and newsletter sign-ups (see middlewares/rate-limit).
 * They are kept where every CMS instance sees them: the database by default, Redis when REDIS_URL is set, so a
 * limit holds however a load balancer spreads the attempts.
 */
const rateLimitService = ({ strapi }: { strapi: Core.Strapi }) => {
  const redisUrl = process.env.REDIS_URL?.trim();
  const store: LimitStore = redisUrl ? redisStore(redisUrl, strapi.log) : databaseStore(strapi);
  const windowMs = () => portalConfig(strapi).rateLimit.windowMs;

  async function refusal(key: string, max: number): Promise<errors.RateLimitError> {
    const wait = (await store.freeAt(key, max, windowMs())) - Date.now();
    const minutes = Math.max(1, Math.ceil(wait / 60_000));
    return new errors.RateLimitError(
      `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    );
  }

  return {
    /** Which store counts: 'redis' or 'database'. */
    storeName: redisUrl ? 'redis' : 'database',

    /**
     * Counts one event against `key` and answers it, or throws a 429 naming the wait when `key` held `max` events
     * already (the event is then not counted).
     */
    async take(given: string, max: number): Promise<Counted> {
      const key = storedKey(given);
      const { id, count } = await store.add(key, windowMs());
      if (count <= max) return { key, id };
      await store.remove(key, id);
      throw await refusal(key, max);
    },

    /** Counts one event against `key`. */
    async add(given: string): Promise<Counted> {
      const key = storedKey(given);
      return { key, id: (await store.add(key, windowMs())).id };
    },

    /** Takes counted events back. */
    async release(counted: Counted[]): Promise<void> {
      await Promise.all(counted.map(({ key, id }) => store.remove(key, id)));
    },

    /** Whether `key` holds at least `max` events in the window. */
    reached: async (key: string, max: number): Promise<boolean> =>
      (await store.count(storedKey(key), windowMs())) >= max,
  };
};

export type RateLimitService = ReturnType<typeof rateLimitService>;

/** The rate-limit service, typed. */
export const rateLimits = serviceAccessor<RateLimitService>('api::session.rate-limit');

export default rateLimitService;
