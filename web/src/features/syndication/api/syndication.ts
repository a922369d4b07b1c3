import type { CommitAnswer, DownloadLink, SignRequestAnswer, SyncSignAnswer } from '@portal/rules';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { FileItem } from '@/components/file-list/file-list';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-context';
import { type InvestmentView, type SyndUserView, investmentKeys, isInvestmentKey } from '@/lib/investments';
import type { InvestFormValues } from '../invest-form-rules';
import { investingPayload } from '../invest-form-rules';

/** The investment of `slug` as the signed-in investor sees it; null when there is none (or it cannot be read). */
export function useInvestmentBySlug(slug: string) {
  const { me } = useSession();
  return useSWR(me ? investmentKeys.bySlug(me.id, slug) : null, ([, , , wanted]) =>
    api.get<InvestmentView>(`/api/syndication/byslug/${encodeURIComponent(wanted)}`),
  );
}

// The signing answers (rules/src/contracts/signing.ts), under the name the syndication components import it by.
export type { SyncSignAnswer } from '@portal/rules';

/** Starts signing (when not started) and answers the caller's link. Throws ApiError. */
export const requestSign = (id: string) => api.post<SignRequestAnswer>('/api/syndication/request_sign', { id });

/** The signing state from the provider. Throws ApiError. */
export const syncSign = (id: string) => api.post<SyncSignAnswer>('/api/syndication/sync_sign', { id });

/** A link (valid 5 minutes) to the completed agreement. Throws ApiError. */
export const agreementDownload = (syndUserId: string) =>
  api.post<DownloadLink>('/api/profile/synd_agreements/download', { syndUserId });

/**
 * The writes of the syndication page. Each puts what the CMS answers in the cached investment at once (so the
 * page moves on without a reload), then reads the investor's lists again, which a decision changes.
 */
export function useSyndicationActions(slug: string) {
  const { me } = useSession();
  const { mutate } = useSWRConfig();
  const userId = me?.id ?? 0;

  const updateSyndUser = useCallback(
    async (change: (syndUser: SyndUserView | null) => SyndUserView | null) => {
      await mutate<InvestmentView | null>(
        investmentKeys.bySlug(userId, slug),
        (view) => (view ? { ...view, syndUser: change(view.syndUser) } : view),
        { revalidate: false },
      );
    },
    [mutate, slug, userId],
  );

  /** Reads the investment again (its amounts left, the funding texts once complete). */
  const reload = useCallback(() => mutate(investmentKeys.bySlug(userId, slug)), [mutate, slug, userId]);

  const refreshLists = useCallback(
    () => mutate((key) => isInvestmentKey(key) && (key as unknown[])[1] !== 'byslug'),
    [mutate],
  );

  const commit = useCallback(
    async (id: string, values: InvestFormValues): Promise<SyndUserView> => {
      const answer =
        values.choice === '1'
          ? await api.post<CommitAnswer>('/api/syndication/set_investing', investingPayload(id, values))
          : await api.post<CommitAnswer>('/api/syndication/set_not_investing', { id, feedback: values.feedback });
      await updateSyndUser(() => answer.syndUser);
      void refreshLists();
      return answer.syndUser;
    },
    [refreshLists, updateSyndUser],
  );

  /** Puts a signing state (from sync_sign or request_sign) into the cached syndication user. */
  const applySigning = useCallback(
    (state: Partial<SyndUserView>) =>
      updateSyndUser((syndUser) => (syndUser ? { ...syndUser, ...withoutUnknown(state) } : syndUser)),
    [updateSyndUser],
  );

  return { commit, applySigning, reload };
}

/** A partial answer with its undefined fields left out, so they do not overwrite what is known. */
function withoutUnknown<T extends object>(state: T): Partial<T> {
  return Object.fromEntries(Object.entries(state).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The fund's due-diligence documents (read-only), up to the spec's 999; [] when the read failed. */
export function useDueDiligenceDocuments(fundDocumentId: string | null) {
  return useSWR(fundDocumentId ? ['synd-documents', fundDocumentId] : null, async ([, fund]) => {
    const answer = await api.get<{ items?: FileItem[] }>(`/api/funds/${encodeURIComponent(fund)}/synd_documents`, {
      limit: 999,
    });
    return Array.isArray(answer?.items) ? answer.items : [];
  });
}

/** The spec's download path of the fund's due-diligence documents: profile/synd_documents/download?fundId={id}. */
export const dueDiligenceDownloadPath = (fundId: string) =>
  `profile/synd_documents/download?fundId=${encodeURIComponent(fundId)}`;
