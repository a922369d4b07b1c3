import type { Core } from '@strapi/strapi';
export default ({ env }: Core.Config.Shared.ConfigParams) => [
  'strapi::logger',
  'strapi::errors',
  'strapi::security',
  {
    name: 'strapi::cors',
    config: {
      // The site runs on its own origin(s); list them in CORS_ORIGINS in production.
      origin: env.array('CORS_ORIGINS', ['*']),
      headers: ['Content-Type', 'Authorization', 'Origin', 'Accept', 'authcode'],
    },
  },
  'strapi::poweredBy',
  'strapi::query',
  'global::guest-read-only',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];
