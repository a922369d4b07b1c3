import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE_URL } from '@/components/images/image-or-placeholder';
import type { EducationItem } from '@/lib/education';
import { callsTo, fakeCms } from '@/testing/fake-cms';
import { findPageHeading, renderApp } from '@/testing/render-app';
import type { PortfolioAsset } from '../api/portfolio';

let nextId = 1;
function asset(name: string, fundName: string, overrides: Partial<PortfolioAsset> = {}): PortfolioAsset {
  const id = nextId++;
  return {
    id,
    name,
    url: `https://pedigree.example.com/${id}`,
    imageUrl: `https://img.example.com/${id}.jpg`,
    smallImageUrl: null,
    assetType: 'Stallion',
    fundName,
    isExitedAsset: false,
    soldInfoNote: null,
    hasStar: false,
    ownershipInfoString: null,
    description: null,
    createdAt: '2025-06-01T00:00:00Z',
    ...overrides,
  };
}

const WASABI_ASSETS = [
  asset('', 'Pre-2020 Stallion Fund', { assetType: 'Mare', imageUrl: '' }),
  asset('Old Horseradish', 'Pre-2020 Stallion Fund', {
    isExitedAsset: true,
    soldInfoNote: 'Pensioned 2019',
    createdAt: '2019-01-01T00:00:00Z',
  }),
  asset('Nori Belle', 'Wasabi Stallion Fund IV', {
    assetType: 'Mare',
    isExitedAsset: true,
    soldInfoNote: 'Sold at Keeneland November 2025',
  }),
  asset('Ginger Rose', 'Wasabi Stallion Fund V', { assetType: 'Mare', createdAt: '2025-01-01T00:00:00Z' }),
  asset('Midnight Wasabi', 'Wasabi Stallion Fund V', { createdAt: '2026-01-01T00:00:00Z' }),
];

const OAK_ASSETS = [
  asset('Harbor Point Apartments', 'Oak Harbor Income Fund I', {
    url: 'https://oakharborcapital.com/portfolio/harbor-point',
    description: '<p>312 units, <em>96% occupied</em>.</p><img src="x" onerror="alert(1)">',
    // As the seed stores an image uploaded to the CMS's media library.
    imageUrl: '/uploads/oak_apartments_5d1c.jpg',
  }),
  asset('Willow Creek Self Storage', 'Oak Harbor Growth Fund 2019', { imageUrl: null }),
];

function teaserItem(index: number, overrides: Partial<EducationItem> = {}): EducationItem {
  return {
    id: index,
    documentId: `teaser-${index}`,
    title: `Teaser ${index}`,
    slug: `teaser-${index}`,
    type: 'post',
    url: null,
    listLinkHref: null,
    body: '<p>Body</p>',
    imageUrl: null,
    sortOrder: 0,
    isFeatured: false,
    displayOnPortfolio: true,
    displayOnHomepage: false,
    createdAt: '2025-01-01T00:00:00Z',
    fundName: null,
    ...overrides,
  };
}

const TEASER = [
  teaserItem(1),
  teaserItem(2),
  teaserItem(3),
  teaserItem(4),
  teaserItem(5, { type: 'link', body: null, listLinkHref: 'https://www.equibase.com/' }),
];

const portfolioCms = () =>
  fakeCms({
    routes: {
      'GET /api/contents/portfolio': ({ url }) => {
        const items = url.searchParams.get('portal') === 'oakharbor' ? OAK_ASSETS : WASABI_ASSETS;
        return { items, total: items.length };
      },
      'GET /api/contents/education': () => ({ items: TEASER, total: 12 }),
    },
  });

/** The fund sections in page order (the only regions named by aria-label), each with its cards' labels in order. */
function fundsShown() {
  return screen
    .getAllByRole('region')
    .filter((region) => region.hasAttribute('aria-label'))
    .map((region) => [
      region.getAttribute('aria-label'),
      within(region)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ]);
}

async function renderWasabiPortfolio() {
  const app = renderApp('/portfolio', portfolioCms());
  await screen.findByText('Midnight Wasabi');
  return app;
}

describe('/portfolio on wasabistallions', () => {
  it("groups assets by fund, funds by name descending with 'Pre-2020 Stallion Fund' last, newest first", async () => {
    const { fetchMock } = await renderWasabiPortfolio();
    expect(await findPageHeading('Portfolio')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Portfolio @ Wasabi Stallions Investor Portal'));
    expect(fundsShown()).toEqual([
      ['Wasabi Stallion Fund V', ['Midnight Wasabi', 'Ginger Rose']],
      ['Wasabi Stallion Fund IV', ['Nori Belle']],
      ['Pre-2020 Stallion Fund', ['Pre-2020 Stallion Fund Asset', 'Old Horseradish']],
    ]);
    const [query] = callsTo(fetchMock, 'GET /api/contents/portfolio').map(({ url }) => url.searchParams);
    expect(Object.fromEntries(query)).toEqual({ portal: 'wasabistallions', limit: '999' });
  });

  it('opens each asset in a new tab, shows a placeholder for a missing image and the sold note of an exited asset', async () => {
    await renderWasabiPortfolio();
    const link = screen.getByRole('link', { name: 'Midnight Wasabi' });
    expect(link).toHaveAttribute('href', WASABI_ASSETS[4].url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    const card = (name: string) => screen.getByRole('link', { name }).closest('.card') as HTMLElement;
    expect(card('Midnight Wasabi').querySelector('img')).toHaveAttribute('src', WASABI_ASSETS[4].imageUrl);
    expect(card('Midnight Wasabi').querySelector('img')).toHaveStyle({ height: '250px', objectFit: 'cover' });
    expect(card('Pre-2020 Stallion Fund Asset').querySelector('img')).toHaveAttribute('src', PLACEHOLDER_IMAGE_URL);
    expect(within(card('Nori Belle')).getByText('Sold at Keeneland November 2025')).toBeInTheDocument();
    expect(within(card('Midnight Wasabi')).queryByText(/Sold|Pensioned/)).not.toBeInTheDocument();
  });

  it('narrows the list by asset type and fund, and shows every asset again when nothing is chosen', async () => {
    const { user } = await renderWasabiPortfolio();
    const filters = screen.getByRole('group', { name: 'Filters' });
    const assetType = within(filters).getByRole('group', { name: 'Asset Type' });
    const fund = within(filters).getByRole('group', { name: 'Fund' });
    expect(
      within(assetType)
        .getAllByRole<HTMLInputElement>('checkbox')
        .map((box) => box.labels?.[0]?.textContent),
    ).toEqual(['Mare', 'Stallion']);

    await user.click(within(assetType).getByRole('checkbox', { name: 'Mare' }));
    expect(fundsShown()).toEqual([
      ['Wasabi Stallion Fund V', ['Ginger Rose']],
      ['Wasabi Stallion Fund IV', ['Nori Belle']],
      ['Pre-2020 Stallion Fund', ['Pre-2020 Stallion Fund Asset']],
    ]);

    await user.click(within(fund).getByRole('checkbox', { name: 'Wasabi Stallion Fund IV' }));
    await user.click(within(fund).getByRole('checkbox', { name: 'Pre-2020 Stallion Fund' }));
    expect(fundsShown()).toEqual([
      ['Wasabi Stallion Fund IV', ['Nori Belle']],
      ['Pre-2020 Stallion Fund', ['Pre-2020 Stallion Fund Asset']],
    ]);

    await user.click(within(assetType).getByRole('checkbox', { name: 'Mare' }));
    await user.click(within(fund).getByRole('checkbox', { name: 'Wasabi Stallion Fund IV' }));
    await user.click(within(fund).getByRole('checkbox', { name: 'Pre-2020 Stallion Fund' }));
    expect(fundsShown()).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Midnight Wasabi' })).toBeInTheDocument();
  });

  it("keeps only exited assets with 'Show Exited Assets Only', and says when nothing matches", async () => {
    const { user } = await renderWasabiPortfolio();
    const exited = screen.getByRole('group', { name: 'Exited Assets' });
    await user.click(within(exited).getByRole('checkbox', { name: 'Show Exited Assets Only' }));
    expect(fundsShown()).toEqual([
      ['Wasabi Stallion Fund IV', ['Nori Belle']],
      ['Pre-2020 Stallion Fund', ['Old Horseradish']],
    ]);

    const fund = screen.getByRole('group', { name: 'Fund' });
    await user.click(within(fund).getByRole('checkbox', { name: 'Wasabi Stallion Fund V' }));
    expect(fundsShown()).toEqual([]);
    expect(screen.getByText('No assets match these filters.')).toBeInTheDocument();
  });

  it('follows the assets with the five newest portfolio education items, then the subscribe block', async () => {
    const { fetchMock } = await renderWasabiPortfolio();
    const teaser = await screen.findByRole('region', { name: 'Education' });
    const [query] = callsTo(fetchMock, 'GET /api/contents/education').map(({ url }) => url.searchParams);
    expect(Object.fromEntries(query)).toEqual({
      portal: 'wasabistallions',
      displayOnPortfolio: 'true',
      sort: '-createdAt',
      limit: '5',
    });
    const titles = within(teaser)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(['Teaser 1', 'Teaser 2', 'Teaser 3', 'Teaser 4', 'Teaser 5']);
    expect(within(teaser).getByRole('link', { name: 'Teaser 1' })).toHaveAttribute('href', '/education/teaser-1');
    expect(within(teaser).getByRole('link', { name: 'Teaser 5' })).toHaveAttribute('href', 'https://www.equibase.com/');
    expect(within(teaser).getByRole('link', { name: 'Teaser 5' })).toHaveAttribute('target', '_blank');
    expect(within(teaser).getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/education');

    const subscribe = screen.getByRole('region', { name: 'Subscribe to our newsletter' });
    const lastFund = screen.getByRole('region', { name: 'Pre-2020 Stallion Fund' });
    expect(lastFund.compareDocumentPosition(teaser) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(teaser.compareDocumentPosition(subscribe) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('/portfolio on any other portal', () => {
  it('shows cards in two columns with name, image, link in a new tab and description, then the subscribe block', async () => {
    const { fetchMock } = renderApp('/portfolio?portal=oakharbor', portfolioCms());
    const name = await screen.findByRole('heading', { name: 'Harbor Point Apartments' });
    await waitFor(() => expect(document.title).toBe('Portfolio @ Oak Harbor Investors'));
    const card = name.closest('.card') as HTMLElement;
    const link = within(card).getByRole('link', { name: 'https://oakharborcapital.com/portfolio/harbor-point' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(card).getByText('96% occupied', { selector: 'em' })).toBeInTheDocument();
    expect(card.querySelector('[onerror]')).toBeNull();
    expect(card.querySelector('img')).toHaveStyle({ maxHeight: '350px' });
    // Loaded from the CMS (the tests' VITE_API_URL), not from the site, which has no /uploads.
    expect(card.querySelector('img')).toHaveAttribute('src', 'http://localhost:1337/uploads/oak_apartments_5d1c.jpg');

    const willow = screen.getByRole('heading', { name: 'Willow Creek Self Storage' }).closest('.card') as HTMLElement;
    expect(willow.querySelector('img')).toHaveAttribute('src', PLACEHOLDER_IMAGE_URL);
    expect(card.closest('ul')).toHaveClass('row-cols-md-2');

    expect(screen.queryByRole('group', { name: 'Filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Subscribe to our newsletter' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/contents/education')).toEqual([]);
    const [query] = callsTo(fetchMock, 'GET /api/contents/portfolio').map(({ url }) => url.searchParams);
    expect(query.get('portal')).toBe('oakharbor');
  });
});
