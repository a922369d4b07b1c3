import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  accreditationProblem,
  displayName,
  isUnitedStates,
  SITE_NOTIFY_TEMPLATES,
  US_STATES,
  type AccreditationField,
  type Me,
  type ProfileField,
  type ProfileSettings,
} from '@portal/rules';
import { serviceAccessor } from '../../../utils/service';
import { toMe } from '../../account/me';
import { findUser, USER, type AccountUser } from '../../account/users';
import { notifications, type Recipient } from '../../notification/services/notification';
import { NOTIFICATION_TEMPLATE } from '../../../utils/uids';

/** What PUT /api/users/:id may change, validated: a text field null to clear it, accreditation an option's value. */
export type UserChanges = Partial<
  Record<Exclude<ProfileField | AccreditationField, 'accreditation'>, string | null>
> & {
  accreditation?: number;
};

/** A user's stored preferences (profileSettings, a JSON object), whatever an old row holds. */
const settingsOf = (user: Pick<AccountUser, 'profileSettings'> | null): Record<string, unknown> =>
  user?.profileSettings && typeof user.profileSettings === 'object' && !Array.isArray(user.profileSettings)
    ? (user.profileSettings as Record<string, unknown>)
    : {};

/**
 * Stores these preferences of the user, keeping the others as the row holds them now (not as the session read them,
 * so that a time zone and a read time saved from two devices at once both stay).
 */
async function saveProfileSettings(strapi: Core.Strapi, user: AccountUser, changes: ProfileSettings): Promise<void> {
  const row = (await strapi.db.query(USER).findOne({ where: { id: user.id }, select: ['profileSettings'] })) as Pick<
    AccountUser,
    'profileSettings'
  > | null;
  await strapi.db
    .query(USER)
    .update({ where: { id: user.id }, data: { profileSettings: { ...settingsOf(row), ...changes } } });
}

/** Trimmed text, an empty one stored as null (nothing typed). */
const stored = (value: string | null | undefined) => value?.trim() || null;

const profileService = ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * Changes the caller's own profile and accreditation fields (the route's `id` must be theirs, else 404 as for a
   * missing user); stating an accreditation records when. Answers the new `me`.
   */
  async updateUser(caller: AccountUser, id: string, changes: UserChanges): Promise<Me> {
    if (id !== String(caller.id) && id !== caller.documentId) throw new errors.NotFoundError('Not found');

    const data: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(changes))
      data[field] = field === 'accreditation' ? value : stored(value as string | null);
    const after = { ...caller, ...data } as AccountUser;

    // Checked when either is sent, so an old record's state never blocks a change of phone number.
    const placeChanged = 'country' in data || 'state' in data;
    if (placeChanged && isUnitedStates(after.country) && after.state && !US_STATES.includes(after.state)) {
      throw new errors.ValidationError('state must be one of the 50 US states');
    }
    if (changes.accreditation !== undefined) {
      if (changes.accreditation > 0) {
        const problem = accreditationProblem(changes.accreditation, after);
        if (problem) throw new errors.ValidationError(problem);
      }
      data.accreditationDate = changes.accreditation > 0 ? new Date() : null;
    }

    await strapi.db.query(USER).update({ where: { id: caller.id }, data });
    const user = await findUser(strapi, { id: caller.id });
    if (!user) throw new errors.NotFoundError('Not found');
    return toMe(user, false);
  },

  /** Stores the caller's timezone ('' for the device's), keeping any other stored preference. */
  async saveSettings(caller: AccountUser, timezone: string): Promise<ProfileSettings> {
    await saveProfileSettings(strapi, caller, { timezone });
    return { timezone };
  },

  /**
   * Keeps the time up to which the caller read their notifications, for all their devices: `readAt`, never later than
   * now, and never earlier than the time kept (a device whose clock or list lags does not mark read ones unread).
   */
  async markNotificationsRead(caller: AccountUser, readAt: Date): Promise<string> {
    const asked = Math.min(readAt.getTime(), Date.now());
    const kept = Date.parse(String(settingsOf(caller).notificationsReadAt ?? ''));
    if (!Number.isNaN(kept) && kept >= asked) return new Date(kept).toISOString();
    const notificationsReadAt = new Date(asked).toISOString();
    await saveProfileSettings(strapi, caller, { notificationsReadAt });
    return notificationsReadAt;
  },

  /**
   * Records (and, when the template says so, mails) a notification of one of the site's templates for the template's
   * target: the portal's staff for an admin or superadmin template, else the caller. The caller's name is added as
   * `userName` here, never taken from the site.
   */
  async notify(caller: AccountUser, templateName: string, tags: Record<string, string>): Promise<void> {
    const template: { defaultTargetLevel: string | null } | null = (
      SITE_NOTIFY_TEMPLATES as readonly string[]
    ).includes(templateName)
      ? await strapi.db
          .query(NOTIFICATION_TEMPLATE)
          .findOne({ where: { name: templateName, portal: { id: { $null: true } } }, select: ['defaultTargetLevel'] })
      : null;
    if (!template) throw new errors.ValidationError('Unknown notification template');

    const allTags = { ...tags, userName: displayName(caller) };
    const toStaff = template.defaultTargetLevel === 'admin' || template.defaultTargetLevel === 'superadmin';
    if (!toStaff) {
      const recipient: Recipient = caller;
      await notifications(strapi).send(templateName, [recipient], allTags);
    } else if (caller.portal) {
      await notifications(strapi).toPortalStaff(caller.portal.id, templateName, allTags);
    } else {
      strapi.log.warn(
        `Notification ${templateName} from user ${caller.id}: they belong to no portal, so no staff to tell`,
      );
    }
  },
});

export type ProfileService = ReturnType<typeof profileService>;

/** The profile service, typed. */
export const profiles = serviceAccessor<ProfileService>('api::profile.profile');

export default profileService;
