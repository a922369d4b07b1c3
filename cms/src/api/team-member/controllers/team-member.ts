import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::team-member.team-member');
