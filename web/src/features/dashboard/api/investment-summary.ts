import { INVESTMENT_DISCLAIMER_SLUG, type TaxScheduleState } from '@portal/rules';
import useSWR from 'swr';
import { useNotify } from '@/components/toasts/toasts';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-context';
import { usePrimeContent, type Content } from '@/lib/content';

/** One fund the investor is in, as computed by the CMS (docs/api-investor.md, "Investment summary"). */
export interface SummaryRow {
  fund_name: string;
  investment_made: number;
  current_distribution: number;
  percentage_returned: number;
  current_value: number;
  close_date: string | null;
  /** Beyond the spec (docs/api-investor.md): the annual internal rate of return in percent, where the fund keeps a ledger. */
  irr?: number | null;
  /** (Distributions + value) / paid in. */
  equity_multiple?: number | null;
  dpi?: number | null;
  /** Whether the figures come from the fund's ledger (dated contributions and distributions). */
  has_ledger?: boolean;
  /** The fund's documentId: the row's link to its own transactions. */
  fund_document_id?: string;
}

/**
 * GET /api/syndication/summary: rows newest close date first, the totals, the overall return in percent, and the
 * disclaimer shown under the summary (content item investment-calculations-disclaimer).
 */
export interface InvestmentSummary {
  rows: SummaryRow[];
  /** Beyond the spec: the money over time where funds keep a ledger (empty otherwise). */
  history?: { date: string; contributed: number; distributed: number; value: number }[];
  /** Beyond the spec: capital calls the investor still owes, soonest due first. */
  openCalls?: {
    fund_name: string;
    fund_slug: string | null;
    amount: number;
    due_date: string | null;
    fundEvent: string;
  }[];
  /** Beyond the spec: when each fund's K-1s (or other yearly documents) are expected, or that they are issued. */
  taxDocuments?: {
    fund_name: string;
    taxYear: number;
    documentName: string;
    expectedDate: string | null;
    state: TaxScheduleState;
  }[];
  totals: { invested: number; distribution: number; currentValue: number };
  overallReturn: number;
  disclaimer?: Content | null;
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
