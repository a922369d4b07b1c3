import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE_URL } from '@/components/images/image-or-placeholder';
import { callsTo, fakeCms } from '@/testing/fake-cms';
import { portalFixture } from '@/testing/fixtures';
import { findPageHeading, renderApp } from '@/testing/render-app';
import { educationItemFixture } from './education-item-fixture';

const range = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
/** What the CMS holds, highest sortOrder first, as it answers. */
const VIDEOS = range(10).map((n) => educationItemFixture(`Video ${n}`, { type: 'video', sortOrder: 100 - n }));
const PAPERS = range(17).map((n) => educationItemFixture(`Paper ${n}`, { sortOrder: 100 - n }));

/** A CMS that pages the items of the kind asked for as the contract says. */
const educationCms = (options: Parameters<typeof fakeCms>[0] = {}) =>
  fakeCms({
    ...options,
    routes: {
      'GET /api/contents/education': ({ url }) => {
        const query = url.searchParams;
        const items = query.get('kind') === 'video' ? VIDEOS : PAPERS;
        const offset = Number(query.get('offset') ?? 0);
        return { items: items.slice(offset, offset + Number(query.get('limit'))), total: items.length };
      },
    },
  });

const section = (name: string) => screen.getByRole('region', { name });
const titlesIn = (name: string) =>
  within(section(name))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
const pageInput = (name: string) => within(section(name)).getByRole('spinbutton', { name: 'Page' });
/** The query of each list request, oldest first, without the portal. */
const listQueries = (fetchMock: Parameters<typeof callsTo>[0]) =>
  callsTo(fetchMock, 'GET /api/contents/education').map(({ url }) => Object.fromEntries(url.searchParams));

async function renderListing(url = '/education', cms = educationCms()) {
  const app = renderApp(url, cms);
  await screen.findByText('Paper 1');
  await screen.findByText('Video 1');
  return app;
}

describe('/education', () => {
  it('asks for published videos and papers of the portal separately, 8 at a time by sortOrder descending', async () => {
    const { fetchMock } = await renderListing();
    expect(await findPageHeading('Education')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Education @ Wasabi Stallions Investor Portal'));
    expect(listQueries(fetchMock)).toEqual([
      { portal: 'wasabistallions', kind: 'video', sort: '-sortOrder', limit: '8', offset: '0' },
      { portal: 'wasabistallions', kind: 'other', sort: '-sortOrder', limit: '8', offset: '0' },
    ]);
    expect(titlesIn('Videos')).toEqual(range(8).map((n) => `Video ${n}`));
    expect(titlesIn('Papers')).toEqual(range(8).map((n) => `Paper ${n}`));
  });

  it("is named by the portal's educationLabel", async () => {
    const academy = portalFixture({ isDefault: true, pageTitle: 'Academy Portal', educationLabel: 'Academy' });
    await renderListing('/education', educationCms({ portals: [academy] }));
    expect(await findPageHeading('Academy')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Academy @ Academy Portal'));
  });

  it('gives each kind a number input from 1 to its page count; typing a page loads it', async () => {
    const { user, fetchMock } = await renderListing();
    expect(pageInput('Videos')).toHaveAttribute('type', 'number');
    expect(pageInput('Videos')).toHaveAttribute('min', '1');
    expect(pageInput('Videos')).toHaveAttribute('max', '2');
    expect(pageInput('Papers')).toHaveAttribute('max', '3');
    expect(pageInput('Videos')).toHaveValue(1);

    await user.clear(pageInput('Videos'));
    await user.type(pageInput('Videos'), '2');
    expect(await within(section('Videos')).findByText('Video 9')).toBeInTheDocument();
    expect(titlesIn('Videos')).toEqual(['Video 9', 'Video 10']);
    expect(listQueries(fetchMock).at(-1)).toEqual({
      portal: 'wasabistallions',
      kind: 'video',
      sort: '-sortOrder',
      limit: '8',
      offset: '8',
    });
    // The papers keep their own page.
    expect(titlesIn('Papers')).toEqual(range(8).map((n) => `Paper ${n}`));
    expect(pageInput('Papers')).toHaveValue(1);
  });

  it('ignores a page number outside the pages there are', async () => {
    const { user, fetchMock } = await renderListing();
    const requestsBefore = listQueries(fetchMock).length;
    await user.clear(pageInput('Videos'));
    await user.type(pageInput('Videos'), '7');
    expect(listQueries(fetchMock)).toHaveLength(requestsBefore);
    expect(titlesIn('Videos')).toEqual(range(8).map((n) => `Video ${n}`));
  });

  it('pages with previous and next buttons, each pager on its own', async () => {
    const { user, fetchMock } = await renderListing();
    const papers = section('Papers');
    expect(within(papers).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(papers).getByRole('button', { name: 'Next' }));
    expect(await within(papers).findByText('Paper 9')).toBeInTheDocument();
    await user.click(within(papers).getByRole('button', { name: 'Next' }));
    expect(await within(papers).findByText('Paper 17')).toBeInTheDocument();
    expect(titlesIn('Papers')).toEqual(['Paper 17']);
    expect(pageInput('Papers')).toHaveValue(3);
    expect(within(papers).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(listQueries(fetchMock).map(({ kind, offset }) => `${kind} ${offset}`)).toEqual([
      'video 0',
      'other 0',
      'other 8',
      'other 16',
    ]);

    await user.click(within(papers).getByRole('button', { name: 'Previous' }));
    expect(await within(papers).findByText('Paper 9')).toBeInTheDocument();
    expect(titlesIn('Videos')).toEqual(range(8).map((n) => `Video ${n}`));
  });

  it('hides the pager of a kind that fits on one page, and says when a kind has no items', async () => {
    renderApp(
      '/education',
      fakeCms({
        routes: {
          'GET /api/contents/education': ({ url }) =>
            url.searchParams.get('kind') === 'video'
              ? { items: [], total: 0 }
              : { items: PAPERS.slice(0, 3), total: 3 },
        },
      }),
    );
    expect(await screen.findByText('No videos yet.')).toBeInTheDocument();
    expect(await within(section('Papers')).findByText('Paper 3')).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
  });

  it('links cards to their item page, and a link without a body straight to its page in a new tab', async () => {
    const items = [
      educationItemFixture('Stud Fee Primer', { imageUrl: null }),
      educationItemFixture('Equibase', { type: 'link', body: null, url: 'https://www.equibase.com/' }),
      educationItemFixture('Keeneland', { type: 'link', body: '<p>Our notes.</p>', url: 'https://www.keeneland.com/' }),
    ];
    renderApp(
      '/education',
      fakeCms({
        routes: {
          'GET /api/contents/education': ({ url }) =>
            url.searchParams.get('kind') === 'other' ? { items, total: items.length } : { items: [], total: 0 },
        },
      }),
    );
    const primer = await screen.findByRole('link', { name: 'Stud Fee Primer' });
    expect(primer).toHaveAttribute('href', '/education/stud-fee-primer');
    expect(primer).not.toHaveAttribute('target');
    const equibase = screen.getByRole('link', { name: 'Equibase' });
    expect(equibase).toHaveAttribute('href', 'https://www.equibase.com/');
    expect(equibase).toHaveAttribute('target', '_blank');
    expect(equibase).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Keeneland' })).toHaveAttribute('href', '/education/keeneland');

    const image = primer.closest('.card')?.querySelector('img');
    expect(image).toHaveAttribute('src', PLACEHOLDER_IMAGE_URL);
    expect(image).toHaveStyle({ height: '200px', objectFit: 'cover' });
  });

  it('ends with the subscribe block', async () => {
    await renderListing();
    expect(screen.getByRole('region', { name: 'Subscribe to our newsletter' })).toBeInTheDocument();
  });
});

describe('/news', () => {
  it("is the same listing, titled 'News'", async () => {
    const { fetchMock } = await renderListing('/news?portal=oakharbor');
    expect(await findPageHeading('News')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('News @ Oak Harbor Investors'));
    expect(titlesIn('Videos')).toHaveLength(8);
    expect(listQueries(fetchMock).map(({ portal, kind }) => `${portal} ${kind}`)).toEqual([
      'oakharbor video',
      'oakharbor other',
    ]);
  });
});
