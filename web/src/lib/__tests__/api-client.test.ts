import { describe, expect, it } from 'vitest';
import { ApiError, api, clearAuthCode, setAuthCode } from '../api-client';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';

const headersOf = (init: RequestInit | undefined) => new Headers(init?.headers);

describe('api client', () => {
  it('calls the configured CMS with a Strapi-style query string', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ ok: 1 }));
    const answer = await api.get('/api/funds', {
      filters: { url_slug: { $eq: 'fund one' } },
      populate: ['company'],
    });
    expect(answer).toEqual({ ok: 1 });
    expect(fetchMock.mock.calls[0][0]).toBe(
      'http://localhost:1337/api/funds?filters[url_slug][$eq]=fund%20one&populate[0]=company',
    );
  });

  it('sends the held auth code in the authcode header, and stops once it is cleared', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    await api.get('/api/auth/me');
    setAuthCode('code-123');
    await api.get('/api/auth/me');
    clearAuthCode();
    await api.get('/api/auth/me');
    expect(fetchMock.mock.calls.map(([, init]) => headersOf(init).get('authcode'))).toEqual([null, 'code-123', null]);
    expect(localStorage.getItem('authCode')).toBeNull();
  });

  it('answers null when a GET fails on the server or the network', async () => {
    stubFetch(() => jsonResponse({ error: { message: 'Forbidden' } }, 403));
    await expect(api.get('/api/funds')).resolves.toBeNull();
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/api/funds')).resolves.toBeNull();
  });

  it('answers true for an accepted DELETE and false for a failed one', async () => {
    const fetchMock = stubFetch(() => new Response(null, { status: 204 }));
    await expect(api.delete('/api/funds/abc')).resolves.toBe(true);
    expect(fetchMock.mock.calls[0][1]?.method).toBe('DELETE');
    stubFetch(() => jsonResponse({ error: { message: 'Not Found' } }, 404));
    await expect(api.delete('/api/funds/abc')).resolves.toBe(false);
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.delete('/api/funds/abc')).resolves.toBe(false);
  });

  it('POSTs JSON and answers the parsed reply', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ success: true }));
    await expect(api.post('/api/auth/reset', { username: 'a@b.c' })).resolves.toEqual({ success: true });
    const [, init] = fetchMock.mock.calls[0];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"username":"a@b.c"}');
    expect(headersOf(init).get('content-type')).toBe('application/json');
  });

  it('throws a failed POST as an ApiError with the status, Strapi message and body', async () => {
    const body = { error: { status: 400, message: 'Invalid fields' }, fields: { email: 'Email is taken' } };
    stubFetch(() => jsonResponse(body, 400));
    const error = await api.post('/api/auth/register', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid fields', body });
  });

  it("exposes Strapi's error message and details, such as a registration's field errors", async () => {
    const fields = { email: 'Email is already taken' };
    stubFetch(() =>
      jsonResponse(
        { data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid', details: { fields } } },
        400,
      ),
    );
    const error = (await api.post('/api/auth/register', {}).catch((caught: unknown) => caught)) as ApiError;
    expect(error.serverMessage).toBe('Invalid');
    expect(error.details).toEqual({ fields });

    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const bare = (await api.post('/api/auth/register', {}).catch((caught: unknown) => caught)) as ApiError;
    expect(bare.serverMessage).toBeNull();
    expect(bare.details).toBeNull();
  });

  it('throws a failed PUT, falling back to a generic message when the body has none', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.put('/api/users/1', { city: 'Reno' })).rejects.toMatchObject({
      status: 502,
      message: 'Request failed with status 502',
      body: '<html>Bad gateway</html>',
    });
  });

  it('throws a write that never reached the server as an ApiError with status 0', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.post('/api/auth/auth', {})).rejects.toMatchObject({
      name: 'ApiError',
      status: 0,
      message: 'Failed to fetch',
    });
  });
});
