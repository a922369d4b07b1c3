import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { isHostName } from '@portal/rules';
import { PORTAL } from '../utils/uids';
const WRITES = new Set(['create', 'update']);
const MESSAGE = 'domains must be a list of host names like example.com or www.example.com (no https://, no path)';

/** A domains value as stored: hosts trimmed and lower-cased, empty rows (an added row left blank) dropped. */
function normalisedDomains(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value
    .map((host) => (typeof host === 'string' ? host.trim().toLowerCase() : host))
    .filter((host) => host !== '');
}

/**
 * Every portal write (admin panel, seed, portal:create) stores domains as null or a list of host names, since the
 * site matches the browser's host against them. Anything else is refused with a 400 naming the field.
 */
export function registerPortalDomainsCheck(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const params = context.params as { data?: Record<string, unknown> };
    if (context.uid !== PORTAL || !WRITES.has(context.action) || !params.data || !('domains' in params.data))
      return next();
    const domains = normalisedDomains(params.data.domains);
    if (domains !== null && !(Array.isArray(domains) && domains.every(isHostName))) {
      throw new errors.ValidationError(MESSAGE, {
        errors: [{ path: ['domains'], message: MESSAGE, name: 'ValidationError' }],
      });
    }
    context.params = { ...params, data: { ...params.data, domains } } as typeof context.params;
    return next();
  });
}
