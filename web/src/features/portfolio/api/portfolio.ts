import type { Page, PortfolioAsset } from '@portal/rules';
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { usePortal } from '@/lib/portal/portal-context';

// The CMS's shape (rules/src/contracts/contents.ts), under the name the portfolio's components import it by.
export type { PortfolioAsset } from '@portal/rules';

/** The spec's portfolio list limit: the whole portfolio in one page. */
const PORTFOLIO_LIMIT = 999;

async function listPortfolio(portal: string): Promise<PortfolioAsset[]> {
  const answer = await api.get<Partial<Page<PortfolioAsset>>>('/api/contents/portfolio', {
    portal,
    limit: PORTFOLIO_LIMIT,
  });
  return Array.isArray(answer?.items) ? answer.items : [];
}

/** Every asset of the selected portal, in the CMS's order; a failed read is an empty portfolio. */
export function usePortfolio() {
  const { selectedSlug } = usePortal();
  return useSWR(['portfolio', selectedSlug], ([, portal]) => listPortfolio(portal));
}
