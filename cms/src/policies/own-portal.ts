import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { portals } from '../api/portal/services/portal';

/**
 * Route policy 'global::own-portal' for writes to a portal's records: the portal the request is for (see
 * portals.forRequest) must be the signed-in caller's own, since a user's rights hold in their own portal only. The
 * portal is left in ctx.state.portal for the handler. Content staff who work across portals use the admin panel.
 */
export default async (
  policyContext: Core.PolicyContext & { state: Record<string, unknown> },
  _config: unknown,
  { strapi }: { strapi: Core.Strapi },
): Promise<boolean> => {
  const user = policyContext.state.user as { portal?: { id: number } | null } | undefined;
  if (!user) throw new errors.UnauthorizedError('Sign in required');
  // A body that is not a JSON object names no portal; the handler's validation refuses it with a 400 before any write.
  const body = (policyContext as { request?: { body?: unknown } }).request?.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return true;
  const [requested, own] = await Promise.all([portals(strapi).forRequest(policyContext), portals(strapi).ofUser(user)]);
  if (requested.id !== own?.id) throw new errors.PolicyError("You can only change your own portal's content");
  policyContext.state.portal = requested;
  return true;
};
