import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';

const FILE_DOWNLOAD = 'api::file-download.file-download';
const WRITES = new Set(['create', 'update', 'delete', 'clone', 'publish', 'unpublish', 'discardDraft']);

/**
 * Download records are an audit trail: the CMS writes them with database queries (services/file-download.ts) and
 * nobody changes them, not even a super admin in the panel, whose edits go through the Document Service.
 */
export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    strapi.documents.use(async (context, next) => {
      if (context.uid === FILE_DOWNLOAD && WRITES.has(context.action)) throw new errors.ForbiddenError('Download records are kept as written: nobody edits them');
      return next();
    });
  },
};
