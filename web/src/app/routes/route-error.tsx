import { RetryView } from '@/components/errors/retry-view';

const ROUTE_ERROR_MESSAGE = 'Something went wrong while showing this page.';

/** Shown instead of React Router's developer screen when a page throws while rendering. */
export function RouteError() {
  return <RetryView message={ROUTE_ERROR_MESSAGE} onRetry={() => window.location.reload()} />;
}
