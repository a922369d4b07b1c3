import type { PublicPortal } from '@portal/rules';
import { env } from '@/config/env';

/** A portal as GET /api/auth/portals answers it (the shape lives in rules, shared with the CMS). */
export type Portal = PublicPortal;

/** Where a developer's `?portal=<slug>` choice is kept for the rest of the tab's life. */
const REQUESTED_SLUG_KEY = 'portal';

/**
 * The slug asked for with `?portal=<slug>`, remembered in `storage` so it survives navigation and reloads;
 * `?portal=` with no value forgets it. Null when no slug is asked for.
 */
export function requestedPortalSlug(search: string, storage: Storage): string | null {
  const fromQuery = new URLSearchParams(search).get('portal');
  if (fromQuery === null) return storage.getItem(REQUESTED_SLUG_KEY);
  if (fromQuery === '') {
    storage.removeItem(REQUESTED_SLUG_KEY);
    return null;
  }
  storage.setItem(REQUESTED_SLUG_KEY, fromQuery);
  return fromQuery;
}

const withoutPort = (host: string) => host.trim().toLowerCase().replace(/:\d+$/, '');

/**
 * The portal to show: the requested slug wins, then the portal whose domains hold the host (case and port
 * ignored), then the default portal, then the first. Null only for an empty list.
 */
export function selectPortal(
  portals: readonly Portal[],
  { slug, hostname }: { slug: string | null; hostname: string },
): Portal | null {
  const host = withoutPort(hostname);
  return (
    portals.find((portal) => slug !== null && portal.slug === slug) ??
    portals.find((portal) => portal.domains?.some((domain) => withoutPort(domain) === host)) ??
    portals.find((portal) => portal.isDefault) ??
    portals[0] ??
    null
  );
}

/** The title shown after ' @ ' in the browser tab. */
export function portalTitle(portal: Portal): string {
  return portal.pageTitle?.trim() || portal.name;
}

/** The name of the education section in the portal's menus. */
export function educationLabel(portal: Portal): string {
  return portal.educationLabel?.trim() || 'Education';
}

/** A static file of the portal, served from public/portals/<slug>/. */
export function portalAssetUrl(slug: string, file: 'logo.png' | 'favicon.ico'): string {
  return `${env.basePath}portals/${encodeURIComponent(slug)}/${file}`;
}

/** The logo shown when a portal has none of its own. */
export const DEFAULT_LOGO_URL = `${env.basePath}portals/default/logo.png`;
