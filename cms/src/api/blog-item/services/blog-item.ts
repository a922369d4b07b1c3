import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::blog-item.blog-item');
