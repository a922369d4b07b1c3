import useSWR from 'swr';
import type { FileItem } from '@/components/file-list/file-list';
import { useSession } from '@/lib/auth/session-context';
import { type CollectionName, type ListParams, list } from '@/lib/collections';

/** The spec's download paths of the investor's own documents (POST api/{path} {id} -> {url}). */
export const downloadPaths = {
  tax: 'profile/tax_documents/download',
  news: 'profile/news_documents/download',
  proof: 'profile/proof_documents/download',
} as const;

/** The investor's own files of `collection` (the spec's `mine=true`, limit 999); [] when the read failed. */
function useMyFiles(collection: CollectionName, params: ListParams = {}) {
  const { me } = useSession();
  // Keyed by user, so another session never sees this one's list.
  return useSWR(me ? ['documents', collection, me.id, params] : null, async () => {
    const { items } = await list<FileItem>(collection, { mine: true, ...params, limit: 999 });
    return items;
  });
}

/** The investor's tax documents of one year, with their fund. */
export const useTaxDocuments = (year: number) => useMyFiles('tax_documents', { filters: { year }, populate: 'fund' });

/** The investor's news documents, with their fund. */
export const useNewsDocuments = () => useMyFiles('news_documents', { populate: 'fund' });

/** The verification (proof) documents the investor uploaded. */
export const useProofDocuments = () => useMyFiles('proof_documents');
