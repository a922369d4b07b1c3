import type { DistributionKind, LedgerLine, LedgerType } from '@portal/rules';
import useSWR from 'swr';
import { useSession } from '@/lib/auth/session-context';
import { api } from '@/lib/api-client';
import { list } from '@/lib/collections';

/** One ledger entry as GET /api/ledger_entries answers it (docs/api-collections.md). */
export interface LedgerEntry {
  id: number;
  documentId: string;
  type: LedgerType;
  kind: DistributionKind | null;
  amount_cents: number;
  effective_date: string;
  note: string | null;
  fund?: { id: number; documentId: string; name: string | null; url_slug: string | null } | null;
  corrects?: { type: LedgerType; kind: DistributionKind | null } | null;
  syndUser?: { id: number; documentId: string } | null;
}

/** The entry as the shared rules read it. */
export const lineOf = (entry: LedgerEntry): LedgerLine => ({
  type: entry.type,
  kind: entry.kind,
  amountCents: entry.amount_cents,
  date: entry.effective_date,
  corrects: entry.corrects ?? null,
});

/** The investor's whole ledger, oldest first, with each entry's fund (the spec's `mine=true`, limit 999). */
export function useLedger() {
  const { me } = useSession();
  return useSWR(me ? ['ledger', me.id] : null, async () => {
    const { items } = await list<LedgerEntry>('ledger_entries', { mine: true, populate: 'fund,corrects,syndUser', sort: 'effective_date', limit: 999 });
    return items;
  });
}

/** A link (valid 5 minutes) to a new sealed capital account statement of one investment. Throws ApiError. */
export const statementDownload = (syndUserId: string, from: string, to: string) =>
  api.post<{ url: string; originalName?: string }>('/api/profile/statements/download', { syndUserId, from, to });
