import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { portalConfig } from '../utils/portal-config';
import type { RateLimitService } from '../api/user-auth/services/rate-limit';

interface RateLimitConfig {
  /** Which endpoint family counts this request (each has its own windows). */
  scope: string;
  /** The body field naming the account tried, when the request names one. */
  accountField?: string;
}

/**
 * Route middleware { name: 'global::rate-limit', config: { scope, accountField? } }: counts the request per client
 * IP and per account and answers 429 past the limits of config/portal.ts. The client IP is the socket's, or the
 * first X-Forwarded-For entry when TRUST_PROXY=true.
 */
export default ({ scope, accountField }: RateLimitConfig, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: Next) => {
    const { ipMax, accountMax } = portalConfig(strapi).rateLimit;
    const limits = [{ key: `${scope}:ip:${ctx.request.ip}`, max: ipMax }];
    const account = accountField ? (ctx.request.body as Record<string, unknown> | undefined)?.[accountField] : undefined;
    if (typeof account === 'string' && account.trim()) {
      limits.push({ key: `${scope}:account:${account.trim().toLowerCase()}`, max: accountMax });
    }
    (strapi.service('api::user-auth.rate-limit') as unknown as RateLimitService).hit(limits);
    await next();
  };
