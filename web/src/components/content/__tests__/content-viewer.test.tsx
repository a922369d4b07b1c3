import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/providers/app-provider';
import { CONTENT_BATCH_MS, type Content, contentBySlug } from '@/lib/content';
import { callsTo, fakeCms } from '@/testing/fake-cms';
import { jsonResponse, never, stubFetch } from '@/testing/fetch-stub';
import { ContentViewer } from '../content-viewer';

const contents: Record<string, Content> = {
  about: { title: 'About us', body: '<p>We invest.</p><script>alert(1)</script>' },
  blank: { title: '', body: ' ' },
};

/** The viewers inside the app's providers, against a CMS that knows `contents`. */
function renderViewers(...slugs: string[]) {
  const fetchMock = stubFetch(fakeCms({ contents }));
  const view = render(
    <AppProvider>
      {slugs.map((slug, index) => (
        <ContentViewer key={index} slug={slug} />
      ))}
    </AppProvider>,
  );
  return { ...view, fetchMock };
}

describe('ContentViewer', () => {
  it('shows the title and the sanitised body of a loaded item', async () => {
    const { container } = renderViewers('about');
    expect(await screen.findByRole('heading', { name: 'About us' })).toBeInTheDocument();
    expect(screen.getByText('We invest.')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
  });

  it("says '<slug> is not found' for a missing item and '<slug> is empty' for a blank one", async () => {
    renderViewers('missing', 'blank');
    expect(await screen.findByText('missing is not found')).toBeInTheDocument();
    expect(screen.getByText('blank is empty')).toBeInTheDocument();
  });

  it('shows a spinner while the item loads', async () => {
    stubFetch(fakeCms({ routes: { 'POST /api/contents/byslug': never } }));
    render(
      <AppProvider>
        <ContentViewer slug="about" />
      </AppProvider>,
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
  });

  it('reads each slug of a portal once and keeps it', async () => {
    const { fetchMock, rerender } = renderViewers('about', 'about', 'blank');
    await screen.findAllByRole('heading', { name: 'About us' });
    rerender(
      <AppProvider>
        <ContentViewer slug="about" />
      </AppProvider>,
    );
    expect(screen.getByRole('heading', { name: 'About us' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/contents/byslug').map(({ body }) => body)).toEqual([
      { slug: ['about', 'blank'], portal: 'wasabistallions' },
    ]);
  });
});

describe('contentBySlug', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it(`asks for every slug requested within ${CONTENT_BATCH_MS} ms in one request per portal`, async () => {
    vi.useFakeTimers();
    const fetchMock = stubFetch(fakeCms({ contents }));
    const about = contentBySlug('wasabistallions', 'about');
    await vi.advanceTimersByTimeAsync(CONTENT_BATCH_MS - 1);
    const blank = contentBySlug('wasabistallions', 'blank');
    const other = contentBySlug('oakharbor', 'about');
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const late = contentBySlug('wasabistallions', 'missing');
    await vi.advanceTimersByTimeAsync(CONTENT_BATCH_MS);

    await expect(about).resolves.toEqual(contents.about);
    await expect(blank).resolves.toEqual(contents.blank);
    await expect(other).resolves.toEqual(contents.about);
    await expect(late).resolves.toBeNull();
    expect(callsTo(fetchMock, 'POST /api/contents/byslug').map(({ body }) => body)).toEqual([
      { slug: ['about', 'blank'], portal: 'wasabistallions' },
      { slug: ['about'], portal: 'oakharbor' },
      { slug: ['missing'], portal: 'wasabistallions' },
    ]);
  });

  it('answers nothing for each slug when the request fails', async () => {
    stubFetch(() => jsonResponse({ error: { message: 'Internal Server Error' } }, 500));
    await expect(Promise.all([contentBySlug('p', 'a'), contentBySlug('p', 'b')])).resolves.toEqual([null, null]);
  });
});
