import type { Core, UID } from '@strapi/strapi';
import { findByKey, type Key } from '../lib/documents';
import { productFlow } from '../../../cms/src/utils/product-flow';
import { SeedImage, seedImageUrls } from './media';

export type Fields = Record<string, unknown>;

/** A relation to another seeded record, named by that record's natural key; resolved to its documentId on write. */
export class Ref {
  constructor(
    readonly uid: UID.ContentType,
    readonly key: Fields,
  ) {}
}

export function ref(uid: UID.ContentType, key: Fields): Ref {
  return new Ref(uid, key);
}

/** One record the seed wants to exist, found by the natural key `key` (names of fields in `data`). */
export interface SeedRecord {
  uid: UID.ContentType;
  key: string[];
  data: Fields;
}

export function record(uid: UID.ContentType, key: string[], data: Fields): SeedRecord {
  return { uid, key, data };
}

/** Where records of one type are found and created. */
export interface Store {
  /** The documentId (or id) of the record with these key values, if there is one. */
  find(key: Fields): Promise<string | null>;
  /** Creates the record and answers its documentId (or id). */
  create(data: Fields): Promise<string>;
}

export interface Outcome {
  record: SeedRecord;
  created: boolean;
}

type Tally = Record<string, { created: number; skipped: number }>;

/**
 * Writes SeedRecords without ever changing an existing one: a record whose key is found is skipped, otherwise it
 * is created. Relations (Ref values) are resolved to documentIds first, so the data can name them by natural key,
 * and pictures (SeedImage values) to their media library URL, uploading them when a record first needs them.
 * Types with their own rules for writing (admin users) bring their own Store; everything else goes through the
 * Document Service, which validates the data and hashes passwords like the admin panel does.
 */
export function createSeeder(strapi: Core.Strapi, stores: Partial<Record<string, Store>> = {}) {
  const known = new Map<string, string>();
  const tally: Tally = {};
  const imageUrl = seedImageUrls(strapi);

  const storeOf = (uid: UID.ContentType): Store => stores[uid] ?? documentStore(strapi, uid, resolve);

  async function idOf(target: Ref): Promise<string> {
    const cacheKey = `${target.uid} ${JSON.stringify(target.key)}`;
    const cached = known.get(cacheKey);
    if (cached) return cached;
    const id = await storeOf(target.uid).find(target.key);
    if (!id) throw new Error(`Seed data refers to a missing ${target.uid} ${JSON.stringify(target.key)}`);
    known.set(cacheKey, id);
    return id;
  }

  async function resolve(value: unknown): Promise<unknown> {
    if (value instanceof Ref) return idOf(value);
    if (value instanceof SeedImage) return imageUrl(value);
    if (Array.isArray(value)) return Promise.all(value.map(resolve));
    return value;
  }

  async function ensure(wanted: SeedRecord): Promise<Outcome> {
    const key = Object.fromEntries(wanted.key.map((field) => [field, wanted.data[field]]));
    const missing = wanted.key.filter((field) => key[field] === undefined || key[field] === null || key[field] === '');
    if (missing.length)
      throw new Error(`Seed record of ${wanted.uid} has no value for its key field(s) ${missing.join(', ')}`);

    const store = storeOf(wanted.uid);
    const existing = await store.find(key);
    const id = existing ?? (await store.create(wanted.data));
    known.set(`${wanted.uid} ${JSON.stringify(key)}`, id);
    const counts = (tally[wanted.uid] ??= { created: 0, skipped: 0 });
    if (existing) counts.skipped += 1;
    else counts.created += 1;
    return { record: wanted, created: !existing };
  }

  return { ensure, tally };
}

type Resolve = (value: unknown) => Promise<unknown>;

/** Records written through the Document Service. */
function documentStore(strapi: Core.Strapi, uid: UID.ContentType, resolve: Resolve): Store {
  const resolveAll = async (fields: Fields) =>
    Object.fromEntries(
      await Promise.all(Object.entries(fields).map(async ([field, value]) => [field, await resolve(value)])),
    );
  return {
    async find(key) {
      // Key values are the seed data's own strings, numbers and booleans, or documentIds of resolved Refs.
      return (await findByKey(strapi, uid, (await resolveAll(key)) as Key))?.documentId ?? null;
    },
    async create(data) {
      // The seed is one of the product's own flows: it writes demo commitments as signed or funded, which staff cannot.
      const fields = await resolveAll(data);
      return (await productFlow('seed', () => strapi.documents(uid).create({ data: fields }))).documentId;
    },
  };
}
