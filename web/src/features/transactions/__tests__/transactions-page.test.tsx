import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo } from '@/testing/fake-cms';
import { meFixture } from '@/testing/fixtures';
import { findPageHeading, renderAppAs } from '@/testing/render-app';

const fundIII = { id: 3, documentId: 'fund-iii', name: 'Wasabi Stallion Fund III', url_slug: 'wasabi-stallion-fund-iii' };
const fundIV = { id: 4, documentId: 'fund-iv', name: 'Wasabi Stallion Fund IV', url_slug: 'wasabi-stallion-fund-iv' };
const entry = (id: number, fund: typeof fundIII, type: string, amount_cents: number, effective_date: string, extra: Record<string, unknown> = {}) => ({
  id, documentId: `entry-${id}`, type, kind: null, amount_cents, effective_date, note: null, fund, corrects: null,
  syndUser: { id: fund.id * 10, documentId: `synd-${fund.documentId}` }, ...extra,
});
const LEDGER = [
  entry(1, fundIII, 'contribution', 5_000_000, '2024-11-25', { note: 'Funding received' }),
  entry(2, fundIV, 'contribution', 3_000_000, '2024-11-25'),
  entry(3, fundIII, 'contribution', 2_500_000, '2025-03-16'),
  entry(4, fundIII, 'distribution', 400_000, '2025-08-27', { kind: 'income' }),
  entry(5, fundIII, 'adjustment', -50_000, '2025-09-01', { corrects: { type: 'distribution', kind: 'income' }, note: '=HYPERLINK("x")' }),
  entry(6, fundIII, 'distribution', 3_000_000, '2026-02-25', { kind: 'return_of_capital' }),
];

afterEach(() => vi.restoreAllMocks());

/** jsdom's Blob has no text(): read it the way a page would. */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

function renderTransactions(url = '/dashboard/transactions') {
  return renderAppAs(meFixture(), url, {
    routes: {
      'GET /api/ledger_entries': () => ({ items: LEDGER, total: LEDGER.length }),
      'POST /api/profile/statements/download': () => ({ url: 'http://cms.test/api/files/statement-token', originalName: 'statement-q1.pdf' }),
      'GET /api/files/statement-token': () => new Response(new Blob(['%PDF-1.7']), { headers: { 'content-type': 'application/pdf' } }),
    },
  });
}

const rowsOf = async () => {
  const table = await screen.findByRole('table');
  return within(table).getAllByRole('row').slice(1).map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
};

describe('/dashboard/transactions', () => {
  it("lists the investor's own ledger with the capital they have in after each entry", async () => {
    const { fetchMock } = renderTransactions();
    expect(await findPageHeading('Transactions')).toBeInTheDocument();
    const rows = await rowsOf();
    expect(rows.map((row) => [row[0], row[2], row[3], row[4]])).toEqual([
      ['2024-11-25', 'Contribution', '$50,000', '$50,000'],
      ['2024-11-25', 'Contribution', '$30,000', '$80,000'],
      ['2025-03-16', 'Contribution', '$25,000', '$105,000'],
      ['2025-08-27', 'Distribution (Income)', '$4,000', '$101,000'],
      // An adjustment of -$500 to a distribution gives $500 back to the capital in.
      ['2025-09-01', 'Adjustment of a distribution', '-$500', '$101,500'],
      ['2026-02-25', 'Distribution (Return of capital)', '$30,000', '$71,500'],
    ]);
    expect(Object.fromEntries(callsTo(fetchMock, 'GET /api/ledger_entries')[0].url.searchParams)).toEqual({
      mine: 'true', populate: 'fund,corrects,syndUser', sort: 'effective_date', limit: '999',
    });
  });

  it('filters by fund, type and year in the address, keeping each row’s true balance', async () => {
    const { user } = renderTransactions('/dashboard/transactions?fund=fund-iii');
    expect((await rowsOf()).map((row) => row[4])).toEqual(['$50,000', '$75,000', '$71,000', '$71,500', '$41,500']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'distribution');
    await waitFor(async () => expect((await rowsOf()).map((row) => [row[0], row[4]])).toEqual([['2025-08-27', '$71,000'], ['2026-02-25', '$41,500']]));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2026');
    await waitFor(async () => expect((await rowsOf()).map((row) => row[0])).toEqual(['2026-02-25']));
    expect(window.location.search).toBe('?fund=fund-iii&type=distribution&year=2026');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Fund' }), 'fund-iv');
    expect(await screen.findByText('No transactions')).toBeInTheDocument();
  });

  it('downloads what it shows as a CSV, with formulas in notes made inert', async () => {
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:transactions';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderTransactions('/dashboard/transactions?fund=fund-iii&year=2025');
    await rowsOf();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(saved).toHaveLength(1);
    expect((await textOf(saved[0])).split('\r\n')).toEqual([
      'Date,Fund,Transaction,Amount,Net invested,Note',
      '2025-03-16,Wasabi Stallion Fund III,Contribution,25000.00,75000.00,',
      '2025-08-27,Wasabi Stallion Fund III,Distribution (Income),4000.00,71000.00,',
      `2025-09-01,Wasabi Stallion Fund III,Adjustment of a distribution,-500.00,71500.00,"'=HYPERLINK(""x"")"`,
      '',
    ]);
  });
});

describe('capital account statement', () => {
  it('downloads the statement of the investment and quarter chosen', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:statement');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, fetchMock } = renderTransactions();
    await rowsOf();
    const investment = screen.getByRole('combobox', { name: 'Investment' });
    expect(within(investment).getAllByRole('option').map((option) => option.textContent)).toEqual(['Wasabi Stallion Fund III', 'Wasabi Stallion Fund IV']);
    await user.selectOptions(investment, 'synd-fund-iv');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Q1 2025');
    await user.click(screen.getByRole('button', { name: 'Download statement' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/profile/statements/download').map(({ body }) => body)).toEqual([
      { syndUserId: 'synd-fund-iv', from: '2025-01-01', to: '2025-03-31' },
    ]));
  });
});
