import type { Core, UID } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { fieldLabel } from '../utils/field-label';
import { PORTAL_PATHS } from '../utils/portal-paths';
import { currentFlow } from '../utils/product-flow';
import { RECORD_RULES, type FieldRule, type RecordRule } from '../utils/record-rules';
import { refList, relationRefs } from '../utils/relation-refs';
import { CALL_ITEM, FUND_EVENT, LEDGER_ENTRY, SIGNING, SYND_USER, VALUATION } from '../utils/uids';
import type { Row, RowKeys } from '../utils/rows';

const CHANGES = new Set(['update', 'delete', 'publish', 'unpublish', 'discardDraft']);
const WRITES = new Set(['create', 'clone', ...CHANGES]);

type Data = Record<string, unknown>;
interface Attribute {
  type: string;
  target?: string;
  relation?: string;
}
type Stored = Record<string, unknown> & { id: number };

const refuse = (message: string): never => {
  throw new errors.PolicyError(message);
};

/**
 * The record rules (utils/record-rules.ts, docs/record-rules.md) on every Document Service write, whoever calls: the
 * admin panel's content manager (create, edit, clone, publish, bulk actions, relations set or connected), a script, a
 * plugin. Sealed records are refused outright; a field is checked against what is stored (the panel's form sends
 * every field, so one sent unchanged passes); the product's own flows in `productFlow` may set what staff may not.
 * After a create, clone or edit of a portal's record, in the write's transaction, no relation of it may lead to
 * another portal than its own. Refused as a PolicyError, a 403 whose message Strapi keeps.
 */
export function registerRecordRules(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const rule = RECORD_RULES[context.uid];
    if (!WRITES.has(context.action) || (!rule && !PORTAL_PATHS[context.uid])) return next();
    const params = context.params as { documentId?: string; data?: Data };
    if (rule) await checkRule(strapi, context.uid, context.action, rule, params.documentId, params.data ?? {});
    if (!PORTAL_PATHS[context.uid] || !['create', 'update', 'clone'].includes(context.action)) return next();
    return strapi.db.transaction(async () => {
      const result = await next();
      const documentId = (result as { documentId?: string } | null)?.documentId;
      if (documentId) await checkSamePortal(strapi, context.uid, documentId);
      return result;
    });
  });
}

async function checkRule(
  strapi: Core.Strapi,
  uid: string,
  action: string,
  rule: RecordRule,
  documentId: string | undefined,
  data: Data,
): Promise<void> {
  const query = strapi.db.query(uid as UID.Schema);
  if (rule.sealed) {
    const { refusal, changed, draftsDeletable } = rule.sealed;
    // Drafts are the desk's working copies: deleted freely; a posted one is never changed or deleted.
    if (draftsDeletable) {
      if (action !== 'delete') refuse(refusal);
      if (documentId && (await query.count({ where: { documentId, state: 'posted' } }))) refuse(changed ?? refusal);
      return;
    }
    refuse(CHANGES.has(action) ? (changed ?? refusal) : refusal);
  }
  if (rule.sealedWhen && documentId && (CHANGES.has(action) || action === 'clone')) {
    if (await query.count({ where: { $and: [{ documentId }, rule.sealedWhen.where] } }))
      refuse(rule.sealedWhen.refusal);
  }
  if (action === 'delete') {
    if (rule.keptWithHistory && documentId) {
      const problem = await historyOf(strapi, uid, documentId);
      if (problem) refuse(problem);
    }
    if (rule.keptWhileLinked && documentId) {
      const row = (await query.findOne({ where: { documentId }, select: ['id'] })) as Pick<RowKeys, 'id'> | null;
      const linked = row && (await linkedFrom(strapi, uid, row.id));
      if (linked)
        refuse(
          `This ${rule.name} has records linked to it (${linked}): it cannot be deleted while they are, as they would be left in no portal`,
        );
    }
    return;
  }
  if (!['create', 'update', 'clone'].includes(action) || !rule.fields || currentFlow()) return;
  await checkFields(strapi, uid, action, rule, documentId, data);
}

/** What a field's rule says to a write that breaks it. */
function refusalFor(rule: RecordRule, field: string, kind: FieldRule): string {
  const own = rule.refusals?.[field];
  if (own) return own;
  const label = fieldLabel(field);
  switch (kind) {
    case 'flow':
      return `${label} is set by the sponsor desk or the signing, not in the admin panel`;
    case 'file':
      return `${label} is set by uploading the ${rule.name}'s file, never typed: attach the file instead`;
    case 'fixed':
      return `${label} is fixed when the ${rule.name} is made: make a new ${rule.name} instead`;
    case 'fixed-once-used':
      return `${label} cannot change once other records link to this ${rule.name} (they would be left linking another portal): make a new ${rule.name} instead`;
    case 'before-signing':
      return `${label} cannot change once signing has started, as the agreement states it: use Amend on the sponsor desk, which voids the agreement and sends a new one to sign`;
    default:
      return `${label} is not changed here`;
  }
}

/**
 * Each field the write sets (or, for a clone, the source's values it copies) against its rule: what the product's
 * flows own stays empty on a new row and unchanged on an edit, as do storage keys; what is fixed is set only on a new
 * row; what the agreement states changes only before signing; what depends on other rows only while none exist.
 */
async function checkFields(
  strapi: Core.Strapi,
  uid: string,
  action: string,
  rule: RecordRule,
  documentId: string | undefined,
  data: Data,
): Promise<void> {
  const attributes = strapi.getModel(uid as UID.Schema).attributes as Record<string, Attribute>;
  const fields = Object.entries(rule.fields ?? {}).filter(([, kind]) => kind !== 'staff');
  const relations = fields.filter(([field]) => attributes[field]?.type === 'relation').map(([field]) => field);
  const scalars = fields
    .filter(
      ([field]) => attributes[field] && attributes[field].type !== 'relation' && attributes[field].type !== 'media',
    )
    .map(([field]) => field);
  const stored: Stored | null =
    documentId && action !== 'create'
      ? ((await strapi.db.query(uid as UID.Schema).findOne({
          where: { documentId },
          select: ['id', ...scalars],
          populate: Object.fromEntries(relations.map((field) => [field, { select: ['id'] }])),
        })) as Stored | null)
      : null;
  const isNew = action !== 'update';
  // An edit compares with what is stored; a new row with nothing (a clone takes its source's values).
  for (const [field, kind] of fields) {
    const attribute = attributes[field];
    if (!attribute) continue;
    const before = isNew ? undefined : stored?.[field];
    let changed: boolean;
    if (attribute.type === 'relation') {
      const given =
        field in data ? await relationAfter(strapi, attribute, data[field], idsOf(stored?.[field])) : undefined;
      const after = given ?? (action === 'clone' ? idsOf(stored?.[field]) : isNew ? [] : undefined);
      if (after === undefined) continue;
      changed = !sameIds(after, isNew ? [] : idsOf(before));
    } else {
      const present = field in data || (action === 'clone' && stored !== null);
      if (!present) continue;
      const after = field in data ? data[field] : stored?.[field];
      changed = comparable(attribute.type, after) !== comparable(attribute.type, before);
    }
    if (!changed) continue;
    if (kind === 'flow' || kind === 'file') refuse(refusalFor(rule, field, kind));
    if (isNew) continue;
    if (kind === 'fixed') refuse(refusalFor(rule, field, kind));
    if (kind === 'fixed-once-used' && stored && (await linkedFrom(strapi, uid, stored.id)))
      refuse(refusalFor(rule, field, kind));
    if (kind === 'before-signing' && stored && (await signingStarted(strapi, stored.id)))
      refuse(refusalFor(rule, field, kind));
    if (
      kind === 'until-valued' &&
      stored &&
      (await strapi.db.query(VALUATION).count({ where: { fund: { id: stored.id } } }))
    )
      refuse(refusalFor(rule, field, kind));
  }
}

/** One value as the database and the panel's form may each spell it: a date as its time, a decimal as its number, no answer as empty. */
function comparable(type: string, value: unknown): string | number | boolean | null {
  if (type === 'boolean') return value === true || value === 1 || value === '1' || value === 't' || value === 'true';
  if (value === null || value === undefined || value === '') return ['integer', 'biginteger'].includes(type) ? 0 : null;
  if (type === 'datetime' || type === 'date') return new Date(value as string).getTime() || String(value);
  if (['integer', 'biginteger', 'decimal', 'float'].includes(type)) return Number(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const idsOf = (value: unknown): number[] =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .map((row) => (row as { id: number }).id)
    .filter((id) => typeof id === 'number');

const sameIds = (a: number[], b: number[]): boolean =>
  a.length === b.length && [...a].sort().every((id, index) => id === [...b].sort()[index]);

/** The ids of the rows of `target` that refs name (ids as given, documentIds looked up). */
async function resolveRefs(strapi: Core.Strapi, target: string, refs: unknown[]): Promise<number[]> {
  const { ids, documentIds } = relationRefs(refs);
  if (!documentIds.length) return ids;
  const rows = (await strapi.db
    .query(target as UID.Schema)
    .findMany({ where: { documentId: { $in: documentIds } }, select: ['id'] })) as Pick<RowKeys, 'id'>[];
  return [...ids, ...rows.map((row) => row.id)];
}

/** The ids a relation holds after a write sends `value` for it (`set`, `connect`/`disconnect`, an id or a row, null). */
async function relationAfter(
  strapi: Core.Strapi,
  attribute: Attribute,
  value: unknown,
  before: number[],
): Promise<number[]> {
  const target = attribute.target!;
  const toMany = /ToMany$/.test(attribute.relation ?? '');
  if (value === null) return [];
  if (
    value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    ('connect' in value || 'set' in value || 'disconnect' in value)
  ) {
    const { connect, set, disconnect } = value as { connect?: unknown; set?: unknown; disconnect?: unknown };
    if (set !== undefined) return resolveRefs(strapi, target, refList(set));
    const connected = await resolveRefs(strapi, target, refList(connect));
    const disconnected = await resolveRefs(strapi, target, refList(disconnect));
    const kept = before.filter((id) => !disconnected.includes(id));
    // A to-one relation connected anew holds the row connected last; a to-many one what it kept and what was connected.
    if (!toMany) return connected.length ? connected.slice(-1) : kept;
    return [...new Set([...kept, ...connected])];
  }
  return resolveRefs(strapi, target, refList(value));
}

/** The portal-scoped types' relations to `uid`, as [type, field]: the rows that reach their portal through it, or must share it. */
const linksByTarget = new Map<string, [string, string][]>();
function linksTo(strapi: Core.Strapi, uid: string): [string, string][] {
  // The schemas do not change while the CMS runs: each type's list is read once.
  const known = linksByTarget.get(uid);
  if (known) return known;
  const links: [string, string][] = [];
  for (const from of Object.keys(PORTAL_PATHS)) {
    for (const [field, attribute] of Object.entries(
      strapi.getModel(from as UID.Schema).attributes as Record<string, Attribute>,
    )) {
      // Strapi's own `localizations` (each type's link to itself) places nothing in a portal.
      if (attribute.type === 'relation' && attribute.target === uid && field !== 'localizations')
        links.push([from, field]);
    }
  }
  linksByTarget.set(uid, links);
  return links;
}

/**
 * What links to a row, by its type's display name ('Investment', 'Syndication User'), or null when nothing does: such
 * a row's own portal is not changed (what links it would be left linking another portal) nor is the row deleted (what
 * links it would be left in no portal).
 */
async function linkedFrom(strapi: Core.Strapi, uid: string, id: number): Promise<string | null> {
  for (const [from, field] of linksTo(strapi, uid)) {
    if (from === uid && field === 'corrects') continue;
    if (await strapi.db.query(from as UID.Schema).count({ where: { [field]: { id } } }))
      return (strapi.getModel(from as UID.Schema).info as { displayName?: string }).displayName ?? from;
  }
  return null;
}

/** Signing has started on a commitment: its agreement was sent, or a signer row exists that an amendment did not void. */
async function signingStarted(strapi: Core.Strapi, id: number): Promise<boolean> {
  const row = (await strapi.db
    .query(SYND_USER)
    .findOne({ where: { id }, select: ['sa_start_date', 'sa_complete_date'] })) as Pick<
    Row<typeof SYND_USER>,
    'sa_start_date' | 'sa_complete_date'
  > | null;
  if (row?.sa_start_date || row?.sa_complete_date) return true;
  return (await strapi.db.query(SIGNING).count({ where: { syndUser: { id }, voidedAt: { $null: true } } })) > 0;
}

/**
 * Why a commitment or fund may not be deleted: money was recorded for it (ledger entries, capital calls owed, posted
 * events or valuations, the fund's), or a commitment's signing started (its signatures and agreement would be left
 * naming nothing). Null when it has none.
 */
async function historyOf(strapi: Core.Strapi, uid: string, documentId: string): Promise<string | null> {
  const link = uid === SYND_USER ? 'syndUser' : 'fund';
  const where = { [link]: { documentId } };
  const what = link === 'fund' ? 'This fund' : 'This commitment';
  if (await strapi.db.query(LEDGER_ENTRY).count({ where }))
    return `${what} has ledger entries: it is kept with its capital account and cannot be deleted`;
  if (await strapi.db.query(CALL_ITEM).count({ where }))
    return `${what} has capital calls posted to it: it is kept with its capital account and cannot be deleted`;
  if (link === 'fund') {
    if (await strapi.db.query(FUND_EVENT).count({ where: { ...where, state: 'posted' } }))
      return `${what} has posted capital calls or distributions: it cannot be deleted`;
    if (await strapi.db.query(VALUATION).count({ where })) return `${what} has valuations: it cannot be deleted`;
    return null;
  }
  const row = (await strapi.db.query(SYND_USER).findOne({ where: { documentId }, select: ['id'] })) as Pick<
    Row<typeof SYND_USER>,
    'id'
  > | null;
  if (row && (await signingStarted(strapi, row.id)))
    return `${what} has an agreement in signing or signed: it is kept with its signatures and cannot be deleted`;
  return null;
}

/** `{ company: { select: ['id'], populate: { portal: { select: ['id'] } } } }` for 'company.portal': each path down to its portal. */
function pathPopulate(paths: readonly string[]): Record<string, unknown> {
  const populate: Record<string, unknown> = {};
  for (const path of paths.filter(Boolean)) {
    let level = populate;
    for (const step of path.split('.')) {
      const next = (level[step] ??= { select: ['id'], populate: {} }) as { populate: Record<string, unknown> };
      level = next.populate;
    }
  }
  return populate;
}

/** The portal a row reaches down one path ('' is the row itself, a portal); null where the path ends early. */
function portalAt(row: unknown, path: string): number | null {
  let at = row as Record<string, unknown> | null | undefined;
  for (const step of path ? path.split('.') : []) at = at?.[step] as Record<string, unknown> | null | undefined;
  return typeof at?.id === 'number' ? at.id : null;
}

/**
 * No record links rows of two portals, whoever writes it and however the relation was sent: every relation of the
 * written row to a portal's row (its own path to its portal among them) must reach the same portal. A related row of
 * no portal (a shared notification template) links anywhere.
 */
async function checkSamePortal(strapi: Core.Strapi, uid: string, documentId: string): Promise<void> {
  const attributes = strapi.getModel(uid as UID.Schema).attributes as Record<string, Attribute>;
  const related = Object.entries(attributes).filter(
    ([, attribute]) => attribute.type === 'relation' && attribute.target && PORTAL_PATHS[attribute.target],
  );
  if (!related.length) return;
  const populate = Object.fromEntries(
    related.map(([field, attribute]) => [
      field,
      { select: ['id'], populate: pathPopulate(PORTAL_PATHS[attribute.target!]) },
    ]),
  );
  const row = (await strapi.db
    .query(uid as UID.Schema)
    .findOne({ where: { documentId }, select: ['id'], populate })) as Record<string, unknown> | null;
  if (!row) return;
  const own = new Set(PORTAL_PATHS[uid].map((path) => portalAt(row, path)).filter((id): id is number => id !== null));
  const home = [...own][0];
  const name = (
    RECORD_RULES[uid]?.name ??
    (strapi.getModel(uid as UID.Schema).info as { displayName?: string }).displayName ??
    'record'
  ).toLowerCase();
  if (own.size > 1)
    refuse(
      `This ${name}'s relations lead to two portals: every relation of a record stays in one portal, so choose them from one`,
    );
  if (home === undefined) return;
  for (const [field, attribute] of related) {
    const value = row[field];
    for (const linked of Array.isArray(value) ? value : value ? [value] : []) {
      const portals = PORTAL_PATHS[attribute.target!]
        .map((path) => portalAt(linked, path))
        .filter((id): id is number => id !== null);
      if (portals.some((id) => id !== home))
        refuse(
          `${fieldLabel(field)} must be of this ${name}'s portal: no record links rows of another portal, so choose one of this portal's`,
        );
    }
  }
}
