import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { Portal } from './portal';

/** The spec keeps the portal list in local storage for 5 s, so reloads and new tabs skip the call. */
export const PORTALS_CACHE_MS = 5000;
const CACHE_KEY = 'portals';

interface CachedPortals {
  time: number;
  items: Portal[];
}

function readCache(now: number): Portal[] | null {
  try {
    const cached = JSON.parse(localStorage.getItem(CACHE_KEY) ?? 'null') as CachedPortals | null;
    if (cached && Array.isArray(cached.items) && now - cached.time < PORTALS_CACHE_MS) return cached.items;
  } catch {
    // A corrupt entry is treated as no entry; the next load overwrites it.
  }
  return null;
}

/** The portal list, from the 5 s cache or the CMS; throws when the CMS cannot be read. */
export async function loadPortals(): Promise<Portal[]> {
  const now = Date.now();
  const cached = readCache(now);
  if (cached) return cached;
  // The same for everyone, so asked without the session: the page's preload of it (vite.config.ts) is then used.
  const answer = await api.get<{ items?: Portal[] }>('/api/auth/portals', undefined, { withSession: false });
  if (!Array.isArray(answer?.items)) throw new Error('The portal list could not be loaded.');
  // An empty list is not kept, so that the retry offered for it asks the CMS again.
  if (answer.items.length > 0) {
    const entry: CachedPortals = { time: now, items: answer.items };
    localStorage.setItem(CACHE_KEY, JSON.stringify(entry));
  }
  return answer.items;
}

/** The SWR key of the portal list: signing out clears every cached answer but this one, which no session changes. */
export const PORTALS_SWR_KEY = 'portals';

/** The portal list; a failure is reported, not retried, because the user gets a retry button. */
export function usePortals() {
  return useSWR(PORTALS_SWR_KEY, loadPortals, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
}
