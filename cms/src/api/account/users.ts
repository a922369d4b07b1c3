import type { Core } from '@strapi/strapi';
import { USER } from '../../utils/uids';

// profile's service imports the uid from here.
export { USER };

/** A site account as the auth code reads it from the database (private fields included). */
export interface AccountUser {
  id: number;
  documentId: string;
  username: string;
  email: string;
  password?: string | null;
  provider?: string | null;
  level?: string | null;
  isActive?: boolean | null;
  blocked?: boolean | null;
  confirmed?: boolean | null;
  confirmEmailCode?: string | null;
  firstName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
  newsDocumentsCount?: number | null;
  profileSettings?: unknown;
  accreditation?: number | null;
  homePhone?: string | null;
  mobilePhone?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  country?: string | null;
  portal?: { id: number; slug: string } | null;
}

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
