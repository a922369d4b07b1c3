import { useEffect } from 'react';
import { usePortal } from '@/lib/portal/portal-context';

/** The browser tab title: the page title, ' @ ', then the portal's title. */
export function documentTitle(pageTitle: string, portalTitle: string): string {
  return pageTitle ? `${pageTitle} @ ${portalTitle}` : portalTitle;
}

/** Sets the document title for the page that renders it. */
export function Head({ title }: { title: string }) {
  const { selectedPageTitle } = usePortal();
  useEffect(() => {
    document.title = documentTitle(title, selectedPageTitle);
  }, [title, selectedPageTitle]);
  return null;
}
