import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAuthCode, setAuthCode } from '@/lib/api-client';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { oakHarbor, wasabiStallions } from '@/testing/fixtures';
import { PORTALS_CACHE_MS, loadPortals } from '../portals-api';

describe('loadPortals', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-01T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads GET /api/auth/portals and keeps the answer for 5 seconds', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ items: [wasabiStallions, oakHarbor] }));
    await expect(loadPortals()).resolves.toEqual([wasabiStallions, oakHarbor]);
    expect(String(fetchMock.mock.calls[0][0])).toBe('http://localhost:1337/api/auth/portals');

    vi.advanceTimersByTime(PORTALS_CACHE_MS - 1);
    await expect(loadPortals()).resolves.toEqual([wasabiStallions, oakHarbor]);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(1);
    await loadPortals();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks without the session, as the page preloaded it, so the preloaded answer is used', async () => {
    setAuthCode('code-123');
    const fetchMock = stubFetch(() => jsonResponse({ items: [oakHarbor] }));
    await loadPortals();
    expect(new Headers(fetchMock.mock.calls[0][1]?.headers).get('authcode')).toBeNull();
    clearAuthCode();
  });

  it("stores the list in local storage under 'portals' with its time", async () => {
    stubFetch(() => jsonResponse({ items: [oakHarbor] }));
    await loadPortals();
    expect(JSON.parse(localStorage.getItem('portals') ?? '')).toEqual({
      time: Date.parse('2025-06-01T12:00:00Z'),
      items: [oakHarbor],
    });
  });

  it('ignores a corrupt cache entry', async () => {
    localStorage.setItem('portals', '{not json');
    stubFetch(() => jsonResponse({ items: [oakHarbor] }));
    await expect(loadPortals()).resolves.toEqual([oakHarbor]);
  });

  it('throws when the list cannot be read, and caches nothing', async () => {
    stubFetch(() => jsonResponse({ error: { message: 'Internal Server Error' } }, 500));
    await expect(loadPortals()).rejects.toThrow('The portal list could not be loaded.');
    expect(localStorage.getItem('portals')).toBeNull();
  });
});
