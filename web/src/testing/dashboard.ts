import { screen } from '@testing-library/react';
import type { Me } from '@/lib/auth/types';
import type { InvestmentSummary } from '@/features/dashboard/api/investment-summary';
import { type CmsRoute, callsTo } from './fake-cms';
import { meFixture } from './fixtures';
import { renderAppAs } from './render-app';

/** An investor whose account settings and accreditation are complete. */
export const complete = meFixture({
  homePhone: '555-0100',
  address1: '1 Barn Lane',
  city: 'Lexington',
  country: 'US',
  state: 'Kentucky',
  postalCode: '40511',
  accreditation: 2,
  accreditationDate: new Date().toISOString(),
});

/** A summary of two funds, one without figures yet. */
export const summary: InvestmentSummary = {
  rows: [
    {
      fund_name: 'Stallion Fund 2026',
      investment_made: 50000,
      current_distribution: 0,
      percentage_returned: 0,
      current_value: 52500.5,
      close_date: '2027-03-15T17:00:00.000Z',
      irr: 14.356,
      equity_multiple: 1.05,
      dpi: 0,
      has_ledger: false,
      invested_on: null,
      fund_document_id: 'fund-2026',
    },
    {
      fund_name: 'Unknown Fund',
      investment_made: 25000,
      current_distribution: 3125,
      percentage_returned: 12.5,
      current_value: 25000,
      close_date: null,
      irr: null,
      equity_multiple: null,
      dpi: null,
      has_ledger: false,
      invested_on: null,
      fund_document_id: 'unknown-fund',
    },
  ],
  totals: { invested: 75000, distribution: 3125, currentValue: 77500.5 },
  overallReturn: 7.33400666,
  history: [],
  openCalls: [],
  taxDocuments: [],
  disclaimer: { title: null, body: '<p>Figures are estimates.</p>' },
};
/** The summary of an investor with no rows. */
const noSummary: InvestmentSummary = {
  rows: [],
  totals: { invested: 0, distribution: 0, currentValue: 0 },
  overallReturn: 0,
  history: [],
  openCalls: [],
  taxDocuments: [],
  disclaimer: null,
};

interface Investor {
  me?: Me;
  mine?: CmsRoute;
  available?: CmsRoute;
  summary?: CmsRoute;
}

/** The dashboard at `url` for `me`, its three syndication calls answered as given (else with nothing). */
export function renderDashboard(
  { me = complete, mine, available, summary: summaryRoute }: Investor = {},
  url = '/dashboard',
) {
  return renderAppAs(me, url, {
    routes: {
      'GET /api/syndication/mine': mine ?? (() => ({ items: [] })),
      'GET /api/syndication/available': available ?? (() => ({ items: [] })),
      'GET /api/syndication/summary': summaryRoute ?? (() => noSummary),
    },
  });
}

export const panel = () => screen.getByRole('complementary', { name: 'Your account' });
export const syndicationCalls = (fetchMock: Parameters<typeof callsTo>[0]) =>
  fetchMock.mock.calls.filter(([input]) => new URL(String(input)).pathname.startsWith('/api/syndication'));
export const askedForDisclaimer = (fetchMock: Parameters<typeof callsTo>[0]) =>
  callsTo(fetchMock, 'POST /api/contents/byslug').some(({ body }) =>
    (body as { slug: string[] }).slug.includes('investment-calculations-disclaimer'),
  );
