import type { Core, UID } from '@strapi/strapi';
import { findByKey, type Key } from '../lib/documents';
import { CONTENT, PORTAL, TEAM_MEMBER } from '../lib/uids';
import type { PortalSpec } from './spec';

export type Change = 'created' | 'updated' | 'unchanged';

export interface Written {
  /** The portal slug, content slug or team member name. */
  key: string;
  change: Change;
  /** The fields written (all given ones when created, the ones that differed when updated). */
  fields: string[];
}

export interface PortalChanges {
  portal: Written;
  contents: Written[];
  teamMembers: Written[];
  /** Slugs of the portals that stopped being the default because this one became it. */
  undefaulted: string[];
}

type Data = Record<string, unknown>;

const same = (stored: unknown, wanted: unknown) => JSON.stringify(stored ?? null) === JSON.stringify(wanted ?? null);

/** Creates the document with this key, or updates the fields of the existing one that differ from `data`. */
async function upsert(
  strapi: Core.Strapi,
  uid: UID.ContentType,
  key: Key,
  data: Data,
): Promise<{ documentId: string; change: Change; fields: string[] }> {
  const documents = strapi.documents(uid);
  const existing = await findByKey(strapi, uid, key);
  if (!existing) {
    const created = await documents.create({ data: { ...data, ...key } });
    return { documentId: created.documentId, change: 'created', fields: Object.keys(data) };
  }
  const fields = Object.keys(data).filter((field) => !same(existing[field], data[field]));
  if (fields.length)
    await documents.update({
      documentId: existing.documentId,
      data: Object.fromEntries(fields.map((field) => [field, data[field]])),
    });
  return { documentId: existing.documentId, change: fields.length ? 'updated' : 'unchanged', fields };
}

/** Only the fields the file gives: a field left out keeps its stored value (or the CMS default on create). */
function given(fields: Data): Data {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/**
 * Creates the portal, or updates the one with the same slug, with its contents and team members, in ONE database
 * transaction: if the CMS rejects any part, nothing of the file is written. Making it the default unsets the others
 * in the same transaction, so there is never a moment with two defaults.
 */
export async function applyPortal(strapi: Core.Strapi, spec: PortalSpec): Promise<PortalChanges> {
  const { slug, contents = [], teamMembers = [], logo: _logo, favicon: _favicon, ...portalFields } = spec;
  return strapi.db.transaction(async () => {
    const portal = await upsert(strapi, PORTAL, { slug }, given(portalFields));
    const undefaulted: string[] = [];
    if (spec.isDefault) {
      const others = await strapi
        .documents(PORTAL)
        .findMany({ filters: { isDefault: { $eq: true }, documentId: { $ne: portal.documentId } } });
      for (const other of others) {
        await strapi.documents(PORTAL).update({ documentId: other.documentId, data: { isDefault: false } });
        undefaulted.push(String(other.slug));
      }
    }
    const inPortal = { portal: portal.documentId };
    const writtenContents: Written[] = [];
    for (const { slug: contentSlug, ...content } of contents) {
      writtenContents.push({
        key: contentSlug,
        ...(await upsert(strapi, CONTENT, { slug: contentSlug, ...inPortal }, given(content))),
      });
    }
    const writtenMembers: Written[] = [];
    for (const [index, { name, ...member }] of teamMembers.entries()) {
      // The file's order is the team page's order.
      writtenMembers.push({
        key: name,
        ...(await upsert(strapi, TEAM_MEMBER, { name, ...inPortal }, given({ ...member, sortOrder: index + 1 }))),
      });
    }
    return { portal: { key: slug, ...portal }, contents: writtenContents, teamMembers: writtenMembers, undefaulted };
  });
}
