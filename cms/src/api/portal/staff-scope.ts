import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { portals, type PortalRow } from './services/portal';
import { hasControlCharacters, isRowId, ownValue } from '../../utils/validation';
import { PORTAL } from '../../utils/uids';
import type { Row } from '../../utils/rows';
const SUPER_ADMIN = 'strapi-super-admin';

/**
 * The portals a staff member runs (docs/sponsor-desk.md, Staff and portals): a super admin runs every portal; any other
 * staff member the portals whose Staff names them, and no other. The sponsor desk answers only about those: another
 * portal's fund, commitment, investor or document is 'not found' to them, and its name is not in their picker.
 */
export type PortalScope = { every: true } | { every: false; ids: ReadonlySet<number> };

/** The admin panel's user as its sign-in leaves it on the request (roles populated). */
export interface StaffUser {
  id: number;
  roles?: { code?: string | null }[] | null;
}

export async function staffScope(strapi: Core.Strapi, user: StaffUser | undefined): Promise<PortalScope> {
  if (!user) return { every: false, ids: new Set() };
  if (user.roles?.some((role) => role.code === SUPER_ADMIN)) return { every: true };
  // Through the query engine, so that inside a write's transaction (the content manager's checks) it reads there too.
  const rows = (await strapi.db.query(PORTAL).findMany({ where: { staff: { id: user.id } }, select: ['id'] })) as Pick<
    Row<typeof PORTAL>,
    'id'
  >[];
  return { every: false, ids: new Set(rows.map((row) => row.id)) };
}

export const runs = (scope: PortalScope, portalId: number): boolean => scope.every || scope.ids.has(portalId);

/**
 * The portals a staff member may pick from, and the one shown: `slug` when they run it, else their default (the
 * portals' default when they run it, else the first they run). A slug they do not run is answered as one that does
 * not exist ('Portal not found').
 */
export async function pickPortal(
  strapi: Core.Strapi,
  scope: PortalScope,
  slug: string | undefined,
): Promise<{ portal: PortalRow | null; choices: PortalRow[] }> {
  const choices = (await portals(strapi).findAll()).filter((row) => runs(scope, row.id));
  if (slug) {
    const portal = choices.find((row) => row.slug === slug);
    if (!portal) throw new errors.NotFoundError('Portal not found');
    return { portal, choices };
  }
  return { portal: choices.find((row) => row.isDefault) ?? choices[0] ?? null, choices };
}

/** What a desk call names, whose portal the call must be one the caller runs. */
export type ScopedTarget =
  | 'fund'
  | 'syndUser'
  | 'user'
  | 'proofDocument'
  | 'document'
  | 'fundEvent'
  | 'taxSchedule'
  | 'ledgerEntry';

const FUND_PORTAL = { company: { select: ['id'], populate: { portal: { select: ['id'] } } } };
const USER_PORTAL = { portal: { select: ['id'] } };

/** How each target reaches its portal: its content type and the populate down to the portal. */
const PATHS: Record<
  Exclude<ScopedTarget, 'document'>,
  { uid: string; populate: Record<string, unknown>; portalOf: (row: never) => number | null | undefined }
> = {
  fund: { uid: 'api::fund.fund', populate: FUND_PORTAL, portalOf: (row: FundRow) => row.company?.portal?.id ?? null },
  syndUser: {
    uid: 'api::synd-user.synd-user',
    populate: { fund: { select: ['id'], populate: FUND_PORTAL } },
    portalOf: (row: { fund?: FundRow | null }) => row.fund?.company?.portal?.id ?? null,
  },
  user: {
    uid: 'plugin::users-permissions.user',
    populate: USER_PORTAL,
    portalOf: (row: UserRow) => row.portal?.id ?? undefined,
  },
  proofDocument: {
    uid: 'api::proof-document.proof-document',
    populate: { user: { select: ['id'], populate: USER_PORTAL } },
    portalOf: (row: { user?: UserRow | null }) => (row.user ? (row.user.portal?.id ?? undefined) : null),
  },
  fundEvent: {
    uid: 'api::fund-event.fund-event',
    populate: { fund: { select: ['id'], populate: FUND_PORTAL } },
    portalOf: (row: { fund?: FundRow | null }) => row.fund?.company?.portal?.id ?? null,
  },
  taxSchedule: {
    uid: 'api::tax-schedule.tax-schedule',
    populate: { fund: { select: ['id'], populate: FUND_PORTAL } },
    portalOf: (row: { fund?: FundRow | null }) => row.fund?.company?.portal?.id ?? null,
  },
  ledgerEntry: {
    uid: 'api::ledger-entry.ledger-entry',
    populate: { fund: { select: ['id'], populate: FUND_PORTAL } },
    portalOf: (row: { fund?: FundRow | null }) => row.fund?.company?.portal?.id ?? null,
  },
};
interface FundRow {
  company?: { portal?: { id: number } | null } | null;
}
interface UserRow {
  portal?: { id: number } | null;
}

/** An investor's document by its kind in the desk's document route, and where its portal comes from. */
const DOCUMENT_PATHS: Record<
  string,
  { uid: string; populate: Record<string, unknown>; portalOf: (row: never) => number | null | undefined }
> = {
  proof: PATHS.proofDocument,
  tax: {
    uid: 'api::tax-document.tax-document',
    populate: { user: { select: ['id'], populate: USER_PORTAL }, fund: { select: ['id'], populate: FUND_PORTAL } },
    portalOf: ownerPortal,
  },
  news: {
    uid: 'api::news-document.news-document',
    populate: { user: { select: ['id'], populate: USER_PORTAL }, fund: { select: ['id'], populate: FUND_PORTAL } },
    portalOf: ownerPortal,
  },
  agreement: {
    uid: 'api::synd-agreement.synd-agreement',
    populate: { syndUser: { select: ['id'], populate: { fund: { select: ['id'], populate: FUND_PORTAL } } } },
    portalOf: (row: { syndUser?: { fund?: FundRow | null } | null }) => row.syndUser?.fund?.company?.portal?.id ?? null,
  },
};

/** A fund's document is its portal's; an investor's own, their account's (undefined: an account of no portal). */
function ownerPortal(row: { user?: UserRow | null; fund?: FundRow | null }): number | null | undefined {
  if (row.fund?.company?.portal) return row.fund.company.portal.id;
  if (row.user) return row.user.portal?.id ?? undefined;
  return null;
}

/**
 * Where the fund a name names is: its numeric id, documentId or url_slug (any text: a slug may hold dots, spaces or
 * accents). The one lookup of a fund by its name: the desk's portal check below and the calls themselves (the
 * ledger's fundNamed) both read a name through it, so what the check places in a portal is what the call acts on. A
 * 400 for what can name no fund: a wrong type, a number past the database's ids, control characters.
 */
export function fundWhere(name: unknown): Record<string, unknown> {
  if ((typeof name !== 'string' || !name) && typeof name !== 'number')
    throw new errors.ValidationError('fund is required');
  if (typeof name === 'number' || /^\d+$/.test(name)) {
    if (!isRowId(name)) throw new errors.ValidationError('fund must be an id, documentId or url_slug');
    return { id: Number(name) };
  }
  if (hasControlCharacters(name)) throw new errors.ValidationError('fund must be an id, documentId or url_slug');
  return { $or: [{ documentId: name }, { url_slug: name }] };
}

/** What the desk's other targets are named by: their numeric id or documentId. */
const whereNamed = (name: string | number): Record<string, unknown> =>
  typeof name === 'number' || /^\d+$/.test(name) ? { id: Number(name) } : { documentId: name };

/**
 * Whether the caller runs the portal of what `name` names. A fund is looked up as its call looks it up (fundWhere):
 * what cannot name one is the same 400, and one not found, another portal's or of no portal at all (a fund with no
 * company) is refused for staff who do not run every portal. Another target is looked up by its id or documentId:
 * true when nothing is named (the call's own checks answer that) or no row has that name (the call answers 404
 * itself); false when the row is another portal's or of none, and when the name is no id or documentId at all (a
 * name this check cannot read is never let through to a call that might read it another way). An account of no
 * portal is the default portal's, as the site treats it.
 */
export async function targetInScope(
  strapi: Core.Strapi,
  scope: PortalScope,
  target: ScopedTarget,
  name: unknown,
  kind?: string,
): Promise<boolean> {
  if (scope.every || name === undefined || name === null) return true;
  let where: Record<string, unknown>;
  if (target === 'fund') where = fundWhere(name);
  else if (isRowId(name)) where = whereNamed(name as string | number);
  else return false;
  const path = target === 'document' ? ownValue(DOCUMENT_PATHS, kind) : PATHS[target];
  if (!path) return true;
  const row = (await strapi.db
    .query(path.uid as never)
    .findOne({ where, select: ['id'], populate: path.populate } as never)) as never | null;
  if (!row) return target !== 'fund';
  const portalId = path.portalOf(row);
  if (portalId === undefined) {
    const byDefault = (await portals(strapi).findAll()).find((each) => each.isDefault);
    return byDefault ? runs(scope, byDefault.id) : false;
  }
  return portalId !== null && runs(scope, portalId);
}
