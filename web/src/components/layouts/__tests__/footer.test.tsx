import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Me } from '@/lib/auth/types';
import { type FakeCmsOptions, callsTo } from '@/testing/fake-cms';
import { meFixture, oakHarbor, portalFixture, superadminFixture } from '@/testing/fixtures';
import { findPageHeading, renderAppAs } from '@/testing/render-app';

async function renderFooter(url: string, me?: Me, options: FakeCmsOptions = {}) {
  const app = renderAppAs(me, url, options);
  await findPageHeading();
  return { ...app, footer: screen.getByRole('contentinfo') };
}

const footerLinks = (footer: HTMLElement) =>
  within(within(footer).getByRole('navigation', { name: 'Footer' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('footer links', () => {
  it('shows a visitor Team and Education (named as the portal says)', async () => {
    const portal = portalFixture({ isDefault: true, educationLabel: 'Academy' });
    const { footer } = await renderFooter('/', undefined, { portals: [portal] });
    expect(footerLinks(footer)).toEqual([
      ['Team', '/about'],
      ['Academy', '/education'],
    ]);
  });

  it('adds Dashboard and Profile for a signed-in user', async () => {
    const { footer } = await renderFooter('/profile', meFixture());
    expect(footerLinks(footer)).toEqual([
      ['Dashboard', '/dashboard'],
      ['Profile', '/profile'],
      ['Team', '/about'],
      ['Education', '/education'],
    ]);
  });

  it('adds Homepage for a content editor', async () => {
    const { footer } = await renderFooter('/profile', superadminFixture());
    expect(footerLinks(footer)[0]).toEqual(['Homepage', '/homepage']);
  });
});

describe('footer social icons', () => {
  it('shows an icon for each social account the portal has, named for screen readers', async () => {
    const portal = {
      ...oakHarbor,
      isDefault: true,
      twitterUrl: 'https://x.com/oak',
      instagramUrl: 'https://instagram.com/oak',
    };
    const { footer } = await renderFooter('/', undefined, { portals: [portal] });
    const social = within(footer).getByRole('navigation', { name: 'Social media' });
    expect(
      within(social)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['Twitter', 'Instagram']);
    expect(within(social).getByRole('link', { name: 'Twitter' })).toHaveAttribute('href', 'https://x.com/oak');
    expect(within(social).getByRole('link', { name: 'Instagram' })).toHaveAttribute('target', '_blank');
  });

  it('leaves the social list out when the portal has no accounts', async () => {
    const { footer } = await renderFooter('/?portal=oakharbor');
    expect(within(footer).queryByRole('navigation', { name: 'Social media' })).not.toBeInTheDocument();
  });
});

describe('footer terms', () => {
  it("shows the body of the portal's 'footer-terms' content item, sanitised", async () => {
    const { footer, fetchMock } = await renderFooter('/?portal=oakharbor', undefined, {
      contents: {
        'footer-terms': { title: 'Terms', body: '<p>Investing involves risk.</p><img src=x onerror="alert(1)">' },
      },
    });
    expect(await within(footer).findByText('Investing involves risk.')).toBeInTheDocument();
    expect(within(footer).queryByText('Terms')).not.toBeInTheDocument();
    expect(footer.querySelector('[onerror]')).toBeNull();
    // The page's own content blocks share the footer's batched request.
    expect(callsTo(fetchMock, 'POST /api/contents/byslug').map(({ body }) => body)).toEqual([
      { slug: expect.arrayContaining(['footer-terms']), portal: 'oakharbor' },
    ]);
  });
});
