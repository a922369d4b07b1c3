import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Me } from '@/lib/auth/types';
import type { InvestmentView } from '@/lib/investments';
import { type CmsRoute, callsTo, strapiError } from '@/testing/fake-cms';
import { never } from '@/testing/fetch-stub';
import { meFixture } from '@/testing/fixtures';
import { fundFixture, investmentFixture, syndUserFixture } from '@/testing/investments';
import { findPageHeading, renderAppAs } from '@/testing/render-app';
import type { InvestmentSummary } from '../api/investment-summary';

// Chart.js needs a canvas jsdom has not got; the stand-in shows what the chart was given.
vi.mock('../components/investment-chart', () => ({
  default: ({ rows, history = [] }: { rows: { fund_name: string }[]; history?: { date: string }[] }) => (
    <figure aria-label="Investment chart">
      {history.length
        ? `Over time: ${history.map((point) => point.date).join(', ')}`
        : rows.map((row) => row.fund_name).join(', ')}
    </figure>
  ),
}));

/** An investor whose account settings and accreditation are complete. */
const complete = meFixture({
  homePhone: '555-0100',
  address1: '1 Barn Lane',
  city: 'Lexington',
  country: 'US',
  state: 'Kentucky',
  postalCode: '40511',
  accreditation: 2,
  accreditationDate: new Date().toISOString(),
});

const summary: InvestmentSummary = {
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

function renderDashboard({ me = complete, mine, available, summary: summaryRoute }: Investor = {}, url = '/dashboard') {
  return renderAppAs(me, url, {
    routes: {
      'GET /api/syndication/mine': mine ?? (() => ({ items: [] })),
      'GET /api/syndication/available': available ?? (() => ({ items: [] })),
      'GET /api/syndication/summary': summaryRoute ?? (() => noSummary),
    },
  });
}

const panel = () => screen.getByRole('complementary', { name: 'Your account' });
const syndicationCalls = (fetchMock: Parameters<typeof callsTo>[0]) =>
  fetchMock.mock.calls.filter(([input]) => new URL(String(input)).pathname.startsWith('/api/syndication'));
const askedForDisclaimer = (fetchMock: Parameters<typeof callsTo>[0]) =>
  callsTo(fetchMock, 'POST /api/contents/byslug').some(({ body }) =>
    (body as { slug: string[] }).slug.includes('investment-calculations-disclaimer'),
  );

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

  it("lists open capital calls under 'Please Complete:', each leading to its fund's funding instructions", async () => {
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
    ).toEqual([
      [
        'Capital call: Wasabi Stallion Fund IV, $15,000 due Dec 15, 2026',
        '/syndication/dashboard/wasabi-stallion-fund-iv',
      ],
    ]);
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

  it('shows one row per fund: dollars, 2-decimal percentages, IRR and multiple (a dash where none), dates in the user timezone', async () => {
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

  it("formats dates in the user's own timezone", async () => {
    renderDashboard({ me: { ...complete, profileSettings: { timezone: 'Asia/Tokyo' } }, summary: () => summary });
    const rows = within(await table()).getAllByRole('row');
    expect(cells(rows[1])[7]).toBe('Mar 16, 2027');
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
