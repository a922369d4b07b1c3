import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo } from '@/testing/fake-cms';
import { investmentFixture } from '@/testing/investments';
import { renderSyndication } from './render-syndication';

describe('the Due Diligence Documents list', () => {
  it("lists the fund's documents read-only, downloads one through the fund's path and tells staff", async () => {
    const tab = { opener: window as Window | null, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user, fetchMock } = await renderSyndication(investmentFixture(), {
      'POST /api/profile/synd_documents/download': () => ({ url: 'https://files.example/om.pdf' }),
      'POST /api/profile/notify/save': () => ({ success: true }),
    });
    const documents = screen.getByRole('region', { name: 'Due Diligence Documents' });
    await user.click(await within(documents).findByRole('button', { name: 'Offering Memorandum' }));
    await waitFor(() => expect(tab.location.href).toBe('https://files.example/om.pdf'));

    const [list] = callsTo(fetchMock, 'GET /api/funds/fund-doc-3/synd_documents');
    expect(list.url.searchParams.get('limit')).toBe('999');
    const [download] = callsTo(fetchMock, 'POST /api/profile/synd_documents/download');
    expect(download.url.searchParams.get('fundId')).toBe('fund-doc-3');
    expect(download.body).toEqual({ id: 'dd-1' });
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/profile/notify/save').map(({ body }) => body)).toContainEqual({
        templateName: 'review_syndication_document',
        tags: { documentTitle: 'Offering Memorandum', fundName: 'Stallion Fund 2026' },
      }),
    );
    // Opening the page told staff the investor is reviewing the offering.
    expect(callsTo(fetchMock, 'POST /api/profile/notify/save').map(({ body }) => body)).toContainEqual({
      templateName: 'review_syndication',
      tags: { investmentName: investmentFixture().name },
    });
    expect(within(documents).queryByRole('button', { name: /remove/i })).not.toBeInTheDocument();
  });
});
