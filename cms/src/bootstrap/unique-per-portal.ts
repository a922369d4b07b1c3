import type { Core, UID } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { normalizeEmail } from '../api/subscriber/list-key';
import { portalKey } from '../utils/portal-key';

/** A value that must be unique inside one portal (the same value may exist in another portal). */
interface PortalUniqueRule {
  /** The attribute that must be unique. */
  field: string;
  /** The hidden column holding `<portal id>:<value>`, with a unique index. */
  keyField: string;
  /** How the value is stored and compared. */
  normalize?: (value: string) => string;
  /** The message for a duplicate; `where` names the portal. */
  duplicate: (value: string, where: string) => string;
}

const RULES: Record<string, PortalUniqueRule> = {
  'api::content.content': {
    field: 'slug',
    keyField: 'portalSlugKey',
    duplicate: (slug, where) => `A content item with slug "${slug}" already exists in ${where}`,
  },
  'api::blog-item.blog-item': {
    field: 'slug',
    keyField: 'portalSlugKey',
    duplicate: (slug, where) => `An education item with slug "${slug}" already exists in ${where}`,
  },
  'api::notification-template.notification-template': {
    field: 'name',
    keyField: 'portalNameKey',
    duplicate: (name, where) => `A notification template named "${name}" already exists in ${where}`,
  },
  'api::subscriber.subscriber': {
    field: 'email',
    keyField: 'listKey',
    normalize: normalizeEmail,
    duplicate: (email, where) => `${email} is already subscribed in ${where}`,
  },
};

const WRITES = new Set(['create', 'update', 'clone']);

/**
 * The portal lives in a join table, out of reach of a two-column index. So every write (API or admin panel) runs
 * in a transaction that then stores `<portal id>:<value>` in a hidden uniquely indexed column: a duplicate made at
 * leisure gets a clear 400, and one made at the same moment by another request is refused by the database itself.
 */
export function registerUniquePerPortal(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const rule = RULES[context.uid];
    if (!rule || !WRITES.has(context.action)) return next();

    return strapi.db.transaction(async () => {
      const result = await next();
      const documentId = (result as { documentId?: string } | null)?.documentId;
      if (documentId) await storeKey(strapi, context.uid as UID.ContentType, rule, documentId);
      return result;
    });
  });
}

async function storeKey(strapi: Core.Strapi, uid: UID.ContentType, rule: PortalUniqueRule, documentId: string) {
  const saved = (await strapi.db.query(uid).findOne({
    where: { documentId },
    select: ['id', rule.field],
    populate: { portal: { select: ['id', 'slug'] } },
  })) as ({ id: number; portal?: { id: number; slug: string } | null } & Record<string, unknown>) | null;
  if (!saved) return;
  const raw = typeof saved[rule.field] === 'string' ? (saved[rule.field] as string) : '';
  const value = rule.normalize ? rule.normalize(raw) : raw;
  const key = value ? portalKey(saved.portal?.id, value) : null;
  const refusal = () =>
    new errors.ValidationError(rule.duplicate(value, saved.portal ? `portal "${saved.portal.slug}"` : 'no portal'));

  if (key && (await strapi.db.query(uid).count({ where: { [rule.keyField]: key, id: { $ne: saved.id } } })))
    throw refusal();
  try {
    await strapi.db
      .query(uid)
      .update({ where: { id: saved.id }, data: { [rule.field]: value || saved[rule.field], [rule.keyField]: key } });
  } catch (error) {
    // Another request stored the same key between our check and this write: the unique index refused it.
    if (/unique|duplicate key/i.test(String((error as Error)?.message))) throw refusal();
    throw error;
  }
}
