import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';

const WRITES = new Set(['create', 'update', 'delete', 'clone', 'publish', 'unpublish', 'discardDraft']);
/** The sponsor desk's records, and why nobody edits them. */
const RECORDS: Record<string, string> = {
  'api::desk-action.desk-action': 'Desk actions are kept as recorded: nobody edits them',
  'api::reminder.reminder': 'Reminders are kept as sent: nobody edits them',
};

/**
 * What staff did on the desk and the reminders it sent are its record (docs/sponsor-desk.md): the desk writes them
 * with database queries, and nobody makes, changes or deletes them, not even a super admin in the panel, whose
 * edits go through the Document Service. Refused as a PolicyError, a 403 whose message Strapi keeps.
 */
export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    strapi.documents.use(async (context, next) => {
      if (RECORDS[context.uid] && WRITES.has(context.action)) throw new errors.PolicyError(RECORDS[context.uid]);
      return next();
    });
  },
};
