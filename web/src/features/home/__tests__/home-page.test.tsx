import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findPageHeading, renderApp } from '@/testing/render-app';

describe('homepage', () => {
  it.each(['/', '/homepage'])("shows the portal's hero at %s", async (url) => {
    renderApp(url);
    expect(await findPageHeading('Wasabi Stallions')).toBeInTheDocument();
    expect(screen.getByText('Wasabi Stallions Investor Portal')).toBeInTheDocument();
    expect(document.title).toBe('Home @ Wasabi Stallions Investor Portal');
  });
});

describe('unknown address', () => {
  it('shows a not-found page that leads back home', async () => {
    const { user } = renderApp('/no-such-page?portal=oakharbor');
    expect(await findPageHeading('Page not found')).toBeInTheDocument();
    expect(document.title).toBe('Page not found @ Oak Harbor Investors');

    await user.click(screen.getByRole('link', { name: 'Go to the homepage' }));
    expect(await findPageHeading('Oak Harbor Capital')).toBeInTheDocument();
    expect(document.title).toBe('Home @ Oak Harbor Investors');
  });
});
