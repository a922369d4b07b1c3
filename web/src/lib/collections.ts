import type { Page } from '@portal/rules';
import { api } from './api-client';

/**
 * The collections of the CMS's generic calls (spec 02, section 7; the CMS's table in cms/src/api/collection): who
 * may read which rows is decided there, so the site never builds a portal or owner filter itself.
 */
export type CollectionName =
  | 'blog_items'
  | 'assets_items'
  | 'team_members'
  | 'notifications'
  | 'funds'
  | 'investments'
  | 'synd_users'
  | 'tax_documents'
  | 'news_documents'
  | 'proof_documents'
  | 'synd_documents'
  | 'synd_agreements'
  | 'ledger_entries';

/** What a list may ask: Strapi-style filters, the relations to populate, sort ('-createdAt'), paging, and `mine`. */
export interface ListParams {
  filters?: Record<string, unknown>;
  populate?: string;
  sort?: string;
  limit?: number;
  offset?: number;
  /** Only the caller's own rows. */
  mine?: boolean;
  /** A visitor's portal (a signed-in caller always reads their own portal's rows). */
  portal?: string;
}

/** GET /api/{collection}: the rows the caller may read; per the spec a failed read is an empty page. */
export async function list<T>(collection: CollectionName, params: ListParams = {}): Promise<Page<T>> {
  const answer = await api.get<Partial<Page<T>>>(`/api/${collection}`, { ...params });
  const items = Array.isArray(answer?.items) ? answer.items : [];
  return { items, total: typeof answer?.total === 'number' ? answer.total : items.length };
}
