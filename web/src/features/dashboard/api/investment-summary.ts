import useSWR from 'swr';
import { useNotify } from '@/components/toasts/toasts';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-context';

/** One fund the investor is in, as computed by the CMS (docs/api-investor.md, "Investment summary"). */
export interface SummaryRow {
  fund_name: string;
  investment_made: number;
  current_distribution: number;
  percentage_returned: number;
  current_value: number;
  close_date: string | null;
}

/** GET /api/syndication/summary: rows newest close date first, the totals and the overall return in percent. */
export interface InvestmentSummary {
  rows: SummaryRow[];
  totals: { invested: number; distribution: number; currentValue: number };
  overallReturn: number;
}

/** The spec's toast when the summary cannot be read. */
export const SUMMARY_LOAD_FAILED = 'Error loading investment data';

async function loadSummary(): Promise<InvestmentSummary> {
  const answer = await api.get<Partial<InvestmentSummary>>('/api/syndication/summary');
  // A failed read answers null (the client's rule for reads); here the spec asks for a toast, so it is an error.
  if (!answer || !Array.isArray(answer.rows)) throw new Error(SUMMARY_LOAD_FAILED);
  return {
    rows: answer.rows,
    totals: answer.totals ?? { invested: 0, distribution: 0, currentValue: 0 },
    overallReturn: answer.overallReturn ?? 0,
  };
}

/**
 * The signed-in investor's summary; a failed read toasts 'Error loading investment data' and is not retried by
 * itself (the page shows no summary, as with no rows).
 */
export function useInvestmentSummary() {
  const { me } = useSession();
  const notify = useNotify();
  return useSWR(me ? ['syndication-summary', me.id] : null, loadSummary, {
    shouldRetryOnError: false,
    onError: () => notify(SUMMARY_LOAD_FAILED, { variant: 'negative' }),
  });
}
