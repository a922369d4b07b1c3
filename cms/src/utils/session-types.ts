import type { UID } from '@strapi/strapi';

/**
 * The two session types: a signed-in session and a guest session code. Code outside their own API (admin layouts,
 * staff permissions, titles) names them only through this list, so moving them to another API is a one-line change.
 */
export const SESSION_TYPES = [
  'api::session.user-auth',
  'api::session.guest-code',
] as const satisfies readonly UID.ContentType[];

export const [SIGN_IN_SESSION, GUEST_CODE] = SESSION_TYPES;
