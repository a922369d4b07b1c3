import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ToastProvider } from '@/components/toasts/toasts';
import { DarkModeProvider } from './dark-mode-provider';
import { EditModeProvider } from './edit-mode-provider';
import { PortalProvider } from './portal-provider';
import { SessionProvider } from './session-provider';
import { SignInDialogProvider } from './sign-in-dialog-provider';

// Each mounted app gets its own SWR cache, so nothing leaks between app instances (tests mount many).
const swrConfig = { provider: () => new Map() };

/**
 * Everything a page may rely on. Colour mode and toasts come first, as they apply before a portal is known;
 * the session needs the portal, and edit mode and the sign-in dialog need the session.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={swrConfig}>
      <DarkModeProvider>
        <ToastProvider>
          <PortalProvider>
            <SessionProvider>
              <EditModeProvider>
                <SignInDialogProvider>{children}</SignInDialogProvider>
              </EditModeProvider>
            </SessionProvider>
          </PortalProvider>
        </ToastProvider>
      </DarkModeProvider>
    </SWRConfig>
  );
}
