import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FileItem } from '@/components/file-list/file-list';
import { callsTo } from '@/testing/fake-cms';
import { meFixture } from '@/testing/fixtures';
import { findPageHeading, renderAppAs } from '@/testing/render-app';

const beta = { id: 4, documentId: 'fund-doc-4', name: 'Beta Fund' };
const alpha = { id: 3, documentId: 'fund-doc-3', name: 'Alpha Fund' };

const news = (n: number, title: string, fund: FileItem['fund']): FileItem => ({
  id: n,
  documentId: `news-doc-${n}`,
  title,
  originalName: `news-${n}.pdf`,
  createdAt: '2026-02-01T12:00:00.000Z',
  year: 2026,
  fund,
});

describe('/news_documents', () => {
  it('groups the documents per fund, the ones without a fund last, and tells staff which one was read', async () => {
    const { user, fetchMock } = renderAppAs(meFixture({ newsDocumentsCount: 4 }), '/news_documents', {
      routes: {
        'GET /api/news_documents': () => ({
          items: [
            news(1, 'Q1 letter', beta),
            news(2, 'Portal newsletter', null),
            news(3, 'Foaling report', alpha),
            news(4, 'Q2 letter', beta),
          ],
          total: 4,
        }),
        'POST /api/profile/news_documents/download': () => ({ url: 'https://files.example/q2.pdf' }),
        'POST /api/profile/notify/save': () => ({ success: true }),
      },
    });
    expect(await findPageHeading('News Documents')).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Q1 letter' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Alpha Fund',
      'Beta Fund',
      'General Documents',
    ]);
    const titlesIn = (name: string) =>
      within(screen.getByRole('region', { name }))
        .getAllByRole('button')
        .map((button) => button.textContent)
        .filter((text) => text !== 'Previous' && text !== 'Next');
    expect(titlesIn('Alpha Fund')).toEqual(['Foaling report']);
    expect(titlesIn('Beta Fund')).toEqual(['Q1 letter', 'Q2 letter']);
    expect(titlesIn('General Documents')).toEqual(['Portal newsletter']);
    const [list] = callsTo(fetchMock, 'GET /api/news_documents');
    expect(Object.fromEntries(list.url.searchParams)).toEqual({ mine: 'true', populate: 'fund', limit: '999' });

    const tab = { opener: window as Window | null, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await user.click(screen.getByRole('button', { name: 'Q2 letter' }));
    await waitFor(() => expect(tab.location.href).toBe('https://files.example/q2.pdf'));
    expect(callsTo(fetchMock, 'POST /api/profile/news_documents/download').map(({ body }) => body)).toEqual([
      { id: 'news-doc-4' },
    ]);
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/profile/notify/save').map(({ body }) => body)).toEqual([
        { templateName: 'review_news_document', tags: { documentTitle: 'Q2 letter', fundName: 'Beta Fund' } },
      ]),
    );
  });

  it('says so when there are none', async () => {
    renderAppAs(meFixture(), '/news_documents', {
      routes: { 'GET /api/news_documents': () => ({ items: [], total: 0 }) },
    });
    expect(await screen.findByText('No news documents')).toBeInTheDocument();
  });
});
