import type { ScopedTarget } from '../../../../api/portal/staff-scope';
import type { SponsorDeskAction } from '../bootstrap/actions';
import type { ScopeRule } from '../middlewares/in-their-portals';

const named = (target: ScopedTarget, from: ScopeRule['from'], key: string): ScopeRule => ({ target, from, key });

/**
 * A route for staff holding `permission`; `action` names the call in Desk Actions; `kept` records it when answered;
 * `names` are what it acts on, each of which must be of a portal the caller runs.
 */
const may = (permission: SponsorDeskAction, action: string, kept: boolean, names: ScopeRule[] = []) => ({
  policies: ['admin::isAuthenticatedAdmin', { name: 'plugin::sponsor-desk.holds', config: { permission, action } }],
  middlewares: [
    { name: 'plugin::sponsor-desk.recorded', config: { action, kept } },
    'plugin::sponsor-desk.without-nul',
    { name: 'plugin::sponsor-desk.in-their-portals', config: { names } },
  ],
});

/** The desk's admin routes, under /sponsor-desk behind the panel's own sign-in (docs/sponsor-desk.md). */
export default {
  type: 'admin',
  routes: [
    { method: 'GET', path: '/funds', handler: 'desk.funds', config: may('read', 'see the board', false) },
    {
      method: 'GET',
      path: '/funds/:documentId/commitments',
      handler: 'desk.commitments',
      config: may('read', 'see commitments', false, [named('fund', 'params', 'documentId')]),
    },
    {
      method: 'GET',
      path: '/funds/:documentId/commitments.csv',
      handler: 'desk.commitmentsCsv',
      config: may('export', 'export commitments', true, [named('fund', 'params', 'documentId')]),
    },
    {
      method: 'POST',
      path: '/reminders',
      handler: 'desk.remind',
      config: may('remind', 'remind', true, [named('fund', 'body', 'fund')]),
    },
    { method: 'GET', path: '/investors', handler: 'desk.investors', config: may('read', 'see investors', false) },
    {
      method: 'GET',
      path: '/investors/:documentId',
      handler: 'desk.investor',
      config: may('read', 'see an investor', false, [named('user', 'params', 'documentId')]),
    },
    {
      method: 'POST',
      path: '/investors/:documentId/sign-out',
      handler: 'desk.signOut',
      config: may('sessions', 'sign out everywhere', true, [named('user', 'params', 'documentId')]),
    },
    {
      method: 'GET',
      path: '/documents/:kind/:documentId',
      handler: 'desk.investorDocument',
      config: may('read', 'read an investor document', true, [named('document', 'params', 'documentId')]),
    },
    {
      method: 'POST',
      path: '/proof-documents/:documentId/review',
      handler: 'desk.review',
      config: may('review', 'review a proof document', true, [named('proofDocument', 'params', 'documentId')]),
    },
    {
      method: 'GET',
      path: '/tax-schedules',
      handler: 'desk.taxSchedules',
      config: may('read', 'see tax years', false, [named('fund', 'query', 'fund')]),
    },
    {
      method: 'POST',
      path: '/tax-schedules',
      handler: 'desk.setTaxSchedule',
      config: may('draft', 'set a tax year', true, [named('fund', 'body', 'fund')]),
    },
    {
      method: 'GET',
      path: '/tax-schedules/:documentId',
      handler: 'desk.taxSchedule',
      config: may('read', 'see a tax year', false, [named('taxSchedule', 'params', 'documentId')]),
    },
    {
      method: 'POST',
      path: '/tax-schedules/:documentId/match',
      handler: 'desk.matchTaxDocuments',
      config: may('read', 'match K-1 files', false, [named('taxSchedule', 'params', 'documentId')]),
    },
    {
      method: 'POST',
      path: '/tax-schedules/:documentId/documents',
      handler: 'desk.issueTaxDocument',
      config: may('post', 'issue a K-1', true, [
        named('taxSchedule', 'params', 'documentId'),
        named('syndUser', 'body', 'syndUser'),
      ]),
    },
    {
      method: 'POST',
      path: '/tax-schedules/:documentId/issued',
      handler: 'desk.taxScheduleIssued',
      config: may('post', 'mark a tax year issued', true, [named('taxSchedule', 'params', 'documentId')]),
    },
    {
      method: 'POST',
      path: '/countersign',
      handler: 'desk.countersign',
      config: may('countersign', 'countersign', true, [named('syndUser', 'body', 'syndUsers')]),
    },
    {
      method: 'POST',
      path: '/commitments/:documentId/signing-links',
      handler: 'desk.reissueSigningLinks',
      config: may('remind', 'send a new signing link', true, [named('syndUser', 'params', 'documentId')]),
    },
    {
      method: 'POST',
      path: '/commitments/:documentId/amend',
      handler: 'desk.amend',
      config: may('post', 'amend a commitment', true, [named('syndUser', 'params', 'documentId')]),
    },
    {
      method: 'POST',
      path: '/commitments/:documentId/transfer',
      handler: 'desk.transfer',
      config: may('transfer', 'transfer a commitment', true, [
        named('syndUser', 'params', 'documentId'),
        named('user', 'body', 'to'),
      ]),
    },
    {
      method: 'GET',
      path: '/commitments/:documentId/document',
      handler: 'desk.signedDocument',
      config: may('read', 'read a signed document', true, [named('syndUser', 'params', 'documentId')]),
    },
    {
      method: 'POST',
      path: '/fund-events',
      handler: 'desk.draftEvent',
      config: may('draft', 'draft an event', true, [named('fund', 'body', 'fund')]),
    },
    { method: 'GET', path: '/fund-choices', handler: 'desk.fundChoices', config: may('read', 'see funds', false) },
    {
      method: 'GET',
      path: '/fund-events',
      handler: 'desk.events',
      config: may('read', 'see events', false, [named('fund', 'query', 'fund')]),
    },
    {
      method: 'GET',
      path: '/fund-events/:id',
      handler: 'desk.findEvent',
      config: may('read', 'see an event', false, [named('fundEvent', 'params', 'id')]),
    },
    {
      method: 'GET',
      path: '/funds/:documentId/ledger',
      handler: 'desk.fundLedger',
      config: may('read', 'see a fund ledger', false, [named('fund', 'params', 'documentId')]),
    },
    {
      method: 'GET',
      path: '/fund-events/:id/allocation',
      handler: 'desk.allocation',
      config: may('read', 'see an allocation', false, [named('fundEvent', 'params', 'id')]),
    },
    {
      method: 'PUT',
      path: '/fund-events/:id',
      handler: 'desk.replaceDraft',
      config: may('draft', 'preview a draft again', true, [
        named('fundEvent', 'params', 'id'),
        named('fund', 'body', 'fund'),
      ]),
    },
    {
      method: 'POST',
      path: '/fund-events/:id/post',
      handler: 'desk.postEvent',
      config: may('post', 'post an event', true, [named('fundEvent', 'params', 'id')]),
    },
    {
      method: 'POST',
      path: '/funding',
      handler: 'desk.confirmFunding',
      config: may('post', 'confirm funding', true, [
        named('syndUser', 'body', 'syndUser'),
        named('fund', 'body', 'fund'),
      ]),
    },
    {
      method: 'POST',
      path: '/valuations',
      handler: 'desk.recordValuation',
      config: may('post', 'record a valuation', true, [named('fund', 'body', 'fund')]),
    },
    {
      method: 'POST',
      path: '/adjustments',
      handler: 'desk.recordAdjustment',
      config: may('post', 'record an adjustment', true, [
        named('ledgerEntry', 'body', 'corrects'),
        named('fund', 'body', 'fund'),
      ]),
    },
    { method: 'POST', path: '/imports', handler: 'desk.importCsv', config: may('draft', 'import a CSV', true) },
  ],
};
