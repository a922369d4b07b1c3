import { createRequiredContext } from './required-context';

/** The spec's localStorage key; 'true' or 'false'. */
export const DARK_MODE_KEY = 'isInDarkMode';

export interface DarkMode {
  isInDarkMode: boolean;
  toggleDarkMode(): void;
}

export const [DarkModeContext, useDarkMode] = createRequiredContext<DarkMode>('useDarkMode', 'DarkModeProvider');

export function readDarkMode(): boolean {
  return localStorage.getItem(DARK_MODE_KEY) === 'true';
}

export function storeDarkMode(isInDarkMode: boolean): void {
  localStorage.setItem(DARK_MODE_KEY, String(isInDarkMode));
}
