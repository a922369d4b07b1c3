import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { isHostName, isTimeZone } from '@portal/rules';
import { PORTAL } from '../utils/uids';
const WRITES = new Set(['create', 'update']);
const DOMAINS_MESSAGE =
  'domains must be a list of host names like example.com or www.example.com (no https://, no path)';

/** A domains value as stored: hosts trimmed and lower-cased, empty rows (an added row left blank) dropped. */
function normalisedDomains(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value
    .map((host) => (typeof host === 'string' ? host.trim().toLowerCase() : host))
    .filter((host) => host !== '');
}

const TIME_ZONE_MESSAGE = 'timeZone must be an IANA time zone name like America/New_York or America/Chicago';

const refuse = (field: string, message: string): never => {
  throw new errors.ValidationError(message, { errors: [{ path: [field], message, name: 'ValidationError' }] });
};

/**
 * Every portal write (admin panel, seed, portal:create) stores domains as null or a list of host names, since the
 * site matches the browser's host against them, and a time zone the site can show dates in (an IANA name; empty
 * means the default, DEFAULT_PORTAL_TIME_ZONE). Anything else is refused with a 400 naming the field.
 */
export function registerPortalFieldChecks(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const params = context.params as { data?: Record<string, unknown> };
    if (context.uid !== PORTAL || !WRITES.has(context.action) || !params.data) return next();
    const data = { ...params.data };
    if ('domains' in data) {
      data.domains = normalisedDomains(data.domains);
      if (data.domains !== null && !(Array.isArray(data.domains) && data.domains.every(isHostName)))
        refuse('domains', DOMAINS_MESSAGE);
    }
    if ('timeZone' in data) {
      if (typeof data.timeZone === 'string') data.timeZone = data.timeZone.trim() || null;
      if (data.timeZone !== null && !isTimeZone(data.timeZone)) refuse('timeZone', TIME_ZONE_MESSAGE);
    }
    context.params = { ...params, data } as typeof context.params;
    return next();
  });
}
