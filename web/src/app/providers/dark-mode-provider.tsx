import { type ReactNode, useLayoutEffect, useMemo, useState } from 'react';
import { type DarkMode, DarkModeContext, readDarkMode, storeDarkMode } from '@/lib/dark-mode';

/** Bootstrap 5.3's colour mode on <html>, restored from storage before the first paint and kept there on toggle. */
export function DarkModeProvider({ children }: { children: ReactNode }) {
  const [isInDarkMode, setDarkMode] = useState(readDarkMode);

  useLayoutEffect(() => {
    const root = document.documentElement;
    root.setAttribute('data-bs-theme', isInDarkMode ? 'dark' : 'light');
    return () => root.removeAttribute('data-bs-theme');
  }, [isInDarkMode]);

  const value = useMemo(
    (): DarkMode => ({
      isInDarkMode,
      toggleDarkMode: () => {
        storeDarkMode(!isInDarkMode);
        setDarkMode(!isInDarkMode);
      },
    }),
    [isInDarkMode],
  );
  return <DarkModeContext.Provider value={value}>{children}</DarkModeContext.Provider>;
}
