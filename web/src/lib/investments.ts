import type { FundStatus, SyndUserView } from '@portal/rules';
import useSWR from 'swr';
import { paths } from '@/config/paths';
import { api } from './api-client';
import { useSession } from './auth/session-context';

export type { SyndUserView } from '@portal/rules';

/** A fund as the investment view carries it; the funding texts are null until the caller's agreement is complete. */
export interface FundView {
  id: number;
  documentId: string;
  name: string | null;
  type: string | null;
  fund_code: string | null;
  /** HTML. */
  description: string | null;
  fee: number | null;
  status: FundStatus;
  open_date: string | null;
  start_date: string | null;
  close_date: string | null;
  end_date: string | null;
  min_inv_amount: number | null;
  min_inv_amount_for_existing: number | null;
  max_inv_amount: number | null;
  total_inv_amount: number | null;
  schedule_call_url: string | null;
  url_slug: string | null;
  /** HTML. */
  funding_my_investment_description: string | null;
  /** HTML. */
  wire_instructions: string | null;
  /** HTML. */
  check_instructions: string | null;
}

/** One investment of the portal as one investor sees it: GET /api/syndication/mine, available, byslug/:slug. */
export interface InvestmentView {
  id: number;
  documentId: string;
  name: string | null;
  /** HTML. */
  description: string | null;
  website: string | null;
  url_slug: string | null;
  fund: FundView | null;
  syndUser: SyndUserView | null;
  leftAmountToInvest: number;
  minimumAmountToInvest: number;
  maximumAmountToInvest: number;
  isAvailable: boolean;
}

/**
 * Where an investment opens: /syndication/dashboard/{url_slug} (the investment's own slug, else its fund's), or the
 * dashboard when it has none.
 */
export function investmentHref(investment: Pick<InvestmentView, 'url_slug' | 'fund'>): string {
  const slug = investment.url_slug || investment.fund?.url_slug;
  return slug ? paths.syndication.getHref(slug) : paths.dashboard.path;
}

/** SWR keys of the investor's reads, shared by the readers and the writes that change what they hold. */
export const investmentKeys = {
  mine: (userId: number) => ['syndication', 'mine', userId] as const,
  available: (userId: number) => ['syndication', 'available', userId] as const,
  bySlug: (userId: number, slug: string) => ['syndication', 'byslug', userId, slug] as const,
};

/** Whether an SWR key is one of the investor's reads. */
export const isInvestmentKey = (key: unknown) => Array.isArray(key) && key[0] === 'syndication';

async function listOf(path: string): Promise<InvestmentView[] | null> {
  const answer = await api.get<{ items?: InvestmentView[] }>(path);
  return Array.isArray(answer?.items) ? answer.items : null;
}

/**
 * The investments the signed-in user said yes to, newest commitment first; undefined while loading, [] when the
 * read failed (the spec's rule for reads). Keyed by user, so another session never sees this one's list.
 */
export function useMyInvestments() {
  const { me } = useSession();
  return useSWR(me ? investmentKeys.mine(me.id) : null, async () => (await listOf('/api/syndication/mine')) ?? []);
}

/** The portal's investments open for investing, each with the user's syndication user if any, soonest close first. */
export function useAvailableInvestments() {
  const { me } = useSession();
  return useSWR(
    me ? investmentKeys.available(me.id) : null,
    async () => (await listOf('/api/syndication/available')) ?? [],
  );
}
