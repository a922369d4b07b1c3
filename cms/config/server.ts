import type { Core } from '@strapi/strapi';
import { appKeys } from '../src/utils/env';

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  host: env('HOST', '0.0.0.0'),
  port: env.int('PORT', 1337),
  url: env('PUBLIC_URL', ''),
  app: { keys: appKeys() },
  // Behind a reverse proxy the client address is the first X-Forwarded-For entry (used by the sign-in rate limits);
  // trusting that header without a proxy would let anyone pick their address.
  proxy: { koa: env.bool('TRUST_PROXY', false) },
  // Nothing at run time reaches the internet: no update check (telemetry is off in package.json).
  logger: { updates: { enabled: false } },
  cron: { enabled: false },
  // Where the media library's local provider keeps uploads (<dir>/uploads) and what /uploads serves; tests point it
  // at a throw-away folder.
  dirs: { public: env('PUBLIC_DIR', './public') },
});
