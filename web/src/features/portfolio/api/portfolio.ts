import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { Page } from '@/lib/collections';
import { usePortal } from '@/lib/portal/portal-context';

/** A portfolio asset as GET /api/contents/portfolio answers it (docs/api-public.md). */
export interface PortfolioAsset {
  id: number;
  name: string | null;
  url: string | null;
  imageUrl: string | null;
  smallImageUrl: string | null;
  assetType: string | null;
  /** The fund's name, else the asset's fundAsString. */
  fundName: string | null;
  isExitedAsset: boolean;
  soldInfoNote: string | null;
  hasStar: boolean;
  ownershipInfoString: string | null;
  /** HTML. */
  description: string | null;
  createdAt: string;
}

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
