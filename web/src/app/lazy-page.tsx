import { type ComponentType, useEffect, useState } from 'react';
import { RetryView } from '@/components/errors/retry-view';
import { PageSpinner } from '@/components/ui/spinner';
import { withTimeout } from '@/lib/with-timeout';

/** The spec's lazy-page timings: no spinner for a page that arrives within 2 s, give up after 15 s. */
export const PAGE_SPINNER_DELAY_MS = 2000;
export const PAGE_LOAD_TIMEOUT_MS = 15000;
const PAGE_LOAD_FAILED_MESSAGE = 'This page could not be loaded. Check your connection and try again.';

type PageStatus = 'waiting' | 'slow' | 'failed';

/**
 * A page component whose code is fetched on first render. Unlike React.lazy, a failed or timed-out
 * import can be retried in place with a fresh import(), without reloading the app.
 */
export function lazyPage(load: () => Promise<ComponentType>): ComponentType {
  let loaded: ComponentType | null = null;
  let pending: Promise<ComponentType> | null = null;

  // Mounts share one import in flight; a failure is forgotten so that the next attempt imports afresh.
  function loadPage(): Promise<ComponentType> {
    pending ??= withTimeout(load(), PAGE_LOAD_TIMEOUT_MS, `Page load timed out after ${PAGE_LOAD_TIMEOUT_MS} ms`).then(
      (page) => {
        loaded = page;
        return page;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  }

  function LazyPage() {
    const [Page, setPage] = useState<ComponentType | null>(() => loaded);
    const [status, setStatus] = useState<PageStatus>('waiting');
    const [attempt, setAttempt] = useState(0);

    useEffect(() => {
      if (Page) return;
      let mounted = true;
      const slow = setTimeout(() => setStatus('slow'), PAGE_SPINNER_DELAY_MS);
      loadPage()
        .then(
          (page) => mounted && setPage(() => page),
          () => mounted && setStatus('failed'),
        )
        .finally(() => clearTimeout(slow));
      return () => {
        mounted = false;
        clearTimeout(slow);
      };
    }, [Page, attempt]);

    if (Page) return <Page />;
    if (status === 'failed') {
      const retry = () => {
        setStatus('waiting');
        setAttempt((count) => count + 1);
      };
      return <RetryView message={PAGE_LOAD_FAILED_MESSAGE} onRetry={retry} />;
    }
    return status === 'slow' ? <PageSpinner /> : null;
  }

  return LazyPage;
}
