import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { App } from '@/app/app';
import type { Me } from '@/lib/auth/types';
import { type FakeCmsOptions, fakeCms } from './fake-cms';
import { type FetchHandler, stubFetch } from './fetch-stub';
import { storeSignedIn } from './fixtures';

/** Renders the whole app, with its providers and router, at `url` against a stubbed CMS. */
export function renderApp(url = '/', cms: FetchHandler = fakeCms()) {
  const fetchMock = stubFetch(cms);
  window.history.pushState(null, '', url);
  const user = userEvent.setup();
  return { ...render(<App />), user, fetchMock };
}

/** The app at `url` for `me` (a visitor when none), signed in as a previous visit would have left it. */
export function renderAppAs(me: Me | undefined, url: string, options: FakeCmsOptions = {}) {
  if (me) storeSignedIn(me);
  return renderApp(url, fakeCms({ me, ...options }));
}

/**
 * Moves fake time on by `ms` and lets the answers and renders it sets off settle. Testing Library's own
 * waiting cannot run under fake timers, so timed tests switch to them only for the timed part.
 */
export const advance = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The page's main heading, once its lazily loaded code has arrived. */
export function findPageHeading(name?: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name });
}
