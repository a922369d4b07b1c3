import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::blog-item.blog-item', {
  only: ['find'],
  config: { find: { middlewares: ['api::blog-item.published-only'] } },
});
