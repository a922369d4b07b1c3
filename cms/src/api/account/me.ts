import { displayName, fullName, type Me } from '@portal/rules';
import type { AccountUser } from './users';

/** The signed-in user as the site sees it (the `me` of the contract in docs/api-auth.md; its type lives in rules). */
export function toMe(user: AccountUser, isGuestSession: boolean): Me {
  const settings =
    user.profileSettings && typeof user.profileSettings === 'object'
      ? (user.profileSettings as Record<string, unknown>)
      : {};
  return {
    id: user.id,
    documentId: user.documentId,
    username: user.username,
    email: user.email,
    firstName: user.firstName ?? null,
    middleName: user.middleName ?? null,
    lastName: user.lastName ?? null,
    fullName: fullName(user),
    displayName: displayName(user),
    level: user.level ?? 'user',
    canEditContentItems: user.level === 'superadmin',
    isGuestSession,
    newsDocumentsCount: user.newsDocumentsCount ?? 0,
    profileSettings: {
      ...(typeof settings.timezone === 'string' && { timezone: settings.timezone }),
      ...(typeof settings.notificationsReadAt === 'string' && { notificationsReadAt: settings.notificationsReadAt }),
    },
    portal: user.portal?.slug ?? null,
    isActive: Boolean(user.isActive),
    accreditation: user.accreditation ?? 0,
    // SQLite answers the stored text, PostgreSQL a Date: the site always gets ISO.
    accreditationDate: user.accreditationDate ? new Date(user.accreditationDate).toISOString() : null,
    trustName: user.trustName ?? null,
    busEntityName: user.busEntityName ?? null,
    homePhone: user.homePhone ?? null,
    mobilePhone: user.mobilePhone ?? null,
    address1: user.address1 ?? null,
    address2: user.address2 ?? null,
    city: user.city ?? null,
    state: user.state ?? null,
    postalCode: user.postalCode ?? null,
    country: user.country ?? null,
  };
}
