import type { Level } from '@portal/rules';
import { createRequiredContext } from '@/lib/required-context';
import type { Me, ProfileSettings, RegistrationAnswer, Settings } from './types';

/**
 * The spec's session states: nothing read yet, a stored session being checked with the CMS, settled.
 * Pages that need a user wait for 'initialised' rather than judge a session that may be about to end.
 */
export type SessionStatus = 'notInitialised' | 'initialising' | 'initialised';

export interface Credentials {
  email: string;
  password: string;
}

export interface Registration extends Credentials {
  firstName: string;
  lastName: string;
}

export interface Session {
  status: SessionStatus;
  me: Me | null;
  isSignedIn: boolean;
  isGuestSession: boolean;
  canEditContentItems: boolean;
  /** The user's name as shown, '' when signed out. */
  displayName: string;
  profileSettings: ProfileSettings;
  /** The portal's settings; while they load, registration and Google sign-in count as switched off. */
  settings: Settings;
  /** Whether the user holds `level` (visitors hold only 'guest'). */
  hasLevel(level: Level): boolean;
  /** Signs in; throws ApiError (422 for a refused captcha). */
  signIn(credentials: Credentials): Promise<Me>;
  /** Registers; answers the CMS's reply (no session until the email is confirmed); throws ApiError. */
  register(registration: Registration): Promise<RegistrationAnswer>;
  /** Asks for a password reset mail; throws ApiError. */
  resetRequest(email: string): Promise<void>;
  /** Signs in with a Google ID token; throws ApiError. */
  googleSignIn(credential: string): Promise<Me>;
  /** Replaces the current (superadmin) session with a guest session of the user behind `code`; throws ApiError. */
  startGuestSession(code: string): Promise<Me>;
  /** Ends the session on the CMS when it can, then forgets it here in any case. */
  signOut(): Promise<void>;
  /** Reads the user again from the CMS; an invalid session is forgotten. */
  refresh(): Promise<void>;
}

export const [SessionContext, useSession] = createRequiredContext<Session>('useSession', 'SessionProvider');
