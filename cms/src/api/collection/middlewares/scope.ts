import type { Core } from '@strapi/strapi';
import { hasLevel } from '@portal/rules';
import type { Context, Next } from 'koa';
import { portals } from '../../portal/services/portal';
import { sessions } from '../../session/services/session';
import { collectionNamed, type CollectionRule } from '../collections';
import { along } from '../query';

/** What the scope middleware hands the collection controller. */
export interface CollectionScope {
  name: string;
  rule: CollectionRule;
  /** The rows this caller may read, whatever their query says. */
  scope: { $and: Record<string, unknown>[] };
  /** Whether the scope came from a session (the user's portal) rather than from the request alone. */
  signedIn: boolean;
}

/**
 * Route middleware { name: 'api::collection.scope', config: { collection } } on every generic read: decides from the
 * collection table whether the caller may read at all (401 when signed out and the collection is not open to
 * visitors) and which rows: always the caller's portal (a visitor's: the portal the request is for), only their own
 * rows where the table says so or they ask `mine=true`, and the table's fixed condition (published only, not deleted).
 */
export default ({ collection }: { collection: string }, { strapi }: { strapi: Core.Strapi }) => {
  const found = collectionNamed(collection);
  if (!found) throw new Error(`api::collection.scope: ${collection} is not in the collection table`);
  const [name, rule] = found;

  return async (ctx: Context, next: Next) => {
    const user = (await sessions(strapi).fromRequest(ctx))?.user;
    const mine = ctx.query.mine === 'true';
    // Answered here rather than thrown: Strapi's route wrapper would replace a thrown 401's message with 'Unauthorized'.
    if (!user && (rule.read !== 'anyone' || mine)) return ctx.unauthorized('Sign in required');

    const conditions: Record<string, unknown>[] = rule.always ? [rule.always] : [];
    if (rule.portal) {
      const portal = user ? await portals(strapi).ofUser(user) : await portals(strapi).forRequest(ctx);
      // A user whose portal is gone reads nothing rather than everything.
      conditions.push(along(rule.portal, { id: portal?.id ?? { $null: true } }));
    }
    const ownRowsOnly =
      rule.read === 'own' || (rule.read === 'own-or-admin' && !hasLevel(user?.level, 'admin')) || mine;
    if (ownRowsOnly && user && rule.owner) conditions.push(along(rule.owner, { id: user.id }));

    ctx.state.collection = {
      name,
      rule,
      scope: { $and: conditions },
      signedIn: Boolean(user),
    } satisfies CollectionScope;
    await next();
  };
};
