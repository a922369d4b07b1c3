import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Content } from '@/lib/content';
import { portalFixture } from '@/testing/fixtures';
import { fakeCms } from '@/testing/fake-cms';
import { findPageHeading, renderApp } from '@/testing/render-app';

const contents: Record<string, Content> = {
  'homepage-hero': { title: 'Own a share of a champion', body: '<p>Syndicated stallions.</p>' },
  'homepage-intro': { title: 'Why us', body: '<p>Twenty years.</p>' },
  'homepage-how-it-works': { title: 'How it works', body: '<ol><li>Sign up.</li></ol>' },
  'homepage-cta': {
    title: 'Ready to ride along?',
    body: '<p><a href="#sign-up">Sign up</a> to see our current syndication.</p>',
  },
  'welcome-hero': { title: 'Welcome to the stable', body: '<p>Thanks for joining.</p>' },
  'welcome-intro': { title: 'Your first steps', body: '<p>Finish your profile.</p>' },
};

/** The content items' titles in page order: their h2 headings. */
const blockTitles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

/** The section right under the header: the one that holds the page's main heading. */
async function headerBottom(name: string) {
  const section = (await findPageHeading(name)).closest('section');
  if (!section) throw new Error('The main heading is not inside a section');
  return section;
}

describe('homepage', () => {
  it.each(['/', '/homepage'])(
    'shows the hero under the header, then the homepage items in order, at %s',
    async (url) => {
      renderApp(url, fakeCms({ contents }));
      const top = await headerBottom('Wasabi Stallions');
      expect(within(top).getByText('Wasabi Stallions Investor Portal')).toBeInTheDocument();
      expect(await within(top).findByRole('heading', { name: 'Own a share of a champion' })).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Ready to ride along?' })).toBeInTheDocument();
      expect(blockTitles()).toEqual(['Own a share of a champion', 'Why us', 'How it works', 'Ready to ride along?']);
      expect(screen.getByText('Sign up.', { selector: 'li' })).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe('Home @ Wasabi Stallions Investor Portal'));
    },
  );

  it('names each item the portal has not created yet, so content staff know what to add', async () => {
    renderApp('/', fakeCms({ contents: { 'homepage-hero': contents['homepage-hero'] } }));
    expect(await screen.findByText('homepage-intro is not found')).toBeInTheDocument();
    expect(screen.getByText('homepage-cta is not found')).toBeInTheDocument();
  });

  it('gives each portal its own header-bottom design: a band for wasabistallions, a split for oakharbor', async () => {
    const wasabi = renderApp('/', fakeCms({ contents }));
    const band = await headerBottom('Wasabi Stallions');
    expect(band).toHaveClass('header-bottom-band');
    expect(band).not.toHaveClass('header-bottom-split');
    wasabi.unmount();

    renderApp('/?portal=oakharbor', fakeCms({ contents }));
    const split = await headerBottom('Oak Harbor Capital');
    expect(split).toHaveClass('header-bottom-split');
    expect(split).not.toHaveClass('header-bottom-band');
    // The name and the hero stand side by side, each in its own column.
    const brandColumn = split.querySelector<HTMLElement>('.split-brand');
    const heroColumn = split.querySelector<HTMLElement>('.split-hero');
    expect(brandColumn && within(brandColumn).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Oak Harbor Capital',
    );
    expect(
      heroColumn && (await within(heroColumn).findByRole('heading', { name: 'Own a share of a champion' })),
    ).toBeInTheDocument();
  });

  it('gives a portal created later the default design', async () => {
    const newPortal = portalFixture({ name: 'New Fund Portal', slug: 'newfund', isDefault: true });
    renderApp('/', fakeCms({ portals: [newPortal], contents }));
    const top = await headerBottom('New Fund Portal');
    expect(top).toHaveClass('header-bottom-plain');
    expect(await within(top).findByRole('heading', { name: 'Own a share of a champion' })).toBeInTheDocument();
  });
});

describe("the homepage's sign-up link", () => {
  it('is a link that opens the dialog in registration mode', async () => {
    const { user } = renderApp('/', fakeCms({ contents }));
    const link = await screen.findByRole('link', { name: 'Sign up' });
    expect(link.closest('p')).toHaveTextContent('Sign up to see our current syndication.');

    await user.click(link);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleName('Sign Up');
    for (const field of ['Email', 'First Name', 'Last Name', 'Password']) {
      expect(within(dialog).getByLabelText(field)).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Log In' })).toBeInTheDocument();
    // The page stays where it was: the '#sign-up' address is not followed.
    expect(window.location.hash).toBe('');
  });

  it('opens the dialog from the keyboard too', async () => {
    const { user } = renderApp('/', fakeCms({ contents }));
    (await screen.findByRole('link', { name: 'Sign up' })).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog')).toHaveAccessibleName('Sign Up');
  });

  it('is plain text when registration is disabled, as the header hides its Sign Up button', async () => {
    renderApp('/', fakeCms({ contents, settings: { registrationDisabled: true } }));
    expect(await screen.findByText(/to see our current syndication/)).toHaveTextContent(
      'Sign up to see our current syndication.',
    );
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });
});

describe('/welcome', () => {
  it('shows the welcome hero under the header, the welcome intro, then the homepage items', async () => {
    renderApp('/welcome', fakeCms({ contents }));
    const top = await headerBottom('Wasabi Stallions');
    expect(await within(top).findByRole('heading', { name: 'Welcome to the stable' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Ready to ride along?' })).toBeInTheDocument();
    expect(blockTitles()).toEqual([
      'Welcome to the stable',
      'Your first steps',
      'Own a share of a champion',
      'Why us',
      'How it works',
      'Ready to ride along?',
    ]);
    await waitFor(() => expect(document.title).toBe('Welcome @ Wasabi Stallions Investor Portal'));
  });

  it('is not found on any other portal', async () => {
    renderApp('/welcome?portal=oakharbor', fakeCms({ contents }));
    expect(await findPageHeading('Page not found')).toBeInTheDocument();
    expect(screen.queryByText('Welcome to the stable')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found @ Oak Harbor Investors'));
  });
});

describe('unknown address', () => {
  it('shows a not-found page that leads back home', async () => {
    const { user } = renderApp('/no-such-page?portal=oakharbor');
    expect(await findPageHeading('Page not found')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found @ Oak Harbor Investors'));

    await user.click(screen.getByRole('link', { name: 'Go to the homepage' }));
    expect(await findPageHeading('Oak Harbor Capital')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Home @ Oak Harbor Investors'));
  });
});
