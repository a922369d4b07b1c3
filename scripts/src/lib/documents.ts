import type { Core, Modules, UID } from '@strapi/strapi';

/** A natural key: field values (for a relation field, the related document's documentId). */
export type Key = Record<string, string | number | boolean>;

/** The first document of `uid` whose key fields equal `key`; relation fields are matched by documentId. */
export async function findByKey(strapi: Core.Strapi, uid: UID.ContentType, key: Key) {
  const attributes = strapi.getModel(uid).attributes as Record<string, { type: string }>;
  const filters: Modules.Documents.Params.Filters.Any<UID.ContentType> = {};
  for (const [field, value] of Object.entries(key)) {
    filters[field] = attributes[field]?.type === 'relation' ? { documentId: { $eq: value } } : { $eq: value };
  }
  return strapi.documents(uid).findFirst({ filters });
}
