/** The user's own display preferences; an empty timezone means the device's. */
export interface ProfileSettings {
  timezone?: string;
}

/** The signed-in user as the CMS answers it (`me` in docs/api-auth.md). */
export interface Me {
  id: number;
  documentId: string;
  username: string;
  email: string;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  fullName: string;
  displayName: string;
  /** One of the rules' LEVELS; null or unknown counts as guest. */
  level: string | null;
  canEditContentItems: boolean;
  isGuestSession: boolean;
  newsDocumentsCount: number;
  profileSettings: ProfileSettings | null;
  /** The slug of the user's portal; null for staff of every portal. */
  portal: string | null;
  isActive: boolean;
  accreditation: number | null;
  homePhone: string | null;
  mobilePhone: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
}

/** What a successful sign-in of any kind answers. */
export interface SessionAnswer {
  me: Me;
  authCode: string;
}

/** POST /api/auth/register: no session until the email is confirmed. */
export interface RegistrationAnswer {
  success?: boolean;
  message?: string;
}

/** The settings the site reads from POST /api/settings/load. */
export interface Settings {
  registrationDisabled: boolean;
  signInWithGoogleDisabled: boolean;
  /** Only given when the CMS verifies captchas; without it no captcha script is loaded. */
  recaptchaSiteKey?: string | null;
  signInWithGoogleClientId?: string | null;
}
