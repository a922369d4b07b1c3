import type { Core, UID } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { hasControlCharacters } from '../utils/validation';
import { isOwnType, USER } from '../utils/uids';

const WRITES = new Set(['create', 'update', 'clone']);
const PLAIN_TEXT_TYPES = new Set(['string', 'text', 'email', 'uid']);

/**
 * Every create, update and clone through the Document Service (our endpoints, the admin panel, the seed) refuses a
 * plain-text attribute (titles, names, emails) holding control characters or lone surrogates with a 400 naming the
 * field: such text cannot be shown or searched as written, and NUL breaks PostgreSQL text columns.
 */
export function registerPlainTextCheck(strapi: Core.Strapi): void {
  const plainTextOf = new Map<string, string[]>();

  strapi.documents.use(async (context, next) => {
    if (!WRITES.has(context.action) || !(isOwnType(context.uid) || context.uid === USER)) return next();
    let fields = plainTextOf.get(context.uid);
    if (!fields) {
      const attributes = strapi.getModel(context.uid as UID.ContentType)?.attributes ?? {};
      fields = Object.entries(attributes)
        .filter(([, attribute]) => PLAIN_TEXT_TYPES.has(attribute.type))
        .map(([name]) => name);
      plainTextOf.set(context.uid, fields);
    }
    const data = (context.params as { data?: Record<string, unknown> }).data ?? {};
    const field = fields.find((name) => typeof data[name] === 'string' && hasControlCharacters(data[name] as string));
    if (field) throw new errors.ValidationError(`${field} must not contain control characters`);
    return next();
  });
}
