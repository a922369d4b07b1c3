import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { portalConfig } from '../../../utils/portal-config';

/** Past this many tracked keys a hit also sweeps out every key whose window has emptied. */
const SWEEP_AT_KEYS = 10_000;

/**
 * Sliding-window attempt counter for the sign-in family of endpoints and newsletter sign-ups. It lives in this
 * process's memory: right for the single CMS process we run; several processes behind a balancer would each count
 * on their own and need a shared store instead.
 */
const rateLimitService = ({ strapi }: { strapi: Core.Strapi }) => {
  const attempts = new Map<string, number[]>();

  /** Drops the timestamps of `key` that left the window; forgets the key when none are left. */
  function recent(key: string, now: number, windowMs: number): number[] {
    const kept = (attempts.get(key) ?? []).filter((at) => at > now - windowMs);
    if (kept.length) attempts.set(key, kept);
    else attempts.delete(key);
    return kept;
  }

  return {
    /**
     * Counts one attempt against every key (an IP, an account) with its limit; throws a 429 naming the wait,
     * without counting, when any key is already at its limit.
     */
    hit(limits: { key: string; max: number }[]): void {
      const { windowMs } = portalConfig(strapi).rateLimit;
      const now = Date.now();
      if (attempts.size > SWEEP_AT_KEYS) for (const key of [...attempts.keys()]) recent(key, now, windowMs);
      for (const { key, max } of limits) {
        const kept = recent(key, now, windowMs);
        if (kept.length >= max) {
          const minutes = Math.max(1, Math.ceil((kept[kept.length - max] + windowMs - now) / 60_000));
          throw new errors.RateLimitError(`Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`);
        }
      }
      for (const { key } of limits) attempts.set(key, [...(attempts.get(key) ?? []), now]);
    },
  };
};

export type RateLimitService = ReturnType<typeof rateLimitService>;

export default rateLimitService;
