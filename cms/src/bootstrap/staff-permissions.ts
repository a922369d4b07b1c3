import type { Core } from '@strapi/strapi';
import { SPONSOR_DESK_ACTIONS, sponsorDeskAction } from '../plugins/sponsor-desk/server/bootstrap/actions';
import { SESSION_TYPES } from '../utils/session-types';
import { portalConditionOf } from '../utils/portal-paths';
import {
  ADMIN_PERMISSION,
  ADMIN_ROLE,
  COMMITMENT_TRANSFER,
  DESK_ACTION,
  FILE_DOWNLOAD,
  FUND_EVENT,
  LEDGER_ENTRY,
  REMINDER,
  SIGNING,
  STATEMENT,
  SYND_AGREEMENT,
  TAX_SCHEDULE,
  USER,
  VALUATION,
} from '../utils/uids';
import type { Row } from '../utils/rows';

/** Types content staff may only read, each limited to its fields that are neither private nor named like a secret. */
const READ_ONLY_TYPES = [
  USER,
  // Signatures are evidence: staff read them (without link secrets or drawn images) and never change them.
  SIGNING,
  // Download records are the investor-relations audit trail: staff read them, nobody changes them.
  FILE_DOWNLOAD,
  // The ledger is money: staff read it; entries are written by the sponsor desk's posting and funding calls.
  LEDGER_ENTRY,
  // Issued statements are evidence too, as the public check answers from them.
  STATEMENT,
  // Reminders are the sponsor desk's record of what it sent: written by the desk only.
  REMINDER,
  // K-1 schedules are set and issued on the sponsor desk, which keeps one per fund and year.
  TAX_SCHEDULE,
  // The sponsor desk's record of what staff did there.
  DESK_ACTION,
  // Valuations set what investors see as their value and returns: recorded on the desk by those who post.
  VALUATION,
  // Capital calls and distributions are drafted and posted on the desk, which checks who may post.
  FUND_EVENT,
  // Completed agreements and their fingerprints, which the public check vouches for: written by the signing only.
  SYND_AGREEMENT,
  // A position moved between investors on the desk, with the ledger entries that name it: written by the desk only.
  COMMITMENT_TRANSFER,
];
/** The sponsor desk's permissions content staff hold: see the board and investors, remind, review proofs, draft events; the rest is for admins. */
const STAFF_DESK_ACTIONS = [
  'plugin::sponsor-desk.read',
  'plugin::sponsor-desk.remind',
  'plugin::sponsor-desk.review',
  'plugin::sponsor-desk.draft',
];
const READ = 'plugin::content-manager.explorer.read';

/** Strapi's default content-staff roles; the super admin keeps every permission. */
const CONTENT_ROLES = ['strapi-editor', 'strapi-author'];
/**
 * The sponsor's admins: what an Editor does in the content manager, and every action of the sponsor desk (post,
 * fund, countersign, export, sign out), without the super admin's settings, users and roles. Made on the first start.
 */
export const SPONSOR_ADMIN_ROLE = {
  code: 'sponsor-admin',
  name: 'Sponsor Admin',
  description:
    'Runs the raise and the money on the sponsor desk (posts, funding, countersigning, exports) and edits content as an Editor does.',
};
const STAFF_ROLES = [...CONTENT_ROLES, SPONSOR_ADMIN_ROLE.code];
/** Every action of the sponsor desk, which the sponsor's admins hold. */
const ALL_DESK_ACTIONS = SPONSOR_DESK_ACTIONS.map(sponsorDeskAction);

/**
 * Types content staff never see: sessions and guest codes open accounts, settings steer the product, rate-limit hits
 * (addresses and account names tried) and leases are the instances' shared working state.
 */
export const STAFF_HIDDEN_TYPES: readonly string[] = [
  ...SESSION_TYPES,
  'api::setting.setting',
  'api::rate-limit.rate-limit-hit',
  'api::rate-limit.lease',
];

/** A name that says secret: passwords, tokens, one-time codes (a postal code is no secret). */
const SECRET_NAME = /password|token|secret|(?<!postal)code$/i;

/**
 * The user fields content staff may read: everything the content API could ever show (not private) and not named
 * like a secret. Staff pick users in relations (notifications, documents) by email; they never change accounts,
 * since level and isActive decide what a person may do on the site.
 */
export function staffUserFields(strapi: Core.Strapi, uid: string = USER): string[] {
  return Object.entries(strapi.getModel(uid as typeof USER).attributes)
    .filter(([name, attribute]) => {
      const { type, private: isPrivate } = attribute as { type: string; private?: boolean };
      return !isPrivate && type !== 'password' && !SECRET_NAME.test(name);
    })
    .map(([name]) => name);
}

type PermissionRow = Pick<Row<typeof ADMIN_PERMISSION>, 'id' | 'action' | 'subject'> & {
  // A JSON column; Strapi keeps an object in it (the fields a permission is limited to).
  properties: Record<string, unknown> | null;
};

/**
 * On every start, makes the Editor and Author roles hold no permission on STAFF_HIDDEN_TYPES and exactly one on
 * users, signatures and download records: read, limited to staffUserFields. Strapi creates these roles with every content type once, and staff may
 * widen them in the panel later; this undoes both for what must stay closed. Every content permission of theirs on
 * a portal-scoped type holds that type's portal condition (utils/portal-paths.ts), whatever was set in the panel.
 */
export async function applyStaffPermissions(strapi: Core.Strapi): Promise<void> {
  await ensureSponsorAdminRole(strapi);
  const roles: Pick<Row<typeof ADMIN_ROLE>, 'id' | 'code'>[] = await strapi.db
    .query(ADMIN_ROLE)
    .findMany({ where: { code: { $in: STAFF_ROLES } } });
  for (const role of roles) {
    const deskActions = role.code === SPONSOR_ADMIN_ROLE.code ? ALL_DESK_ACTIONS : STAFF_DESK_ACTIONS;
    const held: PermissionRow[] = await strapi.db.query(ADMIN_PERMISSION).findMany({
      where: { role: role.id, subject: { $in: [...STAFF_HIDDEN_TYPES, ...READ_ONLY_TYPES] } },
    });
    const reads = READ_ONLY_TYPES.map((subject) =>
      held.find((permission) => permission.subject === subject && permission.action === READ),
    );
    const extra = held.filter((permission) => !reads.includes(permission));
    if (extra.length) {
      await strapi.db
        .query(ADMIN_PERMISSION)
        .deleteMany({ where: { id: { $in: extra.map((permission) => permission.id) } } });
    }
    const desk: PermissionRow[] = await strapi.db
      .query(ADMIN_PERMISSION)
      .findMany({ where: { role: role.id, action: { $startsWith: 'plugin::sponsor-desk.' } } });
    const undue = desk.filter((permission) => !deskActions.includes(permission.action));
    if (undue.length)
      await strapi.db
        .query(ADMIN_PERMISSION)
        .deleteMany({ where: { id: { $in: undue.map((permission) => permission.id) } } });
    for (const action of deskActions.filter((wanted) => !desk.some((permission) => permission.action === wanted))) {
      await strapi.db
        .query(ADMIN_PERMISSION)
        .create({ data: { action, subject: null, properties: {}, conditions: [], role: role.id } });
    }
    for (const [index, subject] of READ_ONLY_TYPES.entries()) {
      const fields = staffUserFields(strapi, subject);
      const read = reads[index];
      if (read) {
        await strapi.db
          .query(ADMIN_PERMISSION)
          .update({ where: { id: read.id }, data: { properties: { ...read.properties, fields } } });
      } else {
        await strapi.db
          .query(ADMIN_PERMISSION)
          .create({ data: { action: READ, subject, properties: { fields }, conditions: [], role: role.id } });
      }
    }
    // The content manager, portal by portal: every content permission on a portal-scoped type holds its condition.
    const content: (PermissionRow & { conditions: string[] | null })[] = await strapi.db
      .query(ADMIN_PERMISSION)
      .findMany({ where: { role: role.id, action: { $startsWith: 'plugin::content-manager.explorer.' } } });
    for (const permission of content) {
      const condition = permission.subject ? portalConditionOf(permission.subject) : null;
      if (condition && (permission.conditions?.length !== 1 || permission.conditions[0] !== condition)) {
        await strapi.db
          .query(ADMIN_PERMISSION)
          .update({ where: { id: permission.id }, data: { conditions: [condition] } });
      }
    }
  }
}

/**
 * Makes the Sponsor Admin role once, with a copy of the Editor role's content permissions as they are then (the loop
 * above then closes what staff never hold and gives it the desk's actions); a role staff changed later is kept.
 */
async function ensureSponsorAdminRole(strapi: Core.Strapi): Promise<void> {
  if (await strapi.db.query(ADMIN_ROLE).findOne({ where: { code: SPONSOR_ADMIN_ROLE.code } })) return;
  const editor: Pick<Row<typeof ADMIN_ROLE>, 'id'> | null = await strapi.db
    .query(ADMIN_ROLE)
    .findOne({ where: { code: 'strapi-editor' } });
  const role: Pick<Row<typeof ADMIN_ROLE>, 'id'> = await strapi.db
    .query(ADMIN_ROLE)
    .create({ data: SPONSOR_ADMIN_ROLE });
  if (!editor) return;
  const held: (PermissionRow & { conditions: unknown })[] = await strapi.db
    .query(ADMIN_PERMISSION)
    .findMany({ where: { role: editor.id } });
  for (const { action, subject, properties, conditions } of held) {
    await strapi.db
      .query(ADMIN_PERMISSION)
      .create({ data: { action, subject, properties: properties ?? {}, conditions: conditions ?? [], role: role.id } });
  }
}
