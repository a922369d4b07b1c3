import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::assets-item.assets-item');
