import { loadScript } from './load-script';

export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

/** The part of Google Identity Services the site uses. */
export interface GoogleIdentity {
  initialize(config: { client_id: string; callback: (response: { credential: string }) => void }): void;
  renderButton(parent: HTMLElement, options: { type: 'standard'; width?: number }): void;
  /** Google's One Tap prompt, for whoever reaches the site's own button instead of Google's (the keyboard). */
  prompt(): void;
}

declare global {
  interface Window {
    google?: { accounts: { id: GoogleIdentity } };
  }
}

/** Google Identity Services, loaded once; null when Google cannot be reached. */
export async function loadGoogleIdentity(): Promise<GoogleIdentity | null> {
  if (!(await loadScript(GOOGLE_SCRIPT_URL))) return null;
  return window.google?.accounts.id ?? null;
}
