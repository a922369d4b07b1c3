import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EducationItem } from '@/lib/education';
import { type CmsRoute, callsTo, fakeCms, strapiError } from '@/testing/fake-cms';
import { findPageHeading, renderApp } from '@/testing/render-app';
import { leaveSiteFor } from '../leave-site';
import { educationItemFixture } from './education-item-fixture';

vi.mock('../leave-site', () => ({ leaveSiteFor: vi.fn() }));

beforeEach(() => {
  vi.mocked(leaveSiteFor).mockClear();
});

const ITEM_ROUTE = 'POST /api/contents/educationbyslug';

const TITLE = 'How a Stallion Syndicate Works';

/** The item of the page's slug, with a body that has markup to keep and a script to drop. */
const item = (overrides: Partial<EducationItem>) =>
  educationItemFixture(TITLE, {
    body: '<p>Shares, seasons and <strong>stud fees</strong>.</p><script>alert(1)</script>',
    ...overrides,
  });

const renderItem = (answer: CmsRoute, url = '/education/how-a-stallion-syndicate-works') =>
  renderApp(url, fakeCms({ routes: { [ITEM_ROUTE]: answer } }));

describe('/education/:slug', () => {
  it('asks for the item of the portal and shows its title and sanitised body', async () => {
    const { fetchMock, container } = renderItem(
      () => ({ blogItem: item({}) }),
      '/education/how-a-stallion-syndicate-works?portal=oakharbor',
    );
    expect(await findPageHeading(TITLE)).toBeInTheDocument();
    expect(screen.getByText('stud fees', { selector: 'strong' })).toBeInTheDocument();
    expect(container.querySelector('main script')).toBeNull();
    await waitFor(() => expect(document.title).toBe('How a Stallion Syndicate Works @ Oak Harbor Investors'));
    expect(callsTo(fetchMock, ITEM_ROUTE).map(({ body }) => body)).toEqual([
      { slug: 'how-a-stallion-syndicate-works', portal: 'oakharbor' },
    ]);
    expect(screen.queryByTitle(TITLE)).not.toBeInTheDocument();
  });

  it('embeds the YouTube video of a video item in the privacy-enhanced player', async () => {
    renderItem(() => ({ blogItem: item({ type: 'video', url: 'https://youtu.be/dQw4w9WgXcQ' }) }));
    const player = await screen.findByTitle(TITLE);
    expect(player.tagName).toBe('IFRAME');
    expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(TITLE);
  });

  it('embeds nothing when the video address holds no video id', async () => {
    renderItem(() => ({ blogItem: item({ type: 'video', url: 'https://www.youtube.com/@wasabistallions' }) }));
    expect(await findPageHeading(TITLE)).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('makes the title of a link item a link to its address, and stays when it has a body', async () => {
    renderItem(() => ({ blogItem: item({ type: 'link', url: 'https://www.equibase.com/', title: 'Equibase' }) }));
    const heading = await findPageHeading('Equibase');
    const link = screen.getByRole('link', { name: 'Equibase' });
    expect(heading).toContainElement(link);
    expect(link).toHaveAttribute('href', 'https://www.equibase.com/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText('stud fees')).toBeInTheDocument();
    expect(leaveSiteFor).not.toHaveBeenCalled();
  });

  it('goes straight on to the address of a link item without a body', async () => {
    renderItem(() => ({
      blogItem: item({ type: 'link', body: null, url: 'https://www.keeneland.com/sales', title: 'Keeneland Sales' }),
    }));
    expect(await findPageHeading('Keeneland Sales')).toBeInTheDocument();
    expect(leaveSiteFor).toHaveBeenCalledWith('https://www.keeneland.com/sales');
  });

  it.each([
    ['the CMS answers 404', () => strapiError(404, 'Not found')],
    ['the answer holds no item', () => ({})],
  ])("says 'Not found' when %s", async (_case, answer) => {
    renderItem(answer, '/education/no-such-item');
    expect(await findPageHeading('Not found')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Not found @ Wasabi Stallions Investor Portal'));
  });

  it('offers a retry when the item cannot be loaded, and shows it once it can', async () => {
    let calls = 0;
    const { user } = renderItem(() => {
      calls += 1;
      return calls === 1 ? strapiError(500, 'Internal Server Error') : { blogItem: item({}) };
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This item could not be loaded. Check your connection and try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findPageHeading(TITLE)).toBeInTheDocument();
  });
});
