import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::assets-item.assets-item', { only: ['find', 'findOne'] });
