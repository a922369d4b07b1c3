import type { Core, UID } from '@strapi/strapi';
import { sanitizeRichText } from '../utils/html';
import { isOwnType, USER } from '../utils/uids';

const WRITES = new Set(['create', 'update', 'clone']);

/**
 * Every create, update and clone through the Document Service (the REST API, our endpoints, the admin panel, the
 * seed) stores the richtext attributes of our types (api::*, and the user type should it get one) sanitised, so no
 * script ever reaches a page that shows them. The HTML custom field (global::html) is stored as richtext, and Strapi
 * gives custom fields their stored type when it loads the schemas, so the check below finds it too. Writes through strapi.db.query skip this: keep those off rich text.
 */
export function registerRichTextSanitising(strapi: Core.Strapi): void {
  const richTextOf = new Map<string, string[]>();

  strapi.documents.use(async (context, next) => {
    if (!WRITES.has(context.action) || !(isOwnType(context.uid) || context.uid === USER)) return next();
    let fields = richTextOf.get(context.uid);
    if (!fields) {
      const attributes = strapi.getModel(context.uid as UID.ContentType)?.attributes ?? {};
      fields = Object.entries(attributes)
        .filter(([, attribute]) => attribute.type === 'richtext')
        .map(([name]) => name);
      richTextOf.set(context.uid, fields);
    }
    const params = context.params as { data?: Record<string, unknown> };
    if (!fields.length || !params.data) return next();

    // A copy, so the caller's object keeps what it sent.
    const data = { ...params.data };
    for (const field of fields) {
      const value = data[field];
      if (typeof value === 'string') data[field] = sanitizeRichText(value);
    }
    context.params = { ...params, data } as typeof context.params;
    return next();
  });
}
