import type { EducationItem, Page } from '@portal/rules';
import useSWR from 'swr';
import { paths } from '@/config/paths';
import { api } from './api-client';
import { usePortal } from './portal/portal-context';

// The CMS's shape (rules/src/contracts/contents.ts), under the name the site's education pages import it by.
export type { EducationItem } from '@portal/rules';

/** The query of GET /api/contents/education, besides the portal; the CMS answers published items only. */
export interface EducationListQuery {
  /** 'video' for videos, 'other' for every other type (papers and links). */
  kind?: 'video' | 'other';
  displayOnPortfolio?: true;
  sort: '-sortOrder' | '-createdAt';
  limit: number;
  offset?: number;
}

/** One page of the portal's education items; a failed read is an empty page, as for every list. */
async function listEducation(portal: string, query: EducationListQuery): Promise<Page<EducationItem>> {
  const answer = await api.get<Partial<Page<EducationItem>>>('/api/contents/education', { portal, ...query });
  const items = Array.isArray(answer?.items) ? answer.items : [];
  return { items, total: typeof answer?.total === 'number' ? answer.total : items.length };
}

/** The selected portal's education items matching `query`; the last page stays shown while the next loads. */
export function useEducationList(query: EducationListQuery) {
  const { selectedSlug } = usePortal();
  return useSWR(['education', selectedSlug, query], ([, portal, wanted]) => listEducation(portal, wanted), {
    keepPreviousData: true,
  });
}

/**
 * The outside page of a link item that has no body of its own: such an item has nothing to show on the
 * site, so it leads straight there. Null for every other item.
 */
export function linkOnlyUrl(item: EducationItem): string | null {
  if (item.type !== 'link' || item.body?.trim()) return null;
  return item.listLinkHref?.trim() || item.url?.trim() || null;
}

/** Where an item's card leads: its own page, or the outside page of a link-only item; null when neither is known. */
export function educationItemLink(item: EducationItem): { href: string; external: boolean } | null {
  const outside = linkOnlyUrl(item);
  if (outside) return { href: outside, external: true };
  return item.slug ? { href: paths.educationItem.getHref(item.slug), external: false } : null;
}
