import type { Me } from '@/lib/auth/types';
import type { InvestmentView } from '@/lib/investments';
import type { CmsRoute } from '@/testing/fake-cms';
import { meFixture } from '@/testing/fixtures';
import { findPageHeading, renderAppAs } from '@/testing/render-app';

export const SLUG = 'into-mischief';
export const PAGE_URL = `/syndication/dashboard/${SLUG}`;

/** The syndication page of `investment` (answered by byslug) for `me`, once its heading shows. */
export async function renderSyndication(
  investment: InvestmentView | (() => InvestmentView),
  routes: Record<string, CmsRoute> = {},
  me: Me = meFixture({ accreditation: 1 }),
) {
  const app = renderAppAs(me, PAGE_URL, {
    routes: {
      [`GET /api/syndication/byslug/${SLUG}`]: () => (typeof investment === 'function' ? investment() : investment),
      'GET /api/funds/fund-doc-3/synd_documents': () => ({
        items: [
          {
            id: 1,
            documentId: 'dd-1',
            title: ' Offering Memorandum ',
            originalName: 'om.pdf',
            createdAt: '2026-01-02',
          },
          { id: 2, documentId: 'dd-2', title: null, originalName: 'vet-report.pdf', createdAt: '2026-01-03' },
        ],
        total: 2,
      }),
      'GET /api/syndication/mine': () => ({ items: [] }),
      'GET /api/syndication/available': () => ({ items: [] }),
      'GET /api/syndication/summary': () => ({
        rows: [],
        totals: { invested: 0, distribution: 0, currentValue: 0 },
        overallReturn: 0,
      }),
      ...routes,
    },
  });
  await findPageHeading(`${typeof investment === 'function' ? investment().name : investment.name} Syndication`);
  return app;
}
