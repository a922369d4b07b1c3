import type { Core } from '@strapi/strapi';
import { appKeys } from '../src/utils/env';

/** Koa's proxy settings for TRUST_PROXY: false (default), true (one proxy) or a number of proxies in a row. */
function trustedProxies(value: string): { koa: boolean; maxIpsCount?: number } {
  const text = value.trim().toLowerCase();
  if (['', 'false', '0', 'no'].includes(text)) return { koa: false };
  const hops = text === 'true' || text === 'yes' ? 1 : Number(text);
  if (!Number.isSafeInteger(hops) || hops < 1)
    throw new Error(`TRUST_PROXY must be false, true or a number of proxies, not "${value}"`);
  return { koa: true, maxIpsCount: hops };
}

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  host: env('HOST', '0.0.0.0'),
  port: env.int('PORT', 1337),
  url: env('PUBLIC_URL', ''),
  app: { keys: appKeys() },
  // The client address (the rate limits count by it). Without TRUST_PROXY it is the socket's, and X-Forwarded-For is
  // ignored, since anyone may send it. Behind load balancers or proxies TRUST_PROXY=true (one) or the number of them:
  // the address is the entry the outermost trusted one appended, counted from the end of X-Forwarded-For, so entries a
  // client wrote itself in front are never taken.
  proxy: trustedProxies(env('TRUST_PROXY', 'false')),
  // Nothing at run time reaches the internet: no update check (telemetry is off in package.json).
  logger: { updates: { enabled: false } },
  // The hourly upkeep (src/api/upkeep) is a cron task.
  cron: { enabled: true },
  // Where the media library's local provider keeps uploads (<dir>/uploads) and what /uploads serves; tests point it
  // at a throw-away folder.
  dirs: { public: env('PUBLIC_DIR', './public') },
});
