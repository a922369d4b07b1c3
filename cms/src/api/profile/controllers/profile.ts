import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors, yup } from '@strapi/utils';
import {
  ACCREDITATION_FIELDS,
  COUNTRIES,
  isAccreditation,
  isTimeZone,
  PROFILE_FIELDS,
  type NotificationsReadSaved,
  type ProfileSettingsSaved,
  type UserSaved,
} from '@portal/rules';
import { keepErrorMessages } from '../../../utils/error-messages';
import { hasControlCharacters, requiredText, text, validateBody } from '../../../utils/validation';
import { profiles, type UserChanges } from '../services/profile';
import type { AccountUser } from '../../account/users';

const CHANGEABLE = new Set<string>([...PROFILE_FIELDS, ...ACCREDITATION_FIELDS]);

/** A text field the form may also send as null (nothing entered). */
const field = (name: string, max: number) => text(name, max).nullable();
const filledWith = (value: string | null | undefined, pattern: RegExp) => !value?.trim() || pattern.test(value.trim());

const PHONE = /^\+?[0-9 ().-]{3,30}$/;
const phone = (name: string) =>
  field(name, 30).test('phone', `${name} must be a phone number (digits, spaces, + ( ) - .)`, (value) =>
    filledWith(value, PHONE),
  );

/** A moment as the site sends it: an ISO date and time with its zone (Date's toISOString, or an offset). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const TAG_NAME = /^[A-Za-z0-9_.-]{1,50}$/;
const MAX_TAGS = 20;
const TAG_VALUE_MAX = 500;

/** Notification tags: at most 20 names of letters, digits, '_', '.', '-', each with a plain string of at most 500 characters. */
const tags = yup
  .mixed<Record<string, string>>()
  .test(
    'tags',
    `tags must be an object of at most ${MAX_TAGS} names (letters, digits, _ . -) with text values of at most ${TAG_VALUE_MAX} characters`,
    (value) => {
      if (value === undefined) return true;
      if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
      const entries = Object.entries(value);
      return (
        entries.length <= MAX_TAGS &&
        entries.every(
          ([name, tag]) =>
            TAG_NAME.test(name) && typeof tag === 'string' && tag.length <= TAG_VALUE_MAX && !hasControlCharacters(tag),
        )
      );
    },
  );

const schemas = {
  user: yup.object({
    homePhone: phone('homePhone'),
    mobilePhone: phone('mobilePhone'),
    address1: field('address1', 200),
    address2: field('address2', 200),
    city: field('city', 100),
    country: field('country', 100).test(
      'country',
      'country must be one of the listed countries',
      (value) => !value?.trim() || COUNTRIES.includes(value.trim()),
    ),
    state: field('state', 100),
    postalCode: field('postalCode', 20).test('postalCode', 'postalCode must be 5 digits', (value) =>
      filledWith(value, /^\d{5}$/),
    ),
    firstName: field('firstName', 100),
    lastName: field('lastName', 100),
    trustName: field('trustName', 200),
    busEntityName: field('busEntityName', 200),
    accreditation: yup
      .mixed<number>()
      .test(
        'accreditation',
        'accreditation must be one of the accreditation options (0 for none)',
        (value) => value === undefined || isAccreditation(value),
      ),
  }),
  settings: yup.object({
    timezone: text('timezone', 100)
      .defined('timezone is required')
      .test(
        'timezone',
        "timezone must be a time zone such as America/Chicago, or '' for the device's own",
        (value) => value === '' || (value !== undefined && isTimeZone(value)),
      ),
  }),
  notify: yup.object({ templateName: requiredText('templateName', 100), tags }),
  notificationsRead: yup.object({
    readAt: requiredText('readAt', 40).test(
      'readAt',
      'readAt must be a date and time such as 2026-11-29T12:00:00.000Z',
      (value) => value !== undefined && ISO_TIME.test(value) && !Number.isNaN(Date.parse(value)),
    ),
  }),
};

/** Refuses any field the profile and accreditation forms do not send, before anything is read or written. */
function onlyChangeableFields(body: unknown): void {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new errors.ValidationError('The request body must be a JSON object');
  const names = Object.keys(body);
  const other = names.find((name) => !CHANGEABLE.has(name));
  if (other !== undefined) throw new errors.ValidationError(`${other.slice(0, 50)} cannot be changed here`);
  if (names.length === 0) throw new errors.ValidationError('Send at least one field to change');
}

const caller = (ctx: Context) => ctx.state.user as AccountUser;

export default ({ strapi }: { strapi: Core.Strapi }) =>
  keepErrorMessages({
    /** PUT /api/users/:id: the caller changes their own profile or accreditation fields. */
    async updateUser(ctx: Context) {
      onlyChangeableFields(ctx.request.body);
      const changes: UserChanges = await validateBody(schemas.user, ctx.request.body);
      const me = await profiles(strapi).updateUser(caller(ctx), String(ctx.params.id), changes);
      ctx.body = { success: true, me } satisfies UserSaved;
    },

    /** POST /api/profile/settings: the caller's timezone. */
    async settings(ctx: Context) {
      const { timezone } = await validateBody(schemas.settings, ctx.request.body);
      ctx.body = {
        success: true,
        profileSettings: await profiles(strapi).saveSettings(caller(ctx), timezone),
      } satisfies ProfileSettingsSaved;
    },

    /** POST /api/profile/notifications/read: the caller read their notifications up to `readAt`, on every device. */
    async notificationsRead(ctx: Context) {
      const { readAt } = await validateBody(schemas.notificationsRead, ctx.request.body);
      ctx.body = {
        success: true,
        notificationsReadAt: await profiles(strapi).markNotificationsRead(caller(ctx), new Date(readAt)),
      } satisfies NotificationsReadSaved;
    },

    /** POST /api/profile/notify/save: the site reports something the user did (me.notifyOf). */
    async notify(ctx: Context) {
      const { templateName, tags: given } = await validateBody(schemas.notify, ctx.request.body);
      await profiles(strapi).notify(caller(ctx), templateName, given ?? {});
      ctx.body = { success: true };
    },
  });
