import { api } from '@/lib/api-client';
import type { Me, RegistrationAnswer, SessionAnswer, Settings } from './types';

// The calls of docs/api-auth.md that make, check or end a session. POSTs throw ApiError (see lib/api-client).

export interface SignInPayload {
  username: string;
  password: string;
  captcha: string;
  portal: string;
}

export interface RegistrationPayload {
  email: string;
  username: string;
  password: string;
  captcha: string;
  firstName: string;
  lastName: string;
  portal: string;
}

export const authenticate = (payload: SignInPayload) => api.post<SessionAnswer>('/api/auth/auth', payload);

export const registerUser = (payload: RegistrationPayload) =>
  api.post<RegistrationAnswer>('/api/auth/register', payload);

export const requestPasswordReset = (payload: { username: string; captcha: string }) =>
  api.post<unknown>('/api/auth/reset', payload);

export const authenticateWithGoogle = (payload: { credential: string; portal: string }) =>
  api.post<SessionAnswer>('/api/auth/google', payload);

/** Starts a guest session as another user; the CMS allows it only to a signed-in superadmin. */
export const startGuest = (code: string) => api.post<SessionAnswer>('/api/auth/guest/start', { code });

export const logout = () => api.post<unknown>('/api/auth/logout');

/** The user of the held auth code, or null when the code is not (or no longer) valid or the CMS is unreachable. */
export async function fetchMe(): Promise<Me | null> {
  const answer = await api.get<{ me?: Me }>('/api/auth/me');
  return answer?.me ?? null;
}

/** What the site assumes when the settings cannot be read: the CMS still refuses what it has switched off. */
export const FALLBACK_SETTINGS: Settings = { registrationDisabled: false, signInWithGoogleDisabled: false };

/** The portal's settings readable at the caller's level; never throws, so a failure cannot stop sign-in. */
export async function loadSettings(portal: string): Promise<Settings> {
  try {
    const answer = await api.post<{ settings?: Partial<Settings> }>('/api/settings/load', { portal });
    return { ...FALLBACK_SETTINGS, ...answer?.settings };
  } catch {
    return FALLBACK_SETTINGS;
  }
}
