import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::assets-item.assets-item');
