import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { InvestmentView } from '@/lib/investments';
import { callsTo, strapiError } from '@/testing/fake-cms';
import { askedForDisclaimer, complete, renderDashboard, summary, syndicationCalls } from '@/testing/dashboard';
import { investmentFixture, syndUserFixture } from '@/testing/investments';
import { findPageHeading } from '@/testing/render-app';

/**
 * The dashboard's right side (/dashboard): the three calls, the available investments as cards, the summary's
 * disclaimer; and the investment summary there and at /dashboard/investment-summary: one row per fund with its
 * figures, links to the transactions, the chart over time (loaded lazily, first by the right side's tests), and close
 * dates as days in the portal's time zone. The left panel: dashboard-page.test.tsx.
 */
// Chart.js needs a canvas jsdom has not got; the stand-in shows what the chart was given.
vi.mock('../components/investment-chart', async () => ({
  default: (await import('@/testing/investment-chart-stand-in')).InvestmentChartStandIn,
}));

describe('/dashboard right side', () => {
  it("says 'No investments available' and shows no summary nor disclaimer without rows", async () => {
    const { fetchMock } = renderDashboard();
    expect(await screen.findByText('No investments available')).toBeInTheDocument();
    await waitFor(() => expect(syndicationCalls(fetchMock)).toHaveLength(3));
    expect(screen.queryByRole('heading', { name: 'Investment Summary' })).not.toBeInTheDocument();
    expect(screen.queryByText('Figures are estimates.')).not.toBeInTheDocument();
    // The disclaimer is not even asked for.
    await new Promise((settle) => setTimeout(settle, 100));
    expect(askedForDisclaimer(fetchMock)).toBe(false);
  });

  it('is filled with 3 calls: mine, available and summary, which carries the disclaimer', async () => {
    const { fetchMock } = renderDashboard({
      mine: () => ({ items: [investmentFixture({ syndUser: syndUserFixture() })] }),
      available: () => ({ items: [investmentFixture()] }),
      summary: () => summary,
    });
    expect(await screen.findByText('Figures are estimates.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Investment Summary' })).toBeInTheDocument();
    expect(
      syndicationCalls(fetchMock)
        .map(([input]) => new URL(String(input)).pathname)
        .sort(),
    ).toEqual(['/api/syndication/available', '/api/syndication/mine', '/api/syndication/summary']);
    // Every other call is the page frame's, made on every page (portal, settings, session, footer, notifications).
    const frame = ['/api/auth/portals', '/api/settings/load', '/api/auth/me', '/api/notifications'];
    const others = fetchMock.mock.calls
      .map(([input, init]) => ({ path: new URL(String(input)).pathname, body: String(init?.body ?? '') }))
      .filter(({ path }) => !path.startsWith('/api/syndication') && !frame.includes(path));
    expect(
      others.every(
        ({ path, body }) => path === '/api/contents/byslug' && !body.includes('investment-calculations-disclaimer'),
      ),
    ).toBe(true);
    expect(askedForDisclaimer(fetchMock)).toBe(false);
    expect(callsTo(fetchMock, 'GET /api/investments')).toHaveLength(0);
    expect(callsTo(fetchMock, 'GET /api/synd_users')).toHaveLength(0);
  });

  it('shows the available investments as cards with the spec labels and status lines', async () => {
    const declined = syndUserFixture({
      invest_status: 'Declined investment',
      isDeclined: true,
      isGoingToInvest: false,
    });
    const items: InvestmentView[] = [
      investmentFixture({ documentId: 'a', name: 'Open Offering' }),
      investmentFixture({ documentId: 'b', name: 'Unsigned', syndUser: syndUserFixture() }),
      investmentFixture({
        documentId: 'c',
        name: 'Signed',
        syndUser: syndUserFixture({ syndAgreementSignedByCurrentUser: true, invest_amount: 0 }),
      }),
      investmentFixture({ documentId: 'd', name: 'Declined', syndUser: declined }),
    ];
    renderDashboard({ available: () => ({ items }) });
    const card = async (name: string) => within(await screen.findByRole('article', { name }));

    const open = await card('Open Offering');
    expect(open.getByRole('link', { name: 'Review Due Diligence' })).toHaveAttribute(
      'href',
      '/syndication/dashboard/into-mischief',
    );
    // 17:00 UTC is noon in Ann's Chicago: a date, its day there.
    expect(open.getByText('Still time to invest! Closes: Mar 15, 2027')).toBeInTheDocument();
    expect(open.getByText('champion')).toBeInTheDocument();

    const unsigned = await card('Unsigned');
    expect(unsigned.getByRole('link', { name: 'Sign Legal Document' })).toBeInTheDocument();
    expect(unsigned.getByText('Your Investment: $50,000')).toBeInTheDocument();

    const signed = await card('Signed');
    expect(signed.getByRole('link', { name: 'Review' })).toBeInTheDocument();
    expect(signed.getByText('Your Investment: $0')).toBeInTheDocument();

    const declinedCard = await card('Declined');
    expect(declinedCard.getByRole('link', { name: 'Invest' })).toBeInTheDocument();
    expect(declinedCard.getByText('Not Investing')).toBeInTheDocument();
  });

  it("toasts 'Error loading investment data' when the summary cannot be read", async () => {
    const { fetchMock } = renderDashboard({ summary: () => strapiError(500, 'Internal Server Error') });
    expect(await screen.findByText('Error loading investment data')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Investment Summary' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/syndication/summary')).toHaveLength(1);
  });
});

describe('investment summary', () => {
  const table = async () => screen.findByRole('table');
  const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

  it('shows one row per fund: dollars, 2-decimal percentages, IRR and multiple (a dash where none), close dates as days', async () => {
    renderDashboard({ summary: () => summary });
    const rows = within(await table()).getAllByRole('row');
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Fund',
      'Investment Made',
      'Current Distribution',
      'Percentage Returned',
      'Current Value',
      'IRR',
      'Equity Multiple',
      'Close Date',
    ]);
    expect(cells(rows[1])).toEqual([
      'Stallion Fund 2026',
      '$50,000',
      '$0',
      '0.00%',
      '$52,500.50',
      '14.36%',
      '1.05x',
      'Mar 15, 2027',
    ]);
    expect(cells(rows[2])).toEqual(['Unknown Fund', '$25,000', '$3,125', '12.50%', '$25,000', '–', '–', '']);
    expect(cells(rows[3])).toEqual(['Total', '$75,000', '$3,125', '', '$77,500.50', '', '', '']);
    expect(screen.getByLabelText('Investment chart')).toHaveTextContent('Stallion Fund 2026, Unknown Fund');
    // No fund here keeps a ledger: nothing to list.
    expect(screen.queryByRole('link', { name: 'Transactions' })).not.toBeInTheDocument();
  });

  it('links the transactions where a fund keeps a ledger, and each such fund’s own', async () => {
    renderDashboard({
      summary: () => ({
        ...summary,
        rows: [
          { ...summary.rows[0], has_ledger: true, fund_document_id: 'fund-2026' },
          { ...summary.rows[1], fund_document_id: 'fund-plain' },
        ],
      }),
    });
    await table();
    expect(screen.getByRole('link', { name: 'Transactions' })).toHaveAttribute('href', '/dashboard/transactions');
    expect(screen.getByRole('link', { name: 'Ledger of Stallion Fund 2026' })).toHaveAttribute(
      'href',
      '/dashboard/transactions?fund=fund-2026',
    );
    // A fund without a ledger has no transactions to show.
    expect(screen.getAllByRole('link', { name: /^Ledger of / })).toHaveLength(1);
  });

  it('charts the money over time where funds keep a ledger', async () => {
    const history = [
      { date: '2024-01-01', contributed: 50_000, distributed: 0, value: 50_000 },
      { date: '2025-01-01', contributed: 50_000, distributed: 2_000, value: 52_500.5 },
    ];
    renderDashboard({ summary: () => ({ ...summary, history }) });
    await table();
    expect(screen.getByLabelText('Investment chart')).toHaveTextContent('Over time: 2024-01-01, 2025-01-01');
  });

  it("shows a close date as the day it is in the portal's time zone, whatever the user's own zone", async () => {
    // 04:30 UTC on March 16 is 00:30 that day in New York (Wasabi Stallions) and 23:30 the day before in Chicago
    // (Oak Harbor); the user's own zone (Tokyo, already the 16th at 13:30) and the device's do not move it.
    const lateClose = {
      ...summary,
      rows: summary.rows.map((row, index) => (index === 0 ? { ...row, close_date: '2027-03-16T04:30:00.000Z' } : row)),
    };
    const tokyo = { ...complete, profileSettings: { timezone: 'Asia/Tokyo' } };
    const first = renderDashboard({ me: tokyo, summary: () => lateClose });
    expect(cells(within(await table()).getAllByRole('row')[1])[7]).toBe('Mar 16, 2027');
    first.unmount();
    renderDashboard({ me: tokyo, summary: () => lateClose }, '/dashboard?portal=oakharbor');
    expect(cells(within(await table()).getAllByRole('row')[1])[7]).toBe('Mar 15, 2027');
  });

  it.each([
    [7.33400666, '7.33%', 'text-success'],
    [-4.2, '-4.20%', 'text-danger'],
    [0, '0.00%', 'text-secondary'],
  ])('colours an overall return of %s', async (overallReturn, shown, colour) => {
    renderDashboard({ summary: () => ({ ...summary, overallReturn }) });
    await table();
    const line = screen.getByText(/^Overall Return:/);
    expect(line).toHaveTextContent(`Overall Return: ${shown}`);
    const value = within(line).getByText(shown);
    expect(value).toHaveClass(colour);
  });

  it('stands alone at /dashboard/investment-summary', async () => {
    const { fetchMock } = renderDashboard({ summary: () => summary }, '/dashboard/investment-summary');
    expect(await findPageHeading('Investment Summary')).toBeInTheDocument();
    expect(await table()).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Your account' })).not.toBeInTheDocument();
    expect(screen.queryByText('Available Investments')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/syndication/available')).toHaveLength(0);
  });
});
