import { describe, expect, it } from 'vitest';
import { type Identified, type ModelName, create, getOne, list, remove, update } from '../collections';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';

const UNKNOWN_MODEL = 'Model is not defined on backend. Maybe try to reboot the instance.';
// A name from outside the typed map, as content could supply at run time.
const widgets = 'widgets' as ModelName;

describe('collection helpers', () => {
  it.each([
    ['blog_items', '/api/blog-items'],
    ['assets_items', '/api/assets-items'],
    ['contents', '/api/contents'],
    ['team_members', '/api/team-members'],
    ['portals', '/api/portals'],
    ['notifications', '/api/notifications'],
    ['funds', '/api/funds'],
    ['investments', '/api/investments'],
    ['synd_users', '/api/synd-users'],
    ['proof_documents', '/api/proof-documents'],
    ['tax_documents', '/api/tax-documents'],
    ['news_documents', '/api/news-documents'],
    ['synd_documents', '/api/synd-documents'],
  ] as const)('lists %s from %s', async (model, path) => {
    const fetchMock = stubFetch(() => jsonResponse({ data: [], meta: {} }));
    await list(model);
    expect(new URL(String(fetchMock.mock.calls[0][0])).pathname).toBe(path);
  });

  it("unwraps Strapi's list envelope into items and total", async () => {
    const fetchMock = stubFetch(() =>
      jsonResponse({ data: [{ id: 1 }, { id: 2 }], meta: { pagination: { total: 40 } } }),
    );
    await expect(list('investments', { populate: ['fund'], pagination: { limit: 999 } })).resolves.toEqual({
      items: [{ id: 1 }, { id: 2 }],
      total: 40,
    });
    expect(String(fetchMock.mock.calls[0][0])).toContain('?populate[0]=fund&pagination[limit]=999');
  });

  it('gives an empty page when a list read fails', async () => {
    stubFetch(() => jsonResponse({ error: { message: 'Forbidden' } }, 403));
    await expect(list('funds')).resolves.toEqual({ items: [], total: 0 });
  });

  it('reads one item, or null when it cannot', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ data: { documentId: 'f1', name: 'Fund' } }));
    await expect(getOne('funds', 'f1')).resolves.toEqual({ documentId: 'f1', name: 'Fund' });
    expect(new URL(String(fetchMock.mock.calls[0][0])).pathname).toBe('/api/funds/f1');
    stubFetch(() => jsonResponse({ error: { message: 'Not Found' } }, 404));
    await expect(getOne('funds', 'missing')).resolves.toBeNull();
  });

  it('creates an item inside Strapi\'s data wrapper and throws when refused', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ data: { id: 7, name: 'New' } }));
    await expect(create('contents', { name: 'New' })).resolves.toEqual({ id: 7, name: 'New' });
    expect(fetchMock.mock.calls[0][1]?.body).toBe('{"data":{"name":"New"}}');
    stubFetch(() => jsonResponse({ error: { message: 'Forbidden' } }, 403));
    await expect(create('contents', { name: 'New' })).rejects.toMatchObject({ status: 403, message: 'Forbidden' });
  });

  it('updates by documentId without sending the keys Strapi owns', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ data: { documentId: 'd1', title: 'New title' } }));
    const item = { id: 3, documentId: 'd1', createdAt: '2025-01-01', title: 'New title' };
    await expect(update('contents', item)).resolves.toEqual({ documentId: 'd1', title: 'New title' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(new URL(String(url)).pathname).toBe('/api/contents/d1');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"data":{"title":"New title"}}');
  });

  it('falls back to _id, then id, to address an item', async () => {
    const fetchMock = stubFetch(() => new Response(null, { status: 204 }));
    await expect(remove('tax_documents', { _id: 'legacy' })).resolves.toBe(true);
    await expect(remove('tax_documents', { id: 12 })).resolves.toBe(true);
    expect(fetchMock.mock.calls.map(([url]) => new URL(String(url)).pathname)).toEqual([
      '/api/tax-documents/legacy',
      '/api/tax-documents/12',
    ]);
  });

  it('answers false when a delete fails', async () => {
    stubFetch(() => jsonResponse({ error: { message: 'Forbidden' } }, 403));
    await expect(remove('funds', { documentId: 'f1' })).resolves.toBe(false);
  });

  it('refuses to update or delete an item without an id, before calling the CMS', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    const unsaved: Identified & { title: string } = { title: 'x' };
    await expect(update('contents', unsaved)).rejects.toThrow('id or _id is required');
    await expect(remove('contents', {})).rejects.toThrow('id or _id is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a model the backend does not define', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    await expect(list(widgets)).rejects.toThrow(UNKNOWN_MODEL);
    await expect(getOne(widgets, 1)).rejects.toThrow(UNKNOWN_MODEL);
    await expect(create(widgets, {})).rejects.toThrow(UNKNOWN_MODEL);
    await expect(update(widgets, { id: 1 })).rejects.toThrow(UNKNOWN_MODEL);
    await expect(remove(widgets, { id: 1 })).rejects.toThrow(UNKNOWN_MODEL);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
