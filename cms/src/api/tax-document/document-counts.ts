import type { Core, UID } from '@strapi/strapi';
import { USER } from '../../utils/uids';
const NOT_DELETED = { $or: [{ isDeleted: false }, { isDeleted: { $null: true } }] };

/** Each user field that counts one kind of the user's own documents, and the type it counts. */
const COUNTED: [UID.ContentType, string][] = [
  ['api::proof-document.proof-document', 'proofDocumentsCount'],
  ['api::tax-document.tax-document', 'taxDocumentsCount'],
  ['api::news-document.news-document', 'newsDocumentsCount'],
];

/**
 * Sets these users' document counts from their rows that are not deleted. Counted afresh rather than incremented,
 * so a count is right after any change, staff's edits in the panel included.
 */
export async function recountDocuments(strapi: Core.Strapi, userIds: number[]): Promise<void> {
  for (const id of new Set(userIds)) {
    const counts: Record<string, number> = {};
    for (const [uid, field] of COUNTED) {
      counts[field] = Number(await strapi.db.query(uid).count({ where: { $and: [{ user: { id } }, NOT_DELETED] } }));
    }
    await strapi.db.query(USER).update({ where: { id }, data: counts });
  }
}
