import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, fakeCms } from '@/testing/fake-cms';
import { renderApp } from '@/testing/render-app';

const contents = {
  'privacy-policy': { title: 'Privacy Policy', body: '<h2>What we collect</h2><p>We never sell your data.</p>' },
  'terms-of-use': { title: 'Terms of Use', body: '<h2>No advice</h2><p>Nothing here is investment advice.</p>' },
};

describe('content pages', () => {
  it.each([
    ['/privacy-policy', 'privacy-policy', 'Privacy Policy', 'We never sell your data.'],
    ['/terms-of-use', 'terms-of-use', 'Terms of Use', 'Nothing here is investment advice.'],
  ])('%s shows the content item %s of the portal', async (url, slug, title, text) => {
    const { fetchMock } = renderApp(`${url}?portal=oakharbor`, fakeCms({ contents }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} @ Oak Harbor Investors`));
    expect(callsTo(fetchMock, 'POST /api/contents/byslug').map(({ body }) => body)).toContainEqual({
      slug: expect.arrayContaining([slug]),
      portal: 'oakharbor',
    });
  });
});
