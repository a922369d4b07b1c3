import { type ReactNode, useMemo, useState } from 'react';
import { RetryView } from '@/components/errors/retry-view';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { portalTitle, requestedPortalSlug, selectPortal } from '@/lib/portal/portal';
import { PortalContext, type PortalSelection } from '@/lib/portal/portal-context';
import { usePortals } from '@/lib/portal/portals-api';
import { PortalBranding } from './portal-branding';

const PORTALS_FAILED_MESSAGE = 'The site could not be loaded. Check your connection and try again.';
const NO_PORTAL_MESSAGE = 'No portal is set up yet.';

/** Holds the app behind a full-screen spinner until the portal is known, then brands it and provides it. */
export function PortalProvider({ children }: { children: ReactNode }) {
  const { data: portals, error, isValidating, mutate } = usePortals();
  // Read once per visit: the query only matters on the URL the visit started with.
  const [slug] = useState(() => requestedPortalSlug(window.location.search, sessionStorage));

  const selection = useMemo((): PortalSelection | null => {
    const portal = portals && selectPortal(portals, { slug, hostname: window.location.hostname });
    if (!portal) return null;
    return { portal, selectedId: portal.id, selectedSlug: portal.slug, selectedPageTitle: portalTitle(portal) };
  }, [portals, slug]);

  if (error && !isValidating) {
    return <RetryView fullScreen message={PORTALS_FAILED_MESSAGE} onRetry={() => mutate()} />;
  }
  if (!portals) return <FullScreenSpinner />;
  if (!selection) return <RetryView fullScreen message={NO_PORTAL_MESSAGE} onRetry={() => mutate()} />;

  return (
    <PortalContext.Provider value={selection}>
      <PortalBranding portal={selection.portal} />
      {children}
    </PortalContext.Provider>
  );
}
