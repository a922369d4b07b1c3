import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::portal.portal', { only: ['find', 'findOne'] });
