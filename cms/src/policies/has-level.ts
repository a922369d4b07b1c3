import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { hasLevel, isLevel, type Level } from '@portal/rules';

/**
 * Route policy { name: 'global::has-level', config: { level } }: 401 without a session, 403 when the signed-in
 * user's level is below `level`. The route must resolve the caller first (the authcode strategy does).
 */
export default (
  policyContext: Core.PolicyContext & { state: { user?: { level?: string | null } } },
  config: { level: Level },
): boolean => {
  if (!isLevel(config?.level))
    throw new Error(`has-level policy needs a valid config.level, not ${String(config?.level)}`);
  const { user } = policyContext.state;
  if (!user) throw new errors.UnauthorizedError('Sign in required');
  // A PolicyError is the one 403 Strapi lets through from a policy with its message.
  if (!hasLevel(user.level, config.level)) throw new errors.PolicyError("You don't have rights to perform this action");
  return true;
};
