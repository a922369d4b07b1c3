import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import { ledger } from '../../../api/ledger-entry/services/ledger-entry';

/**
 * The sponsor's desk: staff run a fund's money after the raise from the admin panel (docs/api-staff.md). Admin
 * routes under /sponsor-desk, behind the panel's own sign-in; what each staff role may do is three permissions of the
 * panel's roles: read (see events and their allocation), draft (prepare a capital call or distribution) and post
 * (post events, confirm funding, record valuations). The super admin holds all three; src/bootstrap gives content
 * staff (editors, authors) read and draft.
 */
export const SPONSOR_DESK_ACTIONS = ['read', 'draft', 'post'] as const;
export type SponsorDeskAction = (typeof SPONSOR_DESK_ACTIONS)[number];
export const sponsorDeskAction = (action: SponsorDeskAction) => `plugin::sponsor-desk.${action}`;

const DISPLAY: Record<SponsorDeskAction, string> = { read: 'See events and allocations', draft: 'Draft capital calls and distributions', post: 'Post events, confirm funding, record valuations' };

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

const controller = ({ strapi }: { strapi: Core.Strapi }) => ({
  async draftEvent(ctx: Context) {
    ctx.body = await ledger(strapi).draftEvent(body(ctx), staffName(ctx));
  },
  async findEvent(ctx: Context) {
    ctx.body = await ledger(strapi).eventWithAllocation(ctx.params.id);
  },
  async postEvent(ctx: Context) {
    const { event } = await ledger(strapi).postEvent(ctx.params.id, staffName(ctx));
    ctx.body = event;
  },
  async confirmFunding(ctx: Context) {
    ctx.body = await ledger(strapi).confirmFunding(body(ctx), staffName(ctx));
  },
  async recordValuation(ctx: Context) {
    ctx.body = await ledger(strapi).recordValuation(body(ctx), staffName(ctx));
  },
  /** A dry run (the default) with the draft permission; writing (?dryRun=false) needs the post permission too. */
  async importCsv(ctx: Context) {
    const dryRun = ctx.query.dryRun !== 'false';
    if (ctx.query.dryRun !== undefined && !['true', 'false'].includes(String(ctx.query.dryRun))) throw new errors.ValidationError('dryRun must be true or false');
    const ability = ctx.state.userAbility as { can(action: string): boolean } | undefined;
    if (!dryRun && !ability?.can(sponsorDeskAction('post'))) throw new errors.ForbiddenError('Only staff who may post can import into the ledger; a dry run is open to you');
    ctx.body = await ledger(strapi).importCsv(await csvBody(ctx), { dryRun }, staffName(ctx));
  },
});

/** What the accountant's CSV may weigh: ten thousand long lines. */
const CSV_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The request's CSV: sent as text/csv (read here, as Strapi's body parser leaves it), as text/plain (parsed already),
 * or as JSON `{ csv }` (the admin panel's fetch client sends JSON).
 */
async function csvBody(ctx: Context): Promise<string> {
  const parsed = (ctx.request as { body?: unknown }).body;
  if (typeof parsed === 'string' && parsed) return parsed;
  if (parsed && typeof parsed === 'object' && typeof (parsed as { csv?: unknown }).csv === 'string') return (parsed as { csv: string }).csv;
  if (!ctx.is('text/csv')) throw new errors.ValidationError('Send the CSV as the body, with Content-Type: text/csv');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > CSV_MAX_BYTES) throw new errors.PayloadTooLargeError('The CSV is larger than 2 MB: split it');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const may = (action: SponsorDeskAction) => ({ policies: ['admin::isAuthenticatedAdmin', { name: 'admin::hasPermissions', config: { actions: [sponsorDeskAction(action)] } }] });

export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    const actions = SPONSOR_DESK_ACTIONS.map((uid) => ({ section: 'plugins', displayName: DISPLAY[uid], uid, pluginName: 'sponsor-desk' }));
    (strapi.service('admin::permission') as unknown as { actionProvider: { registerMany(list: unknown[]): Promise<void> } }).actionProvider.registerMany(actions);
  },
  controllers: { desk: controller },
  routes: {
    admin: {
      type: 'admin',
      routes: [
        { method: 'POST', path: '/fund-events', handler: 'desk.draftEvent', config: may('draft') },
        { method: 'GET', path: '/fund-events/:id', handler: 'desk.findEvent', config: may('read') },
        { method: 'POST', path: '/fund-events/:id/post', handler: 'desk.postEvent', config: may('post') },
        { method: 'POST', path: '/funding', handler: 'desk.confirmFunding', config: may('post') },
        { method: 'POST', path: '/valuations', handler: 'desk.recordValuation', config: may('post') },
        { method: 'POST', path: '/imports', handler: 'desk.importCsv', config: may('draft') },
      ],
    },
  },
};
