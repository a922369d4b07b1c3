import { useEffect } from 'react';
import { usePortal } from '@/lib/portal/portal-context';

/** Sets the browser tab title: the page title, ' @ ', then the portal's title. */
export function Head({ title }: { title: string }) {
  const { selectedPageTitle } = usePortal();
  useEffect(() => {
    document.title = `${title} @ ${selectedPageTitle}`;
  }, [title, selectedPageTitle]);
  return null;
}
