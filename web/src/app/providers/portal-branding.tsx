import { useEffect } from 'react';
import { type Portal, portalAssetUrl } from '@/lib/portal/portal';
import { portalThemeVariables } from '@/lib/portal/theme';

function faviconLink(): HTMLLinkElement {
  const existing = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (existing) return existing;
  const link = document.createElement('link');
  link.rel = 'icon';
  document.head.append(link);
  return link;
}

/** Puts the portal's colours, favicon and `data-portal` on the document, and takes them off again on unmount. */
export function PortalBranding({ portal }: { portal: Portal }) {
  useEffect(() => {
    const root = document.documentElement;
    const variables = Object.entries(portalThemeVariables(portal));
    for (const [name, value] of variables) root.style.setProperty(name, value);
    root.dataset.portal = portal.slug;

    const icon = faviconLink();
    const previousIcon = icon.getAttribute('href');
    icon.href = portalAssetUrl(portal.slug, 'favicon.ico');

    return () => {
      for (const [name] of variables) root.style.removeProperty(name);
      delete root.dataset.portal;
      if (previousIcon === null) icon.removeAttribute('href');
      else icon.setAttribute('href', previousIcon);
    };
  }, [portal]);
  return null;
}
