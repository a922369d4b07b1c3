import { createRequiredContext } from '@/lib/required-context';
import type { Portal } from './portal';

/** The portal this visit shows, in the spec's names. */
export interface PortalSelection {
  portal: Portal;
  selectedId: number;
  selectedSlug: string;
  selectedPageTitle: string;
}

/** The selected portal; only usable below the app's portal provider, which waits for it. */
export const [PortalContext, usePortal] = createRequiredContext<PortalSelection>('usePortal', 'PortalProvider');
