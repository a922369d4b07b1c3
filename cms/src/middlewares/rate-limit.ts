import { setTimeout as sleep } from 'node:timers/promises';
import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { portalConfig } from '../utils/portal-config';
import { rateLimits } from '../api/session/services/rate-limit';

interface RateLimitConfig {
  /** Which endpoint family counts this request (each has its own windows). */
  scope: string;
  /** The body field naming the account tried, when the request names one. */
  accountField?: string;
  /** What counts against an account: failed attempts (default), or every request (a reset mails the owner each time). */
  accountCounts?: 'failures' | 'every';
}

/**
 * Route middleware { name: 'global::rate-limit', config: { scope, accountField?, accountCounts? } }, limits of
 * config/portal.ts, counted in a store every CMS instance shares (api::session.rate-limit):
 * - every request counts against the client address: 429 past ipMax;
 * - failed attempts on an account count against that account from that address: 429 past accountMax, so a stranger
 *   who guesses wrong locks out only their own address, never the owner;
 * - failed attempts on an account from all addresses count against a wider ceiling: past it, each further attempt is
 *   slowed down (never refused), which makes a spread-out guessing attack slow while the owner still gets in.
 * An attempt on an account is counted before it runs and taken back when it succeeds, so attempts made at the same
 * moment (on one instance or several) cannot slip past the limit together.
 * The client address is the socket's, or the one the trusted proxy saw when TRUST_PROXY=true (config/server.ts).
 */
export default (
    { scope, accountField, accountCounts = 'failures' }: RateLimitConfig,
    { strapi }: { strapi: Core.Strapi },
  ) =>
  async (ctx: Context, next: Next) => {
    const { ipMax, accountMax, accountCeiling, slowDownMs } = portalConfig(strapi).rateLimit;
    const limiter = rateLimits(strapi);
    await limiter.take(`${scope}:ip:${ctx.request.ip}`, ipMax);

    const named = accountField ? (ctx.request.body as Record<string, unknown> | undefined)?.[accountField] : undefined;
    const account = typeof named === 'string' ? named.trim().toLowerCase() : '';
    if (!account) return next();
    const everywhere = `${scope}:account:${account}`;
    const slow = await limiter.reached(everywhere, accountCeiling);
    const counted = [
      await limiter.take(`${everywhere}:ip:${ctx.request.ip}`, accountMax),
      await limiter.add(everywhere),
    ];
    if (slow) await sleep(slowDownMs);

    if (accountCounts === 'every') return next();
    await next();
    if (ctx.status < 400) await limiter.release(counted);
  };
