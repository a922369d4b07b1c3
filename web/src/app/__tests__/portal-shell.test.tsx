import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Portal } from '@/lib/portal/portal';
import { jsonResponse, never } from '@/testing/fetch-stub';
import { oakHarbor, wasabiStallions } from '@/testing/fixtures';
import { callsTo, fakeCms } from '@/testing/fake-cms';
import { findPageHeading, renderApp } from '@/testing/render-app';

const cssVariable = (name: string) => document.documentElement.style.getPropertyValue(name);

describe('portal shell', () => {
  it('covers the app with a spinner until the portal is known', () => {
    renderApp('/', never);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('offers a retry when the portal list cannot be loaded', async () => {
    let calls = 0;
    const cms = fakeCms();
    const { user } = renderApp('/', (url, init) => {
      calls += 1;
      return calls === 1 ? jsonResponse({ error: { message: 'Bad Gateway' } }, 502) : cms(url, init);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The site could not be loaded. Check your connection and try again.',
    );

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findPageHeading('Wasabi Stallions')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the CMS has no portals, and asks again on retry', async () => {
    let portals: Portal[] = [];
    const { user } = renderApp('/', (url, init) => fakeCms({ portals })(url, init));
    expect(await screen.findByRole('alert')).toHaveTextContent('No portal is set up yet.');

    portals = [oakHarbor];
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findPageHeading('Oak Harbor Capital')).toBeInTheDocument();
  });

  it('shows the default portal when nothing else chooses one', async () => {
    renderApp('/', fakeCms({ portals: [oakHarbor, wasabiStallions] }));
    expect(await findPageHeading('Wasabi Stallions')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('data-portal', 'wasabistallions');
  });

  it('brands the page with the portal asked for in ?portal=', async () => {
    renderApp('/?portal=oakharbor');
    expect(await findPageHeading('Oak Harbor Capital')).toBeInTheDocument();

    const banner = screen.getByRole('banner');
    const logo = within(banner).getByRole('img', { name: 'Oak Harbor Capital' });
    expect(logo).toHaveAttribute('src', '/portals/oakharbor/logo.png');
    expect(within(banner).getByRole('link', { name: 'Oak Harbor Capital' })).toHaveAttribute('href', '/');

    expect(document.documentElement).toHaveAttribute('data-portal', 'oakharbor');
    expect(document.querySelector('link[rel="icon"]')).toHaveAttribute('href', '/portals/oakharbor/favicon.ico');
    expect(cssVariable('--portal-color')).toBe('#0B3D2E');
    expect(cssVariable('--portal-text-color')).toBe('#fff');
    expect(cssVariable('--bs-primary')).toBe('#2E7D32');
    expect(cssVariable('--bs-primary-rgb')).toBe('46, 125, 50');
    expect(cssVariable('--bs-secondary')).toBe('#C9A227');
    // Links read in the primary colour where it is readable (light mode), lightened where not (dark mode).
    expect(cssVariable('--portal-link-color')).toBe('#2E7D32');
    expect(cssVariable('--portal-link-color-dark')).toBe('#629e65');
  });

  it('remembers ?portal= for later visits in the tab until an empty ?portal= clears it', async () => {
    const first = renderApp('/?portal=oakharbor');
    await findPageHeading('Oak Harbor Capital');
    first.unmount();

    const second = renderApp('/homepage');
    expect(await findPageHeading('Oak Harbor Capital')).toBeInTheDocument();
    second.unmount();

    renderApp('/?portal=');
    expect(await findPageHeading('Wasabi Stallions')).toBeInTheDocument();
  });

  it('keeps the portal and skips the portal call on client navigation', async () => {
    const { user, fetchMock } = renderApp('/homepage?portal=oakharbor');
    await findPageHeading('Oak Harbor Capital');
    await user.click(screen.getByRole('link', { name: 'Oak Harbor Capital' }));
    expect(window.location.pathname).toBe('/');
    expect(await findPageHeading('Oak Harbor Capital')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/auth/portals')).toHaveLength(1);
  });

  it('falls back to the default logo when the portal has none', async () => {
    renderApp('/');
    await findPageHeading('Wasabi Stallions');
    const logo = screen.getByRole('img', { name: 'Wasabi Stallions' });
    fireEvent.error(logo);
    expect(logo).toHaveAttribute('src', '/portals/default/logo.png');
  });

  it('links only the social accounts the portal has', async () => {
    renderApp('/');
    await findPageHeading('Wasabi Stallions');
    const social = screen.getByRole('navigation', { name: 'Social media' });
    expect(within(social).getByRole('link', { name: 'Facebook' })).toHaveAttribute(
      'href',
      'https://facebook.com/wasabistallions',
    );
    expect(within(social).getByRole('link', { name: 'YouTube' })).toBeInTheDocument();
    expect(within(social).queryByRole('link', { name: 'Twitter' })).not.toBeInTheDocument();
    expect(within(social).queryByRole('link', { name: 'Instagram' })).not.toBeInTheDocument();
  });
});
