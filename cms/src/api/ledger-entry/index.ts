import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { FUND_EVENT, LEDGER_ENTRY, VALUATION } from './services/ledger-entry';

const STATEMENT = 'api::statement.statement';
const SYND_USER = 'api::synd-user.synd-user';
const FUND = 'api::fund.fund';

const CHANGES = new Set(['update', 'delete', 'publish', 'unpublish', 'discardDraft']);
const WRITES = new Set(['create', 'clone', ...CHANGES]);
/** Records the desk alone writes, and why nobody writes them through the Document Service (the admin panel, any script). */
const DESK_ONLY: Record<string, string> = {
  [LEDGER_ENTRY]: 'Ledger entries come only from the sponsor desk (posting, funding, adjustments, imports) and are never changed or deleted: record an adjustment that names the entry',
  [STATEMENT]: 'An issued statement is never made, changed or deleted here: the public check answers from it',
  [VALUATION]: 'Valuations are recorded on the sponsor desk (Capital accounts), which checks them and keeps the fund’s current value in step',
};
/** A recorded valuation refused a change says what to do instead: record a newer one. */
const VALUATION_STANDS = 'A recorded valuation is never changed or deleted: record a newer valuation on the sponsor desk';

/**
 * The ledger is evidence: through the Document Service (the admin panel, any script) no entry is made, changed or
 * deleted (the desk writes them; a correction is a new adjustment naming the entry); a valuation is recorded on the
 * desk alone (which keeps the fund's current value in step) and stands (a correction is a newer valuation); a fund event is drafted on the desk, where its terms are checked, and a
 * posted one is never changed or deleted (a draft may be deleted); and a commitment or fund that money was recorded
 * for is never deleted. The desk's own writes go through the query engine in one transaction. Refused as a
 * PolicyError, a 403 whose message Strapi keeps, whoever asks (a super admin too).
 */
export function registerLedgerImmutability(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    if (DESK_ONLY[context.uid] && WRITES.has(context.action)) {
      throw new errors.PolicyError(context.uid === VALUATION && CHANGES.has(context.action) ? VALUATION_STANDS : DESK_ONLY[context.uid]);
    }
    const params = context.params as { documentId?: string };
    if (context.uid === FUND_EVENT) {
      if (context.action === 'create' || context.action === 'clone' || context.action === 'update') {
        throw new errors.PolicyError('Capital calls and distributions are drafted on the sponsor desk (Capital accounts), where their terms and allocation are checked');
      }
      if (CHANGES.has(context.action) && params.documentId) {
        const posted = await strapi.db.query(FUND_EVENT).findOne({ where: { documentId: params.documentId, state: 'posted' }, select: ['id'] });
        if (posted) throw new errors.PolicyError('A posted event is never changed or deleted: correct it with adjustment entries');
      }
    }
    if ((context.uid === SYND_USER || context.uid === FUND) && context.action === 'delete' && params.documentId) {
      const problem = await moneyRecordedFor(strapi, context.uid === FUND ? 'fund' : 'syndUser', params.documentId);
      if (problem) throw new errors.PolicyError(problem);
    }
    return next();
  });
}

/**
 * Why a commitment (syndUser) or fund may not be deleted: it has ledger entries, capital calls owed, posted events
 * or valuations (the fund's), which would be left naming nothing. Null when it has none.
 */
async function moneyRecordedFor(strapi: Core.Strapi, link: 'fund' | 'syndUser', documentId: string): Promise<string | null> {
  const where = { [link]: { documentId } };
  const what = link === 'fund' ? 'This fund' : 'This commitment';
  if (await strapi.db.query(LEDGER_ENTRY).count({ where })) return `${what} has ledger entries: it is kept with its capital account and cannot be deleted`;
  if (await strapi.db.query('api::fund-event.call-item').count({ where })) return `${what} has capital calls posted to it: it is kept with its capital account and cannot be deleted`;
  if (link === 'fund') {
    if (await strapi.db.query(FUND_EVENT).count({ where: { ...where, state: 'posted' } })) return `${what} has posted capital calls or distributions: it cannot be deleted`;
    if (await strapi.db.query(VALUATION).count({ where })) return `${what} has valuations: it cannot be deleted`;
  }
  return null;
}
