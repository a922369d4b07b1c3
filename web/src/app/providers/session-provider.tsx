import { hasLevel as holdsLevel, displayName as nameOf, type Level } from '@portal/rules';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import useSWRImmutable from 'swr/immutable';
import { getAuthCode } from '@/lib/api-client';
import {
  authenticate,
  authenticateWithGoogle,
  fetchMe,
  loadSettings,
  logout,
  registerUser,
  requestPasswordReset,
  startGuest,
} from '@/lib/auth/auth-api';
import {
  type Credentials,
  type Registration,
  type Session,
  SessionContext,
  type SessionStatus,
} from '@/lib/auth/session-context';
import { clearStoredSession, readStoredSession, storeSession } from '@/lib/auth/session-storage';
import type { Me, ProfileSettings, SessionAnswer, Settings } from '@/lib/auth/types';
import { captchaToken } from '@/lib/captcha';
import { usePortal } from '@/lib/portal/portal-context';
import { PORTALS_SWR_KEY } from '@/lib/portal/portals-api';

interface SessionState {
  status: SessionStatus;
  me: Me | null;
  profileSettings: ProfileSettings;
}

/** Until the portal's settings arrive nothing is offered that they might switch off. */
const SETTINGS_WHILE_LOADING: Settings = { registrationDisabled: true, signInWithGoogleDisabled: true };

const SETTINGS_SWR_KEY = 'settings';

const signedOut: SessionState = { status: 'initialised', me: null, profileSettings: {} };

/**
 * The user's session: restored from storage at once, then checked with GET /api/auth/me; sign-in, sign-out
 * and the portal's settings (loaded once per portal and session).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { selectedSlug } = usePortal();
  const { mutate } = useSWRConfig();
  const [state, setState] = useState<SessionState>(() => ({ status: 'notInitialised', ...readStoredSession() }));
  // Bumped whenever a session starts or ends, so that a check of the previous one answering late is ignored.
  const generation = useRef(0);
  const restoreStarted = useRef(false);

  const forget = useCallback(() => {
    clearStoredSession();
    setState(signedOut);
  }, []);

  const adopt = useCallback((me: Me, authCode?: string) => {
    storeSession(me, authCode);
    setState({ status: 'initialised', me, profileSettings: me.profileSettings ?? {} });
  }, []);

  const startSession = useCallback(
    ({ me, authCode }: SessionAnswer) => {
      generation.current += 1;
      adopt(me, authCode);
      return me;
    },
    [adopt],
  );

  const refresh = useCallback(async () => {
    const checked = generation.current;
    const me = getAuthCode() ? await fetchMe() : null;
    if (checked !== generation.current) return;
    if (me) adopt(me);
    else forget();
  }, [adopt, forget]);

  useEffect(() => {
    // Once per mount, also under StrictMode's second effect run: one check of the stored session is enough.
    if (restoreStarted.current) return;
    restoreStarted.current = true;
    if (!getAuthCode()) {
      forget();
      return;
    }
    setState((current) => ({ ...current, status: 'initialising' }));
    void refresh();
  }, [forget, refresh]);

  const { data: settings = SETTINGS_WHILE_LOADING } = useSWRImmutable(
    [SETTINGS_SWR_KEY, selectedSlug, state.me?.id ?? null],
    ([, portal]) => loadSettings(portal),
  );

  const signOut = useCallback(async () => {
    generation.current += 1;
    try {
      await logout();
    } catch {
      // The code is forgotten here either way; an unreachable CMS must not keep anyone signed in.
    }
    forget();
    // Clear what was read with the old session and read it again without it. Not the portal list, which no
    // session changes, nor the settings, whose key names the user and so changes by itself. Not awaited: the
    // caller moves on (the header goes home) while the data is read again.
    const readWithSession = (key: unknown) =>
      key !== PORTALS_SWR_KEY && !(Array.isArray(key) && key[0] === SETTINGS_SWR_KEY);
    void mutate(readWithSession, undefined, { revalidate: true });
  }, [forget, mutate]);

  // Each action keeps its identity while what it uses stays the same, so pages can run effects on them.
  const captchaKey = settings.recaptchaSiteKey;
  const signIn = useCallback(
    async ({ email, password }: Credentials) => {
      const captcha = await captchaToken(captchaKey, 'login');
      return startSession(await authenticate({ username: email, password, captcha, portal: selectedSlug }));
    },
    [captchaKey, selectedSlug, startSession],
  );
  const register = useCallback(
    async ({ email, password, firstName, lastName }: Registration) => {
      const captcha = await captchaToken(captchaKey, 'login');
      return registerUser({ email, username: email, password, captcha, firstName, lastName, portal: selectedSlug });
    },
    [captchaKey, selectedSlug],
  );
  const resetRequest = useCallback(
    async (email: string) => {
      const captcha = await captchaToken(captchaKey, 'restore');
      await requestPasswordReset({ username: email, captcha });
    },
    [captchaKey],
  );
  const googleSignIn = useCallback(
    async (credential: string) => startSession(await authenticateWithGoogle({ credential, portal: selectedSlug })),
    [selectedSlug, startSession],
  );
  const startGuestSession = useCallback(async (code: string) => startSession(await startGuest(code)), [startSession]);

  const session = useMemo((): Session => {
    const { me } = state;
    return {
      ...state,
      settings,
      isSignedIn: me !== null,
      isGuestSession: me?.isGuestSession ?? false,
      canEditContentItems: me?.canEditContentItems ?? false,
      displayName: me ? me.displayName || nameOf(me) : '',
      hasLevel: (level: Level) => holdsLevel(me?.level, level),
      signIn,
      register,
      resetRequest,
      googleSignIn,
      startGuestSession,
      signOut,
      refresh,
    };
  }, [state, settings, signIn, register, resetRequest, googleSignIn, startGuestSession, signOut, refresh]);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
