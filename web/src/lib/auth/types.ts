import type { Me } from '@portal/rules';

/** The signed-in user, the portal's settings and the profile preferences: shapes the CMS and the site share. */
export type { Me, ProfileSettings, Settings } from '@portal/rules';

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
