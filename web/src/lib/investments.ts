import { investmentPath, type InvestmentView } from '@portal/rules';
import useSWR from 'swr';
import { api } from './api-client';
import { useSession } from './auth/session-context';

// The shapes the CMS answers (rules/src/contracts.ts), under the names the site's features import them by.
export type { FundView, InvestmentView, SyndUserView } from '@portal/rules';

/** Where an investment opens (rules' investmentPath: its slug, else its fund's, else the dashboard). */
export const investmentHref = (investment: Pick<InvestmentView, 'url_slug' | 'fund'>): string =>
  investmentPath(investment.url_slug, investment.fund?.url_slug);

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
