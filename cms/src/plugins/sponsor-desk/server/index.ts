import { readFile } from 'node:fs/promises';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import { directory, directoryQuery } from '../../../api/account/services/directory';
import { fundEvents } from '../../../api/fund-event/services/fund-event';
import { funding } from '../../../api/ledger-entry/services/funding';
import { ledgerImport } from '../../../api/ledger-entry/services/ledger-import';
import { fundValuations } from '../../../api/valuation/services/valuation';
import { reminders } from '../../../api/reminder/services/reminder';
import { signing } from '../../../api/signing/services/signing';
import { taxSchedules } from '../../../api/tax-schedule/services/tax-schedule';
import { board, commitmentQuery } from '../../../api/synd-user/services/board';
import { amendments } from '../../../api/synd-user/services/amendment';
import { transfers } from '../../../api/commitment-transfer/services/transfer';
import { streamCsv } from '../../../utils/csv';
import { staffScope, targetInScope, type PortalScope, type ScopedTarget } from '../../../api/portal/staff-scope';
import { registerStaffPortalConditions, registerStaffPortalWrites } from './content-manager-scope';
import { SPONSOR_DESK_ACTIONS, sponsorDeskAction, type SponsorDeskAction } from './actions';
import { deskLists } from './lists';

/**
 * The sponsor's desk: staff run a raise and a fund's money after it from the admin panel (docs/sponsor-desk.md,
 * docs/capital-accounts.md). Admin routes under /sponsor-desk, behind the panel's own sign-in; what each staff role
 * may do is a permission of the panel's roles: read (the board, its commitments, the investor directory, events and
 * their allocation), remind (investors who must still sign or fund), review (proof documents), draft (prepare a
 * capital call or distribution), post (post events, confirm funding, record valuations), countersign, export and
 * sessions (sign an investor out everywhere) and transfer (move a commitment to another investor). The super admin holds them all; src/bootstrap gives content staff
 * (editors, authors) read, remind, review and draft, and the Sponsor Admin role all of them.
 */

const DISPLAY: Record<SponsorDeskAction, string> = {
  read: 'See the raise board, commitments, events and allocations',
  remind: 'Remind investors who must still sign or fund',
  review: 'Mark proof documents reviewed',
  sessions: 'Sign an investor out everywhere',
  draft: 'Draft capital calls and distributions',
  post: 'Post events, confirm funding, record valuations',
  countersign: 'Countersign subscription agreements',
  export: 'Export commitments (CSV)',
  transfer: 'Transfer a commitment to another investor',
};

/** The most agreements one countersigning call signs. */
const COUNTERSIGN_MAX = 100;

/** Who did it, as the records name them: the staff member's name, else their email. */
function staffName(ctx: Context): string {
  const user = ctx.state.user as { firstname?: string | null; lastname?: string | null; email?: string } | undefined;
  return [user?.firstname, user?.lastname].filter(Boolean).join(' ') || user?.email || 'staff';
}

function body(ctx: Context): Record<string, unknown> {
  const value = (ctx.request as { body?: unknown }).body;
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new errors.ValidationError('The body must be a JSON object');
  return value as Record<string, unknown>;
}

/** The portals the caller runs, as the route's portal check found them. */
const scopeOf = (ctx: Context): PortalScope => ctx.state.portalScope as PortalScope;

const staffEmail = (ctx: Context): string => (ctx.state.user as { email?: string } | undefined)?.email ?? '';

const controller = ({ strapi }: { strapi: Core.Strapi }) => ({
  async funds(ctx: Context) {
    if (ctx.query.portal !== undefined && typeof ctx.query.portal !== 'string') throw new errors.ValidationError('portal must be given once, as text');
    if (ctx.query.all !== undefined && !['true', 'false'].includes(String(ctx.query.all))) throw new errors.ValidationError('all must be true or false');
    ctx.body = await board(strapi).funds(ctx.query.portal, { all: ctx.query.all === 'true' }, scopeOf(ctx));
  },
  async commitments(ctx: Context) {
    ctx.body = await board(strapi).commitments(ctx.params.documentId, commitmentQuery(ctx.query));
  },
  async commitmentsCsv(ctx: Context) {
    const { name, csv } = await board(strapi).commitmentsCsv(ctx.params.documentId, commitmentQuery(ctx.query));
    streamCsv(strapi, ctx, name, csv);
  },
  async investors(ctx: Context) {
    ctx.body = await directory(strapi).list(directoryQuery(ctx.query), scopeOf(ctx));
  },
  async investor(ctx: Context) {
    ctx.body = await directory(strapi).find(ctx.params.documentId);
  },
  async review(ctx: Context) {
    ctx.body = await directory(strapi).review(ctx.params.documentId, body(ctx).reviewed, staffName(ctx));
  },
  /** An investor's document (proof, tax, news, a completed agreement) to read in the browser's own viewer. */
  async investorDocument(ctx: Context) {
    const { bytes, name, type } = await directory(strapi).documentFile(ctx.params.kind, ctx.params.documentId);
    ctx.set('Content-Disposition', `inline; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = type;
    ctx.body = bytes;
  },
  async signOut(ctx: Context) {
    ctx.body = await directory(strapi).signOutEverywhere(ctx.params.documentId);
  },
  async taxSchedules(ctx: Context) {
    ctx.body = await taxSchedules(strapi).ofFund(ctx.query.fund);
  },
  async setTaxSchedule(ctx: Context) {
    ctx.body = await taxSchedules(strapi).set(body(ctx));
  },
  async taxSchedule(ctx: Context) {
    ctx.body = await taxSchedules(strapi).find(ctx.params.documentId, ctx.query);
  },
  /** One investor's K-1, sent as multipart/form-data: the PDF as `file`, whose it is as `syndUser`, and `replace`. */
  async issueTaxDocument(ctx: Context) {
    const request = ctx.request as unknown as { body?: Record<string, unknown>; files?: Record<string, { filepath: string; originalFilename?: string | null; size: number } | { filepath: string; originalFilename?: string | null; size: number }[]> };
    const sent = request.files?.file;
    const one = Array.isArray(sent) ? (sent.length === 1 ? sent[0] : undefined) : sent;
    if (Array.isArray(sent) && sent.length !== 1) throw new errors.ValidationError('Send one file per call');
    const file = one ? { name: one.originalFilename || 'k-1.pdf', bytes: await readFile(one.filepath) } : null;
    ctx.body = await taxSchedules(strapi).issueDocument(ctx.params.documentId, request.body ?? {}, file, staffName(ctx));
  },
  async matchTaxDocuments(ctx: Context) {
    ctx.body = await taxSchedules(strapi).match(ctx.params.documentId, body(ctx));
  },
  async taxScheduleIssued(ctx: Context) {
    ctx.body = await taxSchedules(strapi).issued(ctx.params.documentId, staffName(ctx));
  },
  async remind(ctx: Context) {
    // Answered once each reminder is claimed; the mails go out after the answer.
    ctx.body = (await reminders(strapi).send(body(ctx), staffName(ctx))).answer;
  },
  /** Several agreements at once, one after the other; each answers on its own (one refused stops none of the others). */
  async countersign(ctx: Context) {
    const ids = body(ctx).syndUsers;
    if (!Array.isArray(ids) || !ids.length || ids.length > COUNTERSIGN_MAX || !ids.every((id) => (typeof id === 'string' && id) || typeof id === 'number')) {
      throw new errors.ValidationError(`syndUsers must list 1 to ${COUNTERSIGN_MAX} commitments (documentId or id)`);
    }
    const request = { ip: ctx.request.ip ?? null, userAgent: ctx.get('user-agent') || null, origin: undefined };
    ctx.body = await signing(strapi).countersignAllAsStaff(ids as (string | number)[], { name: staffName(ctx), email: staffEmail(ctx) }, request);
  },
  /** A commitment's unsigned signing links replaced by new ones, mailed (a link suspended after too many wrong codes opens so). */
  async reissueSigningLinks(ctx: Context) {
    body(ctx);
    const request = { ip: ctx.request.ip ?? null, userAgent: ctx.get('user-agent') || null };
    ctx.body = await signing(strapi).reissueLinksAsStaff(ctx.params.documentId, staffName(ctx), request);
  },
  /** A commitment's amount, method or spouse changed (its agreement voided and sent again once signing started). */
  async amend(ctx: Context) {
    ctx.body = await amendments(strapi).amend(ctx.params.documentId, body(ctx), staffName(ctx));
  },
  /** A commitment's whole position moved to another investor of the portal. */
  async transfer(ctx: Context) {
    ctx.body = await transfers(strapi).transfer(ctx.params.documentId, body(ctx), staffName(ctx));
  },
  /** The document a commitment's investor side signed, to read before countersigning. */
  async signedDocument(ctx: Context) {
    const { pdf, name } = await signing(strapi).signedDocumentForStaff(ctx.params.documentId);
    ctx.set('Content-Disposition', `inline; filename="${name}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = 'application/pdf';
    ctx.body = pdf;
  },
  async draftEvent(ctx: Context) {
    ctx.body = await fundEvents(strapi).draft(body(ctx), staffName(ctx));
  },
  async findEvent(ctx: Context) {
    ctx.body = await fundEvents(strapi).withAllocation(ctx.params.id);
  },
  async fundChoices(ctx: Context) {
    ctx.body = await deskLists(strapi).fundChoices(ctx.query, scopeOf(ctx));
  },
  async events(ctx: Context) {
    ctx.body = await deskLists(strapi).events(ctx.query);
  },
  async fundLedger(ctx: Context) {
    ctx.body = await deskLists(strapi).ledger(String(ctx.params.documentId), ctx.query);
  },
  async allocation(ctx: Context) {
    ctx.body = await deskLists(strapi).allocation(String(ctx.params.id), ctx.query);
  },
  async replaceDraft(ctx: Context) {
    ctx.body = await deskLists(strapi).replaceDraft(String(ctx.params.id), body(ctx), staffName(ctx), ctx.query);
  },
  async postEvent(ctx: Context) {
    // The body is optional: { allocationHash } of the preview staff saw; the bare call posts the draft as drafted.
    const sent = (ctx.request as { body?: unknown }).body;
    const previewed = sent && typeof sent === 'object' && !Array.isArray(sent) ? (sent as Record<string, unknown>).allocationHash : undefined;
    const { event } = await fundEvents(strapi).post(ctx.params.id, staffName(ctx), previewed);
    ctx.body = event;
  },
  async confirmFunding(ctx: Context) {
    ctx.body = await funding(strapi).confirm(body(ctx), staffName(ctx));
  },
  async recordAdjustment(ctx: Context) {
    ctx.body = await funding(strapi).recordAdjustment(body(ctx), staffName(ctx));
  },
  async recordValuation(ctx: Context) {
    ctx.body = await fundValuations(strapi).record(body(ctx), staffName(ctx));
  },
  /** A dry run (the default) with the draft permission; writing (?dryRun=false) needs the post permission too. */
  async importCsv(ctx: Context) {
    const dryRun = ctx.query.dryRun !== 'false';
    if (ctx.query.dryRun !== undefined && !['true', 'false'].includes(String(ctx.query.dryRun))) throw new errors.ValidationError('dryRun must be true or false');
    const ability = ctx.state.userAbility as { can(action: string): boolean } | undefined;
    if (!dryRun && !ability?.can(sponsorDeskAction('post'))) throw new errors.ForbiddenError('Only staff who may post can import into the ledger; a dry run is open to you');
    ctx.body = await ledgerImport(strapi).importCsv(await csvBody(ctx), { dryRun }, staffName(ctx), scopeOf(ctx));
  },
});

/** What the accountant's CSV may weigh: ten thousand long lines. */
const CSV_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The request's CSV: sent as text/csv (read here, up to 2 MB, as the body parser leaves it), as text/plain (parsed already),
 * or as JSON `{ csv }` (the admin panel's fetch client sends JSON).
 */
async function csvBody(ctx: Context): Promise<string> {
  const parsed = (ctx.request as { body?: unknown }).body;
  if (typeof parsed === 'string' && parsed) return parsed;
  if (parsed && typeof parsed === 'object' && typeof (parsed as { csv?: unknown }).csv === 'string') return (parsed as { csv: string }).csv;
  // A text/csv body is left unread by the body parser (src/middlewares/csv-import-body.ts), to be read here.
  if (!ctx.state.csvUnread) throw new errors.ValidationError('Send the CSV as the body, with Content-Type: text/csv');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > CSV_MAX_BYTES) throw new errors.PayloadTooLargeError('The CSV is larger than 2 MB: split it');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.includes('\u0000')) throw new errors.ValidationError('The CSV must not hold a NUL character');
  return text;
}

/** The longest record of a request's body a desk action keeps. */
const RECORD_MAX = 2_000;

/**
 * The desk's record (docs/sponsor-desk.md): every change it answers, every export and download, and every call it
 * refuses (403) is a Desk Action, with who (the staff member's name and email), when, which call, its status and
 * what was asked (the JSON body or, for a read, the query, cut at 2,000 characters; a file's name, not its bytes). A
 * record that cannot be written is logged. Reads by the ctx's own properties only, as a policy sees a copy of them.
 */
async function record(ctx: Context, action: string, status: number): Promise<void> {
  const request = ctx.request as unknown as { body?: unknown; query?: Record<string, unknown>; path: string; method: string; files?: Record<string, { originalFilename?: string | null } | unknown[]> };
  const file = request.files?.file;
  const sent = request.method === 'GET' ? request.query : request.body;
  // A NUL byte sent (a refused call) is kept as U+FFFD: PostgreSQL's jsonb refuses \u0000, which would lose the record.
  const asked = JSON.stringify({ ...(typeof sent === 'object' && sent ? sent : {}), ...(file && !Array.isArray(file) && { file: (file as { originalFilename?: string | null }).originalFilename }) }).replace(/\\u0000/g, '\\ufffd');
  try {
    await strapi.db.query('api::desk-action.desk-action').create({
      data: { action, staffName: staffName(ctx), staffEmail: staffEmail(ctx), path: request.path, request: asked.length > RECORD_MAX ? { cut: asked.slice(0, RECORD_MAX) } : JSON.parse(asked), status },
    });
  } catch (error) {
    strapi.log.error(`Desk action ${action} (${status}) by ${staffEmail(ctx)} was not recorded: ${String(error)}`);
  }
}

/** The panel's permission check (as admin::hasPermissions), which records the call it refuses. */
async function holds(ctx: Context, { permission, action }: { permission: SponsorDeskAction; action: string }): Promise<boolean> {
  if ((ctx.state.userAbility as { can(action: string): boolean } | undefined)?.can(sponsorDeskAction(permission))) return true;
  await record(ctx, action, 403);
  return false;
}

/** The status Strapi answers an error with (its errors middleware, around the route, sets it after we have seen it). */
const STATUS_OF: Record<string, number> = { ValidationError: 400, YupValidationError: 400, NotFoundError: 404, ForbiddenError: 403, PolicyError: 403, UnauthorizedError: 401, PayloadTooLargeError: 413, RateLimitError: 429, NotImplementedError: 501, ApplicationError: 400 };
const statusOf = (error: unknown): number => {
  const status = (error as { status?: unknown; expose?: unknown })?.status;
  if (typeof status === 'number' && (error as { expose?: unknown }).expose) return status;
  return STATUS_OF[(error as Error)?.name] ?? 500;
};

/**
 * Records the call once answered when `kept` (a change, an export, a download), refused or not: a refusal keeps its
 * status (400, 404, 409, ...). A read is recorded only when refused for want of a permission (403).
 */
const recorded = (action: string, kept: boolean) => async (ctx: Context, next: () => Promise<void>) => {
  try {
    await next();
  } catch (error) {
    const status = statusOf(error);
    if (kept || status === 403) await record(ctx, action, status);
    throw error;
  }
  if (kept) await record(ctx, action, ctx.status);
};

/** Where a call names what it acts on: a route parameter, a query parameter or a body field (a list names several). */
interface ScopeRule {
  target: ScopedTarget;
  from: 'params' | 'query' | 'body';
  key: string;
}

/** What a call that names something another portal holds is told: what it would be told were it not there. */
const NOT_FOUND: Record<ScopedTarget, string> = {
  fund: 'Fund not found', syndUser: 'Commitment not found', user: 'Investor not found', proofDocument: 'Proof document not found',
  document: 'Document not found', fundEvent: 'Fund event not found', taxSchedule: 'Tax schedule not found', ledgerEntry: 'Ledger entry not found',
};

/**
 * Staff and portals (docs/sponsor-desk.md): the portals the caller runs, kept for the controller, and each thing the
 * call names checked to be of one of them; another portal's is not found.
 */
const inTheirPortals = (rules: ScopeRule[]) => async (ctx: Context, next: () => Promise<void>) => {
  const scope = await staffScope(strapi, ctx.state.user as never);
  ctx.state.portalScope = scope;
  const sent = (ctx.request as { body?: unknown }).body;
  for (const rule of rules) {
    const source = rule.from === 'params' ? ctx.params : rule.from === 'query' ? ctx.query : sent && typeof sent === 'object' ? (sent as Record<string, unknown>) : {};
    const value = (source as Record<string, unknown>)[rule.key];
    for (const name of Array.isArray(value) ? value.slice(0, COUNTERSIGN_MAX) : [value]) {
      if (!(await targetInScope(strapi, scope, rule.target, name, ctx.params.kind))) throw new errors.NotFoundError(NOT_FOUND[rule.target]);
    }
  }
  await next();
};

/** The first of a request's parameters, query names or body fields holding a NUL byte, by its path ('fund', 'syndUsers.0'). */
function nulField(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (!value || typeof value !== 'object' || depth > 32) return null;
  for (const [key, each] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = nulField(each, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * A NUL byte anywhere in what the call names or sends is refused (400) before anything reads it: PostgreSQL refuses
 * one in text (error 22021), which would answer a 500, and no id, name, search or note holds one.
 */
const withoutNul = async (ctx: Context, next: () => Promise<void>) => {
  const field = nulField({ ...ctx.params, ...ctx.query }, '') ?? nulField((ctx.request as { body?: unknown }).body, '');
  if (field !== null) throw new errors.ValidationError(`${field || 'The body'} must not hold a NUL character`);
  await next();
};

const named = (target: ScopedTarget, from: ScopeRule['from'], key: string): ScopeRule => ({ target, from, key });

/**
 * A route for staff holding `permission`; `action` names the call in Desk Actions; `kept` records it when answered;
 * `names` are what it acts on, each of which must be of a portal the caller runs.
 */
const may = (permission: SponsorDeskAction, action: string, kept: boolean, names: ScopeRule[] = []) => ({
  policies: ['admin::isAuthenticatedAdmin', { name: 'plugin::sponsor-desk.holds', config: { permission, action } }],
  middlewares: [recorded(action, kept), withoutNul, inTheirPortals(names)],
});

export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    registerStaffPortalWrites(strapi);
    const actions = SPONSOR_DESK_ACTIONS.map((uid) => ({ section: 'plugins', displayName: DISPLAY[uid], uid, pluginName: 'sponsor-desk' }));
    (strapi.service('admin::permission') as unknown as { actionProvider: { registerMany(list: unknown[]): Promise<void> } }).actionProvider.registerMany(actions);
  },
  // The conditions that hold staff to their portals in the content manager; the app's bootstrap then sets them.
  bootstrap: ({ strapi }: { strapi: Core.Strapi }) => registerStaffPortalConditions(strapi),
  controllers: { desk: controller },
  policies: { holds },
  routes: {
    admin: {
      type: 'admin',
      routes: [
        { method: 'GET', path: '/funds', handler: 'desk.funds', config: may('read', 'see the board', false) },
        { method: 'GET', path: '/funds/:documentId/commitments', handler: 'desk.commitments', config: may('read', 'see commitments', false, [named('fund', 'params', 'documentId')]) },
        { method: 'GET', path: '/funds/:documentId/commitments.csv', handler: 'desk.commitmentsCsv', config: may('export', 'export commitments', true, [named('fund', 'params', 'documentId')]) },
        { method: 'POST', path: '/reminders', handler: 'desk.remind', config: may('remind', 'remind', true, [named('fund', 'body', 'fund')]) },
        { method: 'GET', path: '/investors', handler: 'desk.investors', config: may('read', 'see investors', false) },
        { method: 'GET', path: '/investors/:documentId', handler: 'desk.investor', config: may('read', 'see an investor', false, [named('user', 'params', 'documentId')]) },
        { method: 'POST', path: '/investors/:documentId/sign-out', handler: 'desk.signOut', config: may('sessions', 'sign out everywhere', true, [named('user', 'params', 'documentId')]) },
        { method: 'GET', path: '/documents/:kind/:documentId', handler: 'desk.investorDocument', config: may('read', 'read an investor document', true, [named('document', 'params', 'documentId')]) },
        { method: 'POST', path: '/proof-documents/:documentId/review', handler: 'desk.review', config: may('review', 'review a proof document', true, [named('proofDocument', 'params', 'documentId')]) },
        { method: 'GET', path: '/tax-schedules', handler: 'desk.taxSchedules', config: may('read', 'see tax years', false, [named('fund', 'query', 'fund')]) },
        { method: 'POST', path: '/tax-schedules', handler: 'desk.setTaxSchedule', config: may('draft', 'set a tax year', true, [named('fund', 'body', 'fund')]) },
        { method: 'GET', path: '/tax-schedules/:documentId', handler: 'desk.taxSchedule', config: may('read', 'see a tax year', false, [named('taxSchedule', 'params', 'documentId')]) },
        { method: 'POST', path: '/tax-schedules/:documentId/match', handler: 'desk.matchTaxDocuments', config: may('read', 'match K-1 files', false, [named('taxSchedule', 'params', 'documentId')]) },
        { method: 'POST', path: '/tax-schedules/:documentId/documents', handler: 'desk.issueTaxDocument', config: may('post', 'issue a K-1', true, [named('taxSchedule', 'params', 'documentId'), named('syndUser', 'body', 'syndUser')]) },
        { method: 'POST', path: '/tax-schedules/:documentId/issued', handler: 'desk.taxScheduleIssued', config: may('post', 'mark a tax year issued', true, [named('taxSchedule', 'params', 'documentId')]) },
        { method: 'POST', path: '/countersign', handler: 'desk.countersign', config: may('countersign', 'countersign', true, [named('syndUser', 'body', 'syndUsers')]) },
        { method: 'POST', path: '/commitments/:documentId/signing-links', handler: 'desk.reissueSigningLinks', config: may('remind', 'send a new signing link', true, [named('syndUser', 'params', 'documentId')]) },
        { method: 'POST', path: '/commitments/:documentId/amend', handler: 'desk.amend', config: may('post', 'amend a commitment', true, [named('syndUser', 'params', 'documentId')]) },
        { method: 'POST', path: '/commitments/:documentId/transfer', handler: 'desk.transfer', config: may('transfer', 'transfer a commitment', true, [named('syndUser', 'params', 'documentId'), named('user', 'body', 'to')]) },
        { method: 'GET', path: '/commitments/:documentId/document', handler: 'desk.signedDocument', config: may('read', 'read a signed document', true, [named('syndUser', 'params', 'documentId')]) },
        { method: 'POST', path: '/fund-events', handler: 'desk.draftEvent', config: may('draft', 'draft an event', true, [named('fund', 'body', 'fund')]) },
        { method: 'GET', path: '/fund-choices', handler: 'desk.fundChoices', config: may('read', 'see funds', false) },
        { method: 'GET', path: '/fund-events', handler: 'desk.events', config: may('read', 'see events', false, [named('fund', 'query', 'fund')]) },
        { method: 'GET', path: '/fund-events/:id', handler: 'desk.findEvent', config: may('read', 'see an event', false, [named('fundEvent', 'params', 'id')]) },
        { method: 'GET', path: '/funds/:documentId/ledger', handler: 'desk.fundLedger', config: may('read', 'see a fund ledger', false, [named('fund', 'params', 'documentId')]) },
        { method: 'GET', path: '/fund-events/:id/allocation', handler: 'desk.allocation', config: may('read', 'see an allocation', false, [named('fundEvent', 'params', 'id')]) },
        { method: 'PUT', path: '/fund-events/:id', handler: 'desk.replaceDraft', config: may('draft', 'preview a draft again', true, [named('fundEvent', 'params', 'id'), named('fund', 'body', 'fund')]) },
        { method: 'POST', path: '/fund-events/:id/post', handler: 'desk.postEvent', config: may('post', 'post an event', true, [named('fundEvent', 'params', 'id')]) },
        { method: 'POST', path: '/funding', handler: 'desk.confirmFunding', config: may('post', 'confirm funding', true, [named('syndUser', 'body', 'syndUser'), named('fund', 'body', 'fund')]) },
        { method: 'POST', path: '/valuations', handler: 'desk.recordValuation', config: may('post', 'record a valuation', true, [named('fund', 'body', 'fund')]) },
        { method: 'POST', path: '/adjustments', handler: 'desk.recordAdjustment', config: may('post', 'record an adjustment', true, [named('ledgerEntry', 'body', 'corrects'), named('fund', 'body', 'fund')]) },
        { method: 'POST', path: '/imports', handler: 'desk.importCsv', config: may('draft', 'import a CSV', true) },
      ],
    },
  },
};
