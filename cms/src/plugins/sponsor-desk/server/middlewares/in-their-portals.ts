import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import { staffScope, targetInScope, type PortalScope, type ScopedTarget } from '../../../../api/portal/staff-scope';
import { COUNTERSIGN_MAX } from '../validation/requests';

/** Where a call names what it acts on: a route parameter, a query parameter or a body field (a list names several). */
export interface ScopeRule {
  target: ScopedTarget;
  from: 'params' | 'query' | 'body';
  key: string;
}

/** What a call that names something another portal holds is told: what it would be told were it not there. */
const NOT_FOUND: Record<ScopedTarget, string> = {
  fund: 'Fund not found',
  syndUser: 'Commitment not found',
  user: 'Investor not found',
  proofDocument: 'Proof document not found',
  document: 'Document not found',
  fundEvent: 'Fund event not found',
  taxSchedule: 'Tax schedule not found',
  ledgerEntry: 'Ledger entry not found',
};

/** The portals the caller runs, as the route's portal check found them. */
export const scopeOf = (ctx: Context): PortalScope => ctx.state.portalScope as PortalScope;

/**
 * Staff and portals (docs/sponsor-desk.md): the portals the caller runs, kept for the controller, and each thing the
 * call `names` checked to be of one of them; another portal's is not found.
 */
export default ({ names = [] }: { names?: ScopeRule[] }, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: () => Promise<void>) => {
    const scope = await staffScope(strapi, ctx.state.user as never);
    ctx.state.portalScope = scope;
    const sent = (ctx.request as { body?: unknown }).body;
    for (const rule of names) {
      const source =
        rule.from === 'params'
          ? ctx.params
          : rule.from === 'query'
            ? ctx.query
            : sent && typeof sent === 'object'
              ? (sent as Record<string, unknown>)
              : {};
      const value = (source as Record<string, unknown>)[rule.key];
      for (const name of Array.isArray(value) ? value.slice(0, COUNTERSIGN_MAX) : [value]) {
        if (!(await targetInScope(strapi, scope, rule.target, name, ctx.params.kind)))
          throw new errors.NotFoundError(NOT_FOUND[rule.target]);
      }
    }
    await next();
  };
