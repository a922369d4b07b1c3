import { api, type QueryParams } from './api-client';

/** The spec's collection names and the REST paths Strapi serves them at. */
export const MODELS = {
  blog_items: 'blog-items',
  assets_items: 'assets-items',
  contents: 'contents',
  team_members: 'team-members',
  portals: 'portals',
  notifications: 'notifications',
  funds: 'funds',
  investments: 'investments',
  synd_users: 'synd-users',
  proof_documents: 'proof-documents',
  tax_documents: 'tax-documents',
  news_documents: 'news-documents',
  synd_documents: 'synd-documents',
} as const;

export type ModelName = keyof typeof MODELS;

/** One page of a list; a failed list read is `{ items: [], total: 0 }`. */
export interface Page<T> {
  items: T[];
  total: number;
}

/** Any stored item. Strapi 5 addresses documents by documentId; `_id` and `id` are accepted for older callers. */
export interface Identified {
  id?: number | string;
  _id?: string;
  documentId?: string;
}

/** Strapi's REST envelope: `{ data, meta: { pagination: { total } } }`. */
interface Envelope<T> {
  data?: T;
  meta?: { pagination?: { total?: number } };
}

/** Keys Strapi owns; it rejects them inside an update's `data`. */
const SYSTEM_KEYS = new Set(['id', '_id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt']);

function collectionPath(model: ModelName): string {
  // Names can come from content at run time, so the type alone does not guarantee a known model.
  if (!Object.hasOwn(MODELS, model)) {
    throw new Error('Model is not defined on backend. Maybe try to reboot the instance.');
  }
  return `/api/${MODELS[model]}`;
}

function itemPath(model: ModelName, item: Identified): string {
  const key = item.documentId ?? item._id ?? item.id;
  if (key === undefined || key === '') throw new Error('id or _id is required');
  return `${collectionPath(model)}/${encodeURIComponent(String(key))}`;
}

/** Lists a collection with Strapi query params (filters, populate, sort, pagination). */
export async function list<T>(model: ModelName, params?: QueryParams): Promise<Page<T>> {
  const answer = await api.get<Envelope<T[]>>(collectionPath(model), params);
  const items = Array.isArray(answer?.data) ? answer.data : [];
  return { items, total: answer?.meta?.pagination?.total ?? items.length };
}

/** One item by its documentId, or null when it is missing or the read failed. */
export async function getOne<T>(model: ModelName, id: string | number, params?: QueryParams): Promise<T | null> {
  const answer = await api.get<Envelope<T>>(`${collectionPath(model)}/${encodeURIComponent(String(id))}`, params);
  return answer?.data ?? null;
}

/** Creates an item and answers it as stored; throws ApiError when the CMS refuses. */
export async function create<T>(model: ModelName, data: Partial<T>): Promise<T> {
  const answer = await api.post<Envelope<T>>(collectionPath(model), { data });
  return answer?.data as T;
}

/** Saves an item's fields; throws ApiError when the CMS refuses. */
export async function update<T extends Identified>(model: ModelName, item: T): Promise<T> {
  const data = Object.fromEntries(Object.entries(item).filter(([key]) => !SYSTEM_KEYS.has(key)));
  const answer = await api.put<Envelope<T>>(itemPath(model, item), { data });
  return answer?.data as T;
}

/** Deletes an item; false when the call failed. */
export async function remove(model: ModelName, item: Identified): Promise<boolean> {
  return api.delete(itemPath(model, item));
}
