import type { ComponentType } from 'react';
import { ContentLayout } from '@/components/layouts/content-layout';
import { SubscribeBlock } from '@/components/subscribe/subscribe-block';
import { usePortal } from '@/lib/portal/portal-context';
import { portalVariant } from '@/lib/portal-variant';
import { FundPortfolio } from '../components/fund-portfolio';
import { SimplePortfolio } from '../components/simple-portfolio';

/** Portals whose portfolio is grouped by fund with filters; every other portal gets the simple one. */
const PORTFOLIOS: Record<string, ComponentType> = {
  wasabistallions: FundPortfolio,
};

/** The portal's portfolio, in its own layout, then the newsletter sign-up. */
export function PortfolioPage() {
  const { selectedSlug } = usePortal();
  const Portfolio = portalVariant(PORTFOLIOS, selectedSlug, SimplePortfolio);
  return (
    <>
      <ContentLayout title="Portfolio">
        <Portfolio />
      </ContentLayout>
      <SubscribeBlock />
    </>
  );
}
