import type { Core, UID } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { along } from '../../../../api/collection/query';
import { staffScope, type PortalScope, type StaffUser } from '../../../../api/portal/staff-scope';
import { conditionName, OWN_ACTIONS, PORTAL_PATHS } from '../../../../utils/portal-paths';
import { refList, relationRefs } from '../../../../utils/relation-refs';

/**
 * The content manager, portal by portal (docs/sponsor-desk.md, Staff and portals), as the sponsor desk already is:
 * staff who are not super admins list, open, edit and delete only the rows of the portals they run, are offered only
 * those in a relation's picker, and make or move a row only into one of them. Strapi's RBAC conditions do the reading
 * (one condition per path to the portal, set on every content permission of the staff roles at each start); a
 * document middleware checks what a create, clone or edit leaves, in the write's transaction.
 */

/** What the first step of a path is called in a refusal ("choose a fund of a portal you run"). */
const STEP_NAMES: Record<string, string> = {
  portal: 'portal',
  company: 'company',
  fund: 'fund',
  syndUser: 'commitment',
  user: 'user',
};

/** `{ fund: { company: { portal: { id: { $in: ids } } } } }` for 'fund.company.portal'; `{ id: ... }` for the portal itself. */
function inPortals(path: string, ids: number[]): Record<string, unknown> {
  return path ? along(path, { id: { $in: ids } }) : { id: { $in: ids } };
}

/** A row is in scope through any of its paths. */
function anyPath(paths: readonly string[], each: (path: string) => Record<string, unknown>): Record<string, unknown> {
  return paths.length === 1 ? each(paths[0]) : { $or: paths.map(each) };
}

/** `{ fund: { select: ['id'], populate: { company: ... { portal: { select: ['id'] } } } } }`: each path down to its portal's id. */
function pathPopulate(paths: readonly string[]): Record<string, unknown> {
  const populate: Record<string, unknown> = {};
  for (const path of paths) {
    let level = populate;
    for (const step of path.split('.')) {
      const next = (level[step] ??= { select: ['id'], populate: {} }) as { populate: Record<string, unknown> };
      level = next.populate;
    }
  }
  return populate;
}

/**
 * Registers the conditions (in the bootstrap, as Strapi requires). A request's user is one object for all its
 * permissions: the portals they run are read once per request.
 */
export async function registerStaffPortalConditions(strapi: Core.Strapi): Promise<void> {
  const scopes = new WeakMap<object, Promise<PortalScope>>();
  const scopeOf = (user: StaffUser): Promise<PortalScope> => {
    let scope = scopes.get(user);
    if (!scope) scopes.set(user, (scope = staffScope(strapi, user)));
    return scope;
  };
  const distinct = [...new Map(Object.values(PORTAL_PATHS).map((paths) => [conditionName(paths), paths])).entries()];
  const conditions = [
    ...distinct.map(([name, paths]) => ({
      displayName: `In a portal they run (${paths.map((path) => path.replace(/\./g, ' › ') || 'the portal itself').join(' or ')})`,
      name,
      category: 'Portals',
      handler: async (user: StaffUser) => {
        const scope = await scopeOf(user);
        if (scope.every) return true;
        // Casl reads dotted paths on the row; Strapi turns them into the nested filter inPortals writes.
        const ids = [...scope.ids];
        return anyPath(paths, (path) => ({ [path ? `${path}.id` : 'id']: { $in: ids } }));
      },
    })),
    {
      displayName: 'Their own actions',
      name: OWN_ACTIONS,
      category: 'Portals',
      handler: (user: StaffUser & { email?: string }) => ({ staffEmail: user.email ?? '' }),
    },
  ];
  const provider = (
    strapi.service('admin::permission') as unknown as {
      conditionProvider: { registerMany(list: unknown[]): Promise<void> };
    }
  ).conditionProvider;
  await provider.registerMany(conditions);
}

/**
 * The write check, registered before every other document middleware (a plugin's register phase comes before the
 * APIs' and the app's) so that it runs around them: their own refusals (a document with no file, a duplicate slug)
 * come first, and its own last, on what the write left, in one transaction with it.
 */
export function registerStaffPortalWrites(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const paths = PORTAL_PATHS[context.uid];
    const request = strapi.requestContext.get();
    if (
      !paths ||
      !['create', 'update', 'clone'].includes(context.action) ||
      !request?.path?.startsWith('/content-manager/')
    )
      return next();
    const scope = await staffScope(strapi, request.state?.user as StaffUser | undefined);
    if (scope.every) return next();
    if (paths[0] === '') {
      if (context.action !== 'update') throw new errors.PolicyError('Only a super admin makes a portal');
      return next();
    }
    const ids = [...scope.ids];
    // A clone reads its source: only a row of a portal they run (the clone route checks no read of it).
    const source = (context.params as { documentId?: string }).documentId;
    if (context.action === 'clone' && source) {
      const readable = await strapi.db
        .query(context.uid as UID.Schema)
        .count({ where: { documentId: source, ...anyPath(paths, (path) => inPortals(path, ids)) } });
      if (!readable)
        throw new errors.PolicyError(
          'Copy only a row of a portal you run: staff read and copy rows only in their own portals',
        );
    }
    const steps = paths.map((path) => STEP_NAMES[path.split('.')[0]] ?? path.split('.')[0]);
    const refusal = () =>
      new errors.PolicyError(
        `Choose a ${steps.join(' or a ')} of a portal you run: staff keep rows only in their own portals`,
      );
    // What the write links is checked first, before it does anything (a document's file is moved as it is saved).
    if (
      await linksElsewhere(
        strapi,
        context.uid,
        paths,
        (context.params as { data?: Record<string, unknown> }).data ?? {},
        ids,
      )
    )
      throw refusal();
    return strapi.db.transaction(async () => {
      const result = await next();
      const documentId = (result as { documentId?: string } | null)?.documentId;
      const where = { documentId, ...anyPath(paths, (path) => inPortals(path, ids)) };
      if (!documentId) return result;
      const kept = (await strapi.db
        .query(context.uid as UID.Schema)
        .findOne({ where, select: ['id'], populate: pathPopulate(paths) })) as Record<string, unknown> | null;
      if (!kept) throw refusal();
      // The content manager checks its answer against the same condition: the path to the portal goes with it (its
      // own populate counts relations rather than loading them, and the answer would come back empty).
      for (const step of new Set(paths.map((path) => path.split('.')[0]))) {
        const answer = result as Record<string, unknown>;
        if (kept[step] && typeof kept[step] === 'object')
          answer[step] = { ...(answer[step] as object | null), ...(kept[step] as object) };
      }
      return result;
    });
  });
}

/** The rows a relation's value in a write names: an id, a documentId, `{id}`/`{documentId}`, or connect/set lists of them. */
function named(value: unknown): { ids: number[]; documentIds: string[] } {
  if (value && typeof value === 'object' && !Array.isArray(value) && ('connect' in value || 'set' in value)) {
    const { connect, set } = value as { connect?: unknown; set?: unknown };
    return relationRefs([...refList(connect), ...refList(set)]);
  }
  return relationRefs(refList(value));
}

/** Whether a write links a row (a fund's company, a document's investor) that is of no portal the caller runs. */
async function linksElsewhere(
  strapi: Core.Strapi,
  uid: string,
  paths: readonly string[],
  data: Record<string, unknown>,
  ids: number[],
): Promise<boolean> {
  for (const path of paths) {
    const [step, ...rest] = path.split('.');
    const target = (strapi.getModel(uid as UID.Schema).attributes as Record<string, { target?: string }>)[step]?.target;
    const refs = named(data[step]);
    if (!target || (!refs.ids.length && !refs.documentIds.length)) continue;
    const which = { $or: [{ id: { $in: refs.ids } }, { documentId: { $in: refs.documentIds } }] };
    const query = strapi.db.query(target as UID.Schema);
    const [all, theirs] = await Promise.all([
      query.count({ where: which }),
      query.count({ where: { $and: [which, inPortals(rest.join('.'), ids)] } }),
    ]);
    if (theirs < all) return true;
  }
  return false;
}
