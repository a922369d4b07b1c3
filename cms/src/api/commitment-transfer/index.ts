import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';

const TRANSFER = 'api::commitment-transfer.commitment-transfer';
const WRITES = new Set(['create', 'update', 'delete', 'clone', 'publish', 'unpublish', 'discardDraft']);

/**
 * A transfer is the record of a position moved between investors (docs/sponsor-desk.md, Amending and transferring
 * commitments): the desk writes it with the query engine together with the ledger entries that name it, and nobody
 * makes, changes or deletes one in the panel, whose edits go through the Document Service (a 403 whose message
 * Strapi keeps).
 */
export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    strapi.documents.use(async (context, next) => {
      if (context.uid === TRANSFER && WRITES.has(context.action)) throw new errors.PolicyError('Commitment transfers are kept as recorded: make one on the sponsor desk');
      return next();
    });
  },
};
