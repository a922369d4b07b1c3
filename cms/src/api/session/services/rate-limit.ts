import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { portalConfig } from '../../../utils/portal-config';
import { serviceAccessor } from '../../../utils/service';

/** Past this many tracked keys a hit also sweeps out every key whose window has emptied. */
const SWEEP_AT_KEYS = 10_000;

/**
 * Sliding-window counters for the sign-in family of endpoints and newsletter sign-ups (see middlewares/rate-limit).
 * They live in this process's memory: right for the single CMS process we run; several processes behind a balancer
 * would each count on their own and need a shared store instead.
 */
const rateLimitService = ({ strapi }: { strapi: Core.Strapi }) => {
  const attempts = new Map<string, number[]>();

  /** The timestamps of `key` still in the window (forgetting the key when none are left). */
  function recent(key: string, now = Date.now()): number[] {
    const { windowMs } = portalConfig(strapi).rateLimit;
    if (attempts.size > SWEEP_AT_KEYS) for (const other of [...attempts.keys()]) if (other !== key) prune(other, now, windowMs);
    return prune(key, now, windowMs);
  }

  function prune(key: string, now: number, windowMs: number): number[] {
    const kept = (attempts.get(key) ?? []).filter((at) => at > now - windowMs);
    if (kept.length) attempts.set(key, kept);
    else attempts.delete(key);
    return kept;
  }

  /** Counts one event against `key`. */
  function add(key: string): void {
    const now = Date.now();
    attempts.set(key, [...recent(key, now), now]);
  }

  /** Throws a 429 naming the wait when `key` already holds `max` events in the window. */
  function refuseAt(key: string, max: number): void {
    const now = Date.now();
    const kept = recent(key, now);
    if (kept.length >= max) {
      const minutes = Math.max(1, Math.ceil((kept[kept.length - max] + portalConfig(strapi).rateLimit.windowMs - now) / 60_000));
      throw new errors.RateLimitError(`Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`);
    }
  }

  return {
    add,
    refuseAt,

    /** Whether `key` holds at least `max` events in the window. */
    reached: (key: string, max: number): boolean => recent(key).length >= max,

    /** Refuses at `max` (429), else counts the event. */
    take(key: string, max: number): void {
      refuseAt(key, max);
      add(key);
    },
  };
};

export type RateLimitService = ReturnType<typeof rateLimitService>;

/** The rate-limit service, typed. */
export const rateLimits = serviceAccessor<RateLimitService>('api::session.rate-limit');

export default rateLimitService;
