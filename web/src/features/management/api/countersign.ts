import type { Countersigned, CountersignItem, CountersignWaiting } from '@portal/rules';
import useSWR from 'swr';
import { env } from '@/config/env';
import { api, getAuthCode } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-context';

/** The id to countersign an item by: its syndication user's documentId. */
export const countersignIdOf = (item: CountersignItem): string => item.syndUser.documentId;

/** A page of the agreements waiting, and how many there are in all. */
export interface CountersignPage {
  items: CountersignItem[];
  pageCount: number;
  total: number;
}

/** How many agreements one page shows. */
export const COUNTERSIGN_PAGE_SIZE = 25;

/** A page (from 1) of the portal's agreements waiting for management (admins and superadmins); a failed read is an empty list. */
export function useAgreementsToCountersign(page: number) {
  const { me } = useSession();
  return useSWR(me ? ['countersign', me.id, page] : null, async (): Promise<CountersignPage> => {
    const answer = await api.get<CountersignWaiting>(
      `/api/syndication/countersign?page=${page}&pageSize=${COUNTERSIGN_PAGE_SIZE}`,
    );
    const items = Array.isArray(answer?.items) ? answer.items : [];
    return { items, pageCount: answer?.pagination?.pageCount ?? 1, total: answer?.pagination?.total ?? items.length };
  });
}

/** Management signs the agreement; throws ApiError. */
export const countersign = (id: string, name: string) =>
  api.post<Countersigned>('/api/syndication/countersign', { id, name });

/** Where the document an item's investors signed is read (admins of the portal, with the session's header). */
export function countersignDocumentOf(item: CountersignItem): { url: string; headers: Record<string, string> } {
  const authCode = getAuthCode();
  return {
    url: `${env.apiUrl}/api/syndication/countersign/${encodeURIComponent(countersignIdOf(item))}/document`,
    headers: authCode ? { authcode: authCode } : {},
  };
}
