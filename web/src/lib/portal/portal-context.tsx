import { createContext, useContext } from 'react';
import type { Portal } from './portal';

/** The portal this visit shows, in the spec's names. */
export interface PortalSelection {
  portal: Portal;
  selectedId: number;
  selectedSlug: string;
  selectedPageTitle: string;
}

export const PortalContext = createContext<PortalSelection | null>(null);

/** The selected portal; only usable below the app's portal provider, which waits for it. */
export function usePortal(): PortalSelection {
  const selection = useContext(PortalContext);
  if (!selection) throw new Error('usePortal must be used inside the PortalProvider');
  return selection;
}
