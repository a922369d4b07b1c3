import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::content.content', { only: ['find', 'findOne'] });
