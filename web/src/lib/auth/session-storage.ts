import { clearAuthCode, setAuthCode } from '@/lib/api-client';
import type { Me, ProfileSettings } from './types';

/** localStorage keys of a session, next to the api client's 'authCode'. */
export const USER_KEY = 'user';
export const PROFILE_SETTINGS_KEY = 'profileSettings';

function readJson<T>(key: string): T | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as T | null;
  } catch {
    // A corrupt entry counts as none; the next sign-in overwrites it.
    return null;
  }
}

/** The stored user and profile settings, shown until the CMS has confirmed or refused the stored auth code. */
export function readStoredSession(): { me: Me | null; profileSettings: ProfileSettings } {
  const me = readJson<Me>(USER_KEY);
  return { me, profileSettings: readJson<ProfileSettings>(PROFILE_SETTINGS_KEY) ?? me?.profileSettings ?? {} };
}

/** Keeps the user (and, when given, the code of a new session) so a reload restores the session at once. */
export function storeSession(me: Me, authCode?: string): void {
  if (authCode) setAuthCode(authCode);
  localStorage.setItem(USER_KEY, JSON.stringify(me));
  localStorage.setItem(PROFILE_SETTINGS_KEY, JSON.stringify(me.profileSettings ?? {}));
}

/** Forgets everything a session stored. */
export function clearStoredSession(): void {
  clearAuthCode();
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(PROFILE_SETTINGS_KEY);
}
