import type { EducationItemBySlug } from '@portal/rules';
import useSWR from 'swr';
import { ApiError, api } from '@/lib/api-client';
import type { EducationItem } from '@/lib/education';
import { usePortal } from '@/lib/portal/portal-context';

/** The published item `slug` of `portal`; null when the CMS has none (404). Other failures throw. */
async function educationItemBySlug(portal: string, slug: string): Promise<EducationItem | null> {
  try {
    const answer = await api.post<Partial<EducationItemBySlug> | null>('/api/contents/educationbyslug', {
      slug,
      portal,
    });
    return answer?.blogItem ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The selected portal's education item `slug`; a failure is not retried by itself, the page offers a retry. */
export function useEducationItem(slug: string) {
  const { selectedSlug } = usePortal();
  return useSWR(['education-item', selectedSlug, slug], ([, portal, wanted]) => educationItemBySlug(portal, wanted), {
    shouldRetryOnError: false,
  });
}
