import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { FUND_EVENT, LEDGER_ENTRY } from './services/ledger-entry';

const STATEMENT = 'api::statement.statement';

const CHANGES = new Set(['update', 'delete', 'publish', 'unpublish', 'discardDraft']);
/** Set only by posting (POST /sponsor-desk/fund-events/:id/post), never typed in. */
const POSTING_FIELDS = ['state', 'postedByName', 'posted_at'];

/**
 * The ledger is evidence: through the Document Service (the admin panel, any script) an entry is never changed or
 * deleted (a correction is a new adjustment naming the entry), a posted fund event neither, and no event is marked
 * posted by hand (posting writes the entries). The desk's own writes go through the query engine in one transaction.
 */
export function registerLedgerImmutability(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    if (context.uid === LEDGER_ENTRY && CHANGES.has(context.action)) {
      throw new errors.ForbiddenError('Ledger entries are never changed or deleted: record an adjustment that names the entry');
    }
    if (context.uid === STATEMENT && CHANGES.has(context.action)) {
      throw new errors.ForbiddenError('An issued statement is never changed or deleted: the public check answers from it');
    }
    if (context.uid !== FUND_EVENT) return next();
    const params = context.params as { documentId?: string; data?: Record<string, unknown> };
    if (params.data) for (const field of POSTING_FIELDS) delete params.data[field];
    if (CHANGES.has(context.action) && params.documentId) {
      const posted = await strapi.db.query(FUND_EVENT).findOne({ where: { documentId: params.documentId, state: 'posted' }, select: ['id'] });
      if (posted) throw new errors.ForbiddenError('A posted event is never changed or deleted: correct it with adjustment entries');
    }
    return next();
  });
}
