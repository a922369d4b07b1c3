import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, type CmsRequest } from '@/testing/fake-cms';
import { meFixture } from '@/testing/fixtures';
import { findPageHeading, renderAppAs } from '@/testing/render-app';

const fundIII = { documentId: 'fund-iii', name: 'Wasabi Stallion Fund III', url_slug: 'wasabi-stallion-fund-iii' };
const fundIV = { documentId: 'fund-iv', name: 'Wasabi Stallion Fund IV', url_slug: 'wasabi-stallion-fund-iv' };
const row = (
  id: number,
  fund: typeof fundIII,
  description: string,
  amount_cents: number,
  balance_cents: number,
  effective_date: string,
  note: string | null = null,
) => ({
  id,
  documentId: `entry-${id}`,
  effective_date,
  type: description.split(' ')[0].toLowerCase(),
  kind: null,
  description,
  amount_cents,
  balance_cents,
  note,
  fund,
});
const CHOICES = {
  funds: [
    { documentId: 'fund-iii', name: fundIII.name },
    { documentId: 'fund-iv', name: fundIV.name },
  ],
  investments: [
    { syndUser: 'synd-fund-iii', fund: 'fund-iii', name: fundIII.name },
    { syndUser: 'synd-fund-iv', fund: 'fund-iv', name: fundIV.name },
  ],
  years: ['2026', '2025', '2024'],
};
/** The CMS pages and filters: 120 entries newest first, 50 a page, with the balances it computed. */
const PAGES: Record<string, unknown[]> = {
  1: [
    row(120, fundIII, 'Distribution (Return of capital)', 3_000_000, 7_150_000, '2026-02-25'),
    row(119, fundIII, 'Adjustment of a distribution', -50_000, 10_150_000, '2025-09-01', 'Corrected'),
  ],
  3: [row(1, fundIV, 'Contribution', 3_000_000, 3_000_000, '2024-11-25', 'Funding received')],
};

afterEach(() => vi.restoreAllMocks());

function renderTransactions(url = '/dashboard/transactions') {
  return renderAppAs(meFixture(), url, {
    routes: {
      'GET /api/profile/transactions': ({ url: asked }: CmsRequest) => {
        const page = Number(asked.searchParams.get('page'));
        if (asked.searchParams.get('type') === 'fee')
          return { results: [], pagination: { page: 1, pageSize: 50, pageCount: 0, total: 0 }, ...CHOICES };
        return { results: PAGES[page] ?? [], pagination: { page, pageSize: 50, pageCount: 3, total: 120 }, ...CHOICES };
      },
      'GET /api/profile/transactions.csv': () =>
        new Response(
          'Date,Fund,Transaction,Amount,Net invested,Note\r\n2025-09-01,Wasabi Stallion Fund III,Adjustment of a distribution,-500.00,101500.00,Corrected\r\n',
          { headers: { 'content-type': 'text/csv' } },
        ),
      'POST /api/profile/statements/download': () => ({
        url: 'http://cms.test/api/files/statement-token',
        originalName: 'statement-q1.pdf',
      }),
      'GET /api/files/statement-token': () =>
        new Response(new Blob(['%PDF-1.7']), { headers: { 'content-type': 'application/pdf' } }),
    },
  });
}

const rowsOf = async () => {
  const table = await screen.findByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((each) => [...each.querySelectorAll('td')].map((cell) => cell.textContent));
};

describe('/dashboard/transactions', () => {
  it("lists a page of the investor's ledger newest first, with the capital in after each entry as the CMS computed it", async () => {
    const { fetchMock } = renderTransactions();
    expect(await findPageHeading('Transactions')).toBeInTheDocument();
    expect(await rowsOf()).toEqual([
      ['2026-02-25', 'Wasabi Stallion Fund III', 'Distribution (Return of capital)', '$30,000', '$71,500', ''],
      ['2025-09-01', 'Wasabi Stallion Fund III', 'Adjustment of a distribution', '-$500', '$101,500', 'Corrected'],
    ]);
    expect(Object.fromEntries(callsTo(fetchMock, 'GET /api/profile/transactions')[0].url.searchParams)).toEqual({
      page: '1',
      pageSize: '50',
    });
  });

  it('asks the CMS for the page and the filters kept in the address', async () => {
    const { user, fetchMock } = renderTransactions('/dashboard/transactions?fund=fund-iii');
    await rowsOf();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2025');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'distribution');
    await waitFor(() =>
      expect(Object.fromEntries(callsTo(fetchMock, 'GET /api/profile/transactions').at(-1)!.url.searchParams)).toEqual({
        fund: 'fund-iii',
        type: 'distribution',
        year: '2025',
        page: '1',
        pageSize: '50',
      }),
    );
    expect(window.location.search).toBe('?fund=fund-iii&year=2025&type=distribution');

    const pager = screen.getByRole('navigation', { name: 'Transactions pages' });
    await user.clear(within(pager).getByRole('spinbutton'));
    await user.type(within(pager).getByRole('spinbutton'), '3');
    await waitFor(async () => expect((await rowsOf()).map((each) => each[0])).toEqual(['2024-11-25']));
    expect(callsTo(fetchMock, 'GET /api/profile/transactions').at(-1)!.url.searchParams.get('page')).toBe('3');

    // Another filter starts again at the first page.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'fee');
    expect(await screen.findByText('No transactions')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/profile/transactions').at(-1)!.url.searchParams.get('page')).toBe('1');
  });

  it('downloads the CSV the CMS writes of every row the filters show', async () => {
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:transactions';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, fetchMock } = renderTransactions('/dashboard/transactions?fund=fund-iii&year=2025');
    await rowsOf();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const [asked] = callsTo(fetchMock, 'GET /api/profile/transactions.csv');
    expect(Object.fromEntries(asked.url.searchParams)).toEqual({ fund: 'fund-iii', year: '2025' });
    expect(asked.authCode).toBeTruthy();
    expect(await new Response(saved[0]).text()).toContain(
      '2025-09-01,Wasabi Stallion Fund III,Adjustment of a distribution,-500.00,101500.00,Corrected',
    );
  });
});

describe('capital account statement', () => {
  it('downloads the statement of the investment and quarter chosen', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:statement');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, fetchMock } = renderTransactions();
    await rowsOf();
    const investment = screen.getByRole('combobox', { name: 'Investment' });
    expect(
      within(investment)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Wasabi Stallion Fund III', 'Wasabi Stallion Fund IV']);
    await user.selectOptions(investment, 'synd-fund-iv');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Q1 2025');
    await user.click(screen.getByRole('button', { name: 'Download statement' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/profile/statements/download').map(({ body }) => body)).toEqual([
        { syndUserId: 'synd-fund-iv', from: '2025-01-01', to: '2025-03-31' },
      ]),
    );
  });
});
