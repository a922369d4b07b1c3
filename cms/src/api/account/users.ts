import type { Core } from '@strapi/strapi';
import { PORTAL, USER } from '../../utils/uids';
import type { Row } from '../../utils/rows';

// profile's service imports the uid from here.
export { USER };

/** A site account as the auth code reads it from the database (private fields included). */
export type AccountUser = Pick<Row<typeof USER>, 'id' | 'documentId' | 'username' | 'email'> &
  Partial<
    Pick<
      Row<typeof USER>,
      | 'password'
      | 'provider'
      | 'level'
      | 'isActive'
      | 'blocked'
      | 'confirmed'
      | 'confirmEmailCode'
      | 'firstName'
      | 'middleName'
      | 'lastName'
      | 'newsDocumentsCount'
      | 'profileSettings'
      | 'accreditation'
      | 'homePhone'
      | 'mobilePhone'
      | 'address1'
      | 'address2'
      | 'city'
      | 'state'
      | 'postalCode'
      | 'country'
    >
  > & { portal?: Pick<Row<typeof PORTAL>, 'id' | 'slug'> | null };

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
