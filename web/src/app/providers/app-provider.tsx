import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { PortalProvider } from './portal-provider';

// Each mounted app gets its own SWR cache, so nothing leaks between app instances (tests mount many).
const swrConfig = { provider: () => new Map() };

/** Everything a page may rely on: the data cache and the selected, branded portal. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={swrConfig}>
      <PortalProvider>{children}</PortalProvider>
    </SWRConfig>
  );
}
