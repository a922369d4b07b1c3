import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo } from '@/testing/fake-cms';
import { meFixture } from '@/testing/fixtures';
import { findPageHeading, renderAppAs } from '@/testing/render-app';
import { taxYears } from '../tax-years';

const fund = { id: 3, documentId: 'fund-doc-3', name: 'Stallion Fund 2026' };

describe('tax years', () => {
  it('are the current year and the 9 before, newest first', () => {
    expect(taxYears(new Date(2026, 0, 1))).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017]);
  });
});

describe('/tax_documents', () => {
  it('offers 10 years, this one first and chosen, and lists the documents of the chosen year', async () => {
    const thisYear = new Date().getFullYear();
    const { user, fetchMock } = renderAppAs(meFixture(), '/tax_documents', {
      routes: {
        'GET /api/tax_documents': ({ url }) => {
          const year = Number(url.searchParams.get('filters[year]'));
          return {
            items: [
              {
                id: year,
                documentId: `tax-${year}`,
                title: `K-1 ${year}`,
                originalName: 'k1.pdf',
                year,
                fund,
                createdAt: `${year}-03-01T12:00:00.000Z`,
              },
            ],
            total: 1,
          };
        },
        'POST /api/profile/tax_documents/download': () => ({ url: 'https://files.example/k1.pdf' }),
      },
    });
    expect(await findPageHeading('Tax Documents')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Tax Documents @ /));
    const year = screen.getByRole('combobox', { name: 'Year' });
    const choices = within(year)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(choices).toHaveLength(10);
    expect(choices[0]).toBe(String(thisYear));
    expect(choices[9]).toBe(String(thisYear - 9));
    expect(year).toHaveValue(String(thisYear));

    const table = await screen.findByRole('table', { name: `Tax documents of ${thisYear}` });
    expect(within(table).getByRole('button', { name: `K-1 ${thisYear}` })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Stallion Fund 2026' })).toBeInTheDocument();
    const [first] = callsTo(fetchMock, 'GET /api/tax_documents');
    expect(Object.fromEntries(first.url.searchParams)).toEqual({
      mine: 'true',
      'filters[year]': String(thisYear),
      populate: 'fund',
      limit: '999',
    });

    await user.selectOptions(year, String(thisYear - 3));
    expect(await screen.findByRole('button', { name: `K-1 ${thisYear - 3}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `K-1 ${thisYear}` })).not.toBeInTheDocument();

    const tab = { opener: window as Window | null, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await user.click(screen.getByRole('button', { name: `K-1 ${thisYear - 3}` }));
    await waitFor(() => expect(tab.location.href).toBe('https://files.example/k1.pdf'));
    expect(callsTo(fetchMock, 'POST /api/profile/tax_documents/download').map(({ body }) => body)).toEqual([
      { id: `tax-${thisYear - 3}` },
    ]);
  });

  it('says when a year has no tax documents', async () => {
    renderAppAs(meFixture(), '/tax_documents', {
      routes: { 'GET /api/tax_documents': () => ({ items: [], total: 0 }) },
    });
    expect(await screen.findByText(`No tax documents for ${new Date().getFullYear()}`)).toBeInTheDocument();
  });
});

describe('the document pages', () => {
  it.each(['/tax_documents', '/verification_documents', '/news_documents'])(
    '%s asks a visitor to sign in',
    async (url) => {
      const { fetchMock } = renderAppAs(undefined, url);
      expect(await findPageHeading('Sign In Required')).toBeInTheDocument();
      expect(
        fetchMock.mock.calls.map(([input]) => String(input)).filter((input) => input.includes('documents')),
      ).toEqual([]);
    },
  );
});
