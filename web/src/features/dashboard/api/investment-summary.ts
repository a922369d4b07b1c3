import { INVESTMENT_DISCLAIMER_SLUG, type InvestmentSummary } from '@portal/rules';
import useSWR from 'swr';
import { useNotify } from '@/components/toasts/toasts';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-context';
import { usePrimeContent } from '@/lib/content';

/** The spec's toast when the summary cannot be read. */
export const SUMMARY_LOAD_FAILED = 'Error loading investment data';

async function loadSummary(): Promise<InvestmentSummary> {
  const answer = await api.get<Partial<InvestmentSummary>>('/api/syndication/summary');
  // A failed read answers null (the client's rule for reads); here the spec asks for a toast, so it is an error. The
  // parts beyond the spec default to empty, for an answer of a CMS that does not send them yet.
  if (!answer || !Array.isArray(answer.rows)) throw new Error(SUMMARY_LOAD_FAILED);
  return {
    rows: answer.rows,
    totals: answer.totals ?? { invested: 0, distribution: 0, currentValue: 0 },
    overallReturn: answer.overallReturn ?? 0,
    disclaimer: answer.disclaimer ?? null,
    history: Array.isArray(answer.history) ? answer.history : [],
    openCalls: Array.isArray(answer.openCalls) ? answer.openCalls : [],
    taxDocuments: Array.isArray(answer.taxDocuments) ? answer.taxDocuments : [],
  };
}

/**
 * The signed-in investor's summary; a failed read toasts 'Error loading investment data' and is not retried by
 * itself (the page shows no summary, as with no rows).
 */
export function useInvestmentSummary() {
  const { me } = useSession();
  const notify = useNotify();
  const primeContent = usePrimeContent();
  const load = async () => {
    const summary = await loadSummary();
    // The disclaimer shows with the rows: cached as the content read it would otherwise need, before the page shows it.
    if (summary.rows.length) await primeContent(INVESTMENT_DISCLAIMER_SLUG, summary.disclaimer ?? null);
    return summary;
  };
  return useSWR(me ? ['syndication-summary', me.id] : null, load, {
    shouldRetryOnError: false,
    onError: () => notify(SUMMARY_LOAD_FAILED, { variant: 'negative' }),
  });
}

export type { InvestmentSummary, SummaryRow } from '@portal/rules';
