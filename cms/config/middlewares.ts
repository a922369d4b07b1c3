import type { Core } from '@strapi/strapi';
import { corsOrigins } from '../src/utils/cors';

export default ({ env }: Core.Config.Shared.ConfigParams) => [
  'strapi::logger',
  'strapi::errors',
  'strapi::security',
  {
    name: 'strapi::cors',
    config: {
      // The portals' domains, the CMS itself, CORS_ORIGINS, and local addresses outside production (src/utils/cors).
      origin: corsOrigins(env.array('CORS_ORIGINS', [])),
      headers: ['Content-Type', 'Authorization', 'Origin', 'Accept', 'authcode'],
    },
  },
  'strapi::poweredBy',
  'strapi::query',
  'global::guest-read-only',
  'global::unknown-collection',
  'strapi::body',
  'global::body-depth',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];
