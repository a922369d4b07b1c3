import type { Core } from '@strapi/strapi';
import { PORTAL, USER } from '../../utils/uids';
import type { Row } from '../../utils/rows';

// profile's service imports the uid from here.
export { USER };

/**
 * The columns of a user that a caller carries: what the session's lookup reads (src/api/session, on every signed-in
 * request the session cache has not seen lately) and all any route reads of `ctx.state.user`. A route that needs
 * another column adds it here (the type below follows), or reads the user itself.
 */
export const CALLER_FIELDS = [
  'id',
  'documentId',
  'username',
  'email',
  'password',
  'provider',
  'level',
  'isActive',
  'blocked',
  'confirmed',
  'confirmEmailCode',
  'firstName',
  'middleName',
  'lastName',
  'newsDocumentsCount',
  'profileSettings',
  'accreditation',
  'accreditationDate',
  'trustName',
  'busEntityName',
  'homePhone',
  'mobilePhone',
  'address1',
  'address2',
  'city',
  'state',
  'postalCode',
  'country',
] as const satisfies readonly (keyof Row<typeof USER>)[];

type Always = 'id' | 'documentId' | 'username' | 'email';

/** A site account as the auth code reads it from the database (private fields included): its CALLER_FIELDS. */
export type AccountUser = Pick<Row<typeof USER>, Always> &
  Partial<Pick<Row<typeof USER>, Exclude<(typeof CALLER_FIELDS)[number], Always>>> & {
    portal?: Pick<Row<typeof PORTAL>, 'id' | 'slug'> | null;
  };

/** Only accounts that are confirmed (isActive) and not blocked may hold a session. */
export function canSignIn(user: Pick<AccountUser, 'isActive' | 'blocked'>): boolean {
  return Boolean(user.isActive) && !user.blocked;
}

/** Users whose username or email equals `name`, ignoring case (a username may look like someone's email). */
export async function findUsersByName(strapi: Core.Strapi, name: string): Promise<AccountUser[]> {
  return strapi.db.query(USER).findMany({
    where: { $or: [{ username: { $eqi: name } }, { email: { $eqi: name } }] },
    populate: { portal: true },
    limit: 5,
  });
}

/** One user by id, with the portal. */
export async function findUser(
  strapi: Core.Strapi,
  where: { id: number } | { documentId: string },
): Promise<AccountUser | null> {
  return strapi.db.query(USER).findOne({ where, populate: { portal: true } });
}
