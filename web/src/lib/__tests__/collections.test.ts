import { describe, expect, it } from 'vitest';
import { list } from '../collections';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';

describe('list, the generic collection read', () => {
  it("asks GET /api/{collection} with the spec's parameters in Strapi's bracket notation", async () => {
    const fetchMock = stubFetch(() => jsonResponse({ items: [], total: 0 }));
    await list('notifications', {
      mine: true,
      populate: 'template',
      sort: '-createdAt',
      limit: 10,
      filters: { year: { $eq: 2025 } },
    });
    const url = new URL(String(fetchMock.mock.calls[0][0]));
    expect(url.pathname).toBe('/api/notifications');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      mine: 'true',
      populate: 'template',
      sort: '-createdAt',
      limit: '10',
      'filters[year][$eq]': '2025',
    });
  });

  it('answers the items and total the CMS sends', async () => {
    stubFetch(() => jsonResponse({ items: [{ id: 1 }, { id: 2 }], total: 7 }));
    expect(await list('team_members')).toEqual({ items: [{ id: 1 }, { id: 2 }], total: 7 });
  });

  it('answers an empty page when the read fails or the answer is not a list', async () => {
    stubFetch(() => jsonResponse({ error: { status: 500, message: 'boom' } }, 500));
    expect(await list('funds')).toEqual({ items: [], total: 0 });
    stubFetch(() => jsonResponse({ items: 'nope' }));
    expect(await list('funds')).toEqual({ items: [], total: 0 });
  });
});
