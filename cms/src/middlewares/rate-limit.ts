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
 * config/portal.ts:
 * - every request counts against the client address: 429 past ipMax;
 * - failed attempts on an account count against that account from that address: 429 past accountMax, so a stranger
 *   who guesses wrong locks out only their own address, never the owner;
 * - failed attempts on an account from all addresses count against a wider ceiling: past it, each further attempt is
 *   slowed down (never refused), which makes a spread-out guessing attack slow while the owner still gets in.
 * The client address is the socket's, or the first X-Forwarded-For entry when TRUST_PROXY=true.
 */
export default ({ scope, accountField, accountCounts = 'failures' }: RateLimitConfig, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: Next) => {
    const { ipMax, accountMax, accountCeiling, slowDownMs } = portalConfig(strapi).rateLimit;
    const limiter = rateLimits(strapi);
    limiter.take(`${scope}:ip:${ctx.request.ip}`, ipMax);

    const named = accountField ? (ctx.request.body as Record<string, unknown> | undefined)?.[accountField] : undefined;
    const account = typeof named === 'string' ? named.trim().toLowerCase() : '';
    if (!account) return next();
    const fromHere = `${scope}:account:${account}:ip:${ctx.request.ip}`;
    const everywhere = `${scope}:account:${account}`;
    limiter.refuseAt(fromHere, accountMax);
    if (limiter.reached(everywhere, accountCeiling)) await sleep(slowDownMs);

    const count = () => [fromHere, everywhere].forEach(limiter.add);
    if (accountCounts === 'every') count();
    try {
      await next();
    } catch (error) {
      if (accountCounts === 'failures') count();
      throw error;
    }
    if (accountCounts === 'failures' && ctx.status >= 400) count();
  };
