import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, strapiError } from '@/testing/fake-cms';
import { meFixture } from '@/testing/fixtures';
import { findPageHeading, renderAppAs } from '@/testing/render-app';

const admin = meFixture({ level: 'admin', displayName: 'Ada Admin' });

const waiting = () => ({
  items: [
    {
      syndUser: { id: 11, documentId: 'synd-user-doc-11' },
      investor: { name: 'Ann Investor', email: 'ann@example.com' },
      investment: { name: 'Into Mischief Shares', url_slug: 'into-mischief' },
      invest_amount: 50000,
      signedAt: '2026-04-01T15:00:00.000Z',
    },
  ],
});

describe('/management/countersign', () => {
  it('lists the agreements waiting for management, and countersigns one with the typed name', async () => {
    let items = waiting();
    const { user, fetchMock } = renderAppAs(admin, '/management/countersign', {
      routes: {
        'GET /api/syndication/countersign': () => items,
        'POST /api/syndication/countersign': () => {
          items = { items: [] };
          return { success: true, sa_complete_date: '2026-04-02T10:00:00.000Z' };
        },
      },
    });
    expect(await findPageHeading('Agreements to countersign')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Investor', 'Investment', 'Amount', 'Signed At', 'Your Name', 'Action']);
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('Ann Investor');
    expect(row).toHaveTextContent('Into Mischief Shares');
    expect(row).toHaveTextContent('$50,000');
    // 15:00 UTC is 10:00 in the admin's Chicago.
    expect(row).toHaveTextContent(/Apr 1, 2026, 10:00\sAM/);
    const countersign = within(row).getByRole('button', { name: 'Countersign for Ann Investor' });
    expect(countersign).toBeDisabled();
    await user.type(
      within(row).getByRole('textbox', { name: 'Your name to countersign for Ann Investor' }),
      'Ada Admin',
    );
    await user.click(countersign);
    expect(await screen.findByText('No agreements are waiting for a countersignature.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/syndication/countersign').map(({ body }) => body)).toEqual([
      { id: 'synd-user-doc-11', name: 'Ada Admin' },
    ]);
  });

  it('pages a long list on the server, 25 at a time', async () => {
    const item = (n: number) => ({
      ...waiting().items[0],
      syndUser: { id: n, documentId: `doc-${n}` },
      investor: { name: `Investor ${n}`, email: `i${n}@example.com` },
    });
    const { user, fetchMock } = renderAppAs(admin, '/management/countersign', {
      routes: {
        'GET /api/syndication/countersign': ({ url }) => {
          const page = Number(url.searchParams.get('page'));
          return { items: [item(page * 100)], pagination: { page, pageSize: 25, pageCount: 3, total: 51 } };
        },
      },
    });
    expect(await screen.findByText('51 agreements waiting, the oldest signature first.')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: /Investor 100/ })).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Agreements pages' })).getByRole('button', { name: 'Next' }),
    );
    expect(await screen.findByRole('rowheader', { name: /Investor 200/ })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/syndication/countersign').map(({ url }) => url.search)).toEqual([
      '?page=1&pageSize=25',
      '?page=2&pageSize=25',
    ]);
  });

  it('shows what the server refuses', async () => {
    const { user } = renderAppAs(admin, '/management/countersign', {
      routes: {
        'GET /api/syndication/countersign': waiting,
        'POST /api/syndication/countersign': () => strapiError(409, 'The investor has not signed yet'),
      },
    });
    const row = within(await screen.findByRole('table')).getAllByRole('row')[1];
    await user.type(within(row).getByRole('textbox'), 'Ada Admin');
    await user.click(within(row).getByRole('button', { name: /Countersign/ }));
    expect(await within(row).findByText('The investor has not signed yet')).toBeInTheDocument();
  });

  it('is for admins only', async () => {
    renderAppAs(meFixture(), '/management/countersign');
    expect(await findPageHeading("You don't have rights to view this page :(")).toBeInTheDocument();
  });
});
