import type { Core } from '@strapi/strapi';
import { registerStaffDocuments } from './staff-documents';

/** Tax documents (and news and due-diligence documents, which share the rules): see staff-documents.ts. */
export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    registerStaffDocuments(strapi);
  },
};
