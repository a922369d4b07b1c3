/** The signed-in user, a sign-in's answer, the portal's settings and the profile preferences: shared with the CMS. */
export type { Me, ProfileSettings, SessionAnswer, Settings } from '@portal/rules';

/** POST /api/auth/register: no session until the email is confirmed. */
export interface RegistrationAnswer {
  success?: boolean;
  message?: string;
}
