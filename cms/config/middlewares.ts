import type { Core } from '@strapi/strapi';
import { storageSettings } from '../src/providers/storage/settings';
import { corsOrigins } from '../src/utils/cors';

/**
 * Strapi's security headers; with STORAGE_PROVIDER=s3 the admin panel's Content-Security-Policy also lets it show the
 * media library's files from the bucket (config/plugins.ts puts them there).
 */
function security() {
  const { provider, s3 } = storageSettings();
  if (provider !== 's3') return 'strapi::security';
  const bucketOrigin = s3.endpoint ? new URL(s3.endpoint).origin : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
  const sources = ["'self'", 'data:', 'blob:', 'market-assets.strapi.io', bucketOrigin];
  if (s3.endpoint && !s3.forcePathStyle) {
    const endpoint = new URL(s3.endpoint);
    sources.push(`${endpoint.protocol}//${s3.bucket}.${endpoint.host}`);
  }
  return {
    name: 'strapi::security',
    config: { contentSecurityPolicy: { useDefaults: true, directives: { 'img-src': sources, 'media-src': sources } } },
  };
}

export default ({ env }: Core.Config.Shared.ConfigParams) => [
  // strapi::logger's request log, with the tokens of signing and download links redacted (src/middlewares/request-log.ts).
  'global::request-log',
  // The admin panel's precompressed files say they vary by Accept-Encoding (src/middlewares/admin-assets.ts).
  'global::admin-assets',
  'strapi::errors',
  security(),
  {
    name: 'strapi::cors',
    config: {
      // The portals' domains, the CMS itself, CORS_ORIGINS, and local addresses outside production (src/utils/cors).
      origin: corsOrigins(env.array('CORS_ORIGINS', [])),
      headers: ['Content-Type', 'Authorization', 'Origin', 'Accept', 'authcode'],
    },
  },
  // Repeated visitor reads of the public endpoints, answered from the read cache (src/utils/read-cache.ts).
  'global::public-read-cache',
  // Repeated signed-in reads of the investor area, per user (src/utils/signed-in-cache.ts).
  'global::signed-in-read-cache',
  // No 'strapi::poweredBy': an X-Powered-By header only tells a prober what to try.
  'strapi::query',
  'global::guest-read-only',
  'global::unknown-collection',
  // The sponsor desk's text/csv import is read by its route, up to 2 MB, not by the body parser (src/middlewares/csv-import-body.ts).
  'global::csv-import-body',
  'strapi::body',
  'global::body-depth',
  'global::public-read-cache-posted',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];
