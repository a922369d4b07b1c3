import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { never } from '@/testing/fetch-stub';
import { complete, panel, renderDashboard, summary } from '@/testing/dashboard';
import { meFixture } from '@/testing/fixtures';
import { fundFixture, investmentFixture, syndUserFixture } from '@/testing/investments';
import { findPageHeading } from '@/testing/render-app';

/**
 * The investor's dashboard (/dashboard), its left panel: the account, my investments, what to complete, open capital
 * calls, K-1s, and the agreements to countersign. Its right side and the investment summary:
 * dashboard-summary.test.tsx.
 */
// Chart.js needs a canvas jsdom has not got; the stand-in shows what the chart was given.
vi.mock('../components/investment-chart', async () => ({
  default: (await import('@/testing/investment-chart-stand-in')).InvestmentChartStandIn,
}));

describe('/dashboard left panel', () => {
  it('shows the display name, Account settings, a spinner while my investments load', async () => {
    renderDashboard({ mine: never });
    expect(await findPageHeading('Dashboard')).toBeInTheDocument();
    expect(within(panel()).getByRole('heading', { name: 'Ann Investor' })).toBeInTheDocument();
    expect(within(panel()).getByRole('link', { name: 'Account settings' })).toHaveAttribute('href', '/profile');
    expect(within(panel()).getByText('My Investments:')).toBeInTheDocument();
    expect(within(panel()).getByRole('status')).toHaveTextContent('Loading…');
    expect(within(panel()).queryByText('News Documents')).not.toBeInTheDocument();
    expect(within(panel()).queryByText('Please Complete:')).not.toBeInTheDocument();
    expect(within(panel()).queryByText('Agreements to countersign')).not.toBeInTheDocument();
  });

  it("says 'No investments' when the investor has none", async () => {
    renderDashboard();
    expect(
      await within(await screen.findByRole('complementary', { name: 'Your account' })).findByText('No investments'),
    ).toBeInTheDocument();
  });

  it('lists my investments, each linking to its syndication page (or the dashboard without a slug)', async () => {
    const noSlug = investmentFixture({
      documentId: 'investment-doc-6',
      name: 'Unnamed Colt',
      url_slug: null,
      fund: fundFixture({ url_slug: null }),
    });
    const fundSlug = investmentFixture({ documentId: 'investment-doc-7', name: 'Fund Shares', url_slug: null });
    renderDashboard({
      mine: () => ({ items: [investmentFixture({ syndUser: syndUserFixture() }), fundSlug, noSlug] }),
    });
    const list = await within(await screen.findByRole('complementary')).findByRole('list', { name: 'My Investments' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Into Mischief Shares', '/syndication/dashboard/into-mischief'],
      ['Fund Shares', '/syndication/dashboard/stallion-fund-2026'],
      ['Unnamed Colt', '/dashboard'],
    ]);
  });

  it("links News Documents when the user has some, and 'Please Complete:' what is missing", async () => {
    renderDashboard({ me: meFixture({ newsDocumentsCount: 2, accreditation: 0 }) });
    await findPageHeading('Dashboard');
    expect(within(panel()).getByRole('link', { name: 'News Documents' })).toHaveAttribute('href', '/news_documents');
    expect(within(panel()).getByText('Please Complete:')).toBeInTheDocument();
    const toComplete = within(panel()).getByRole('list', { name: 'Please Complete' });
    expect(
      within(toComplete)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Account settings', '/profile'],
      ['Accreditation status', '/accreditation_status'],
    ]);
  });

  it("lists open capital calls under 'Please Complete:', each leading to the call's own page", async () => {
    renderDashboard({
      summary: () => ({
        ...summary,
        openCalls: [
          {
            fund_name: 'Wasabi Stallion Fund IV',
            fund_slug: 'wasabi-stallion-fund-iv',
            amount: 15_000,
            due_date: '2026-12-15',
            fundEvent: 'call-1',
          },
        ],
      }),
    });
    const toComplete = await within(await screen.findByRole('complementary', { name: 'Your account' })).findByRole(
      'list',
      { name: 'Please Complete' },
    );
    expect(
      within(toComplete)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([['Capital call: Wasabi Stallion Fund IV, $15,000 due Dec 15, 2026', '/dashboard/capital-calls/call-1']]);
  });

  it("says when each fund's K-1 is expected, and leads to Tax Documents once it is issued", async () => {
    renderDashboard({
      summary: () => ({
        ...summary,
        taxDocuments: [
          {
            fund_name: 'Wasabi Stallion Fund IV',
            taxYear: 2026,
            documentName: 'K-1',
            expectedDate: '2027-03-15',
            state: 'pending',
          },
          {
            fund_name: 'Wasabi Stallion Fund III',
            taxYear: 2025,
            documentName: 'K-1',
            expectedDate: '2026-03-15',
            state: 'issued',
          },
        ],
      }),
    });
    const taxes = await within(await screen.findByRole('complementary', { name: 'Your account' })).findByRole('list', {
      name: 'Tax Documents',
    });
    expect(
      within(taxes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Wasabi Stallion Fund IV: K-1 for 2026 expected by March 15',
      'Wasabi Stallion Fund III: K-1 for 2025 is ready under Tax Documents',
    ]);
    expect(
      within(taxes).getByRole('link', { name: 'Wasabi Stallion Fund III: K-1 for 2025 is ready under Tax Documents' }),
    ).toHaveAttribute('href', '/tax_documents');
    expect(within(taxes).getAllByRole('link')).toHaveLength(1);
  });

  it('links the agreements to countersign for admins', async () => {
    renderDashboard({ me: { ...complete, level: 'admin' } });
    await findPageHeading('Dashboard');
    expect(within(panel()).getByRole('link', { name: 'Agreements to countersign' })).toHaveAttribute(
      'href',
      '/management/countersign',
    );
  });
});
