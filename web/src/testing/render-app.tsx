import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '@/app/app';
import type { Portal } from '@/lib/portal/portal';
import { type FetchHandler, jsonResponse, stubFetch } from './fetch-stub';
import { oakHarbor, wasabiStallions } from './fixtures';

/** A CMS that knows `portals` and answers 404 to everything else. */
export function portalsCms(portals: Portal[] = [wasabiStallions, oakHarbor]): FetchHandler {
  return (url) =>
    url.pathname === '/api/auth/portals'
      ? jsonResponse({ items: portals })
      : jsonResponse({ error: { message: 'Not Found' } }, 404);
}

/** Renders the whole app, with its providers and router, at `url` against a stubbed CMS. */
export function renderApp(url = '/', cms: FetchHandler = portalsCms()) {
  const fetchMock = stubFetch(cms);
  window.history.pushState(null, '', url);
  const user = userEvent.setup();
  return { ...render(<App />), user, fetchMock };
}

/** The page's main heading, once its lazily loaded code has arrived. */
export function findPageHeading(name?: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name });
}
