import type { UID } from '@strapi/strapi';
import { fieldLabel } from '../../src/utils/field-label';
import { PORTAL_PATHS } from '../../src/utils/portal-paths';
import { RECORD_RULES } from '../../src/utils/record-rules';
import { SYND_USER } from '../../src/utils/uids';
import {
  attributesOf,
  portalPaths,
  q,
  readPortal,
  READ_ONLY,
  type Attribute,
  type Role,
  type Row,
  type Side,
  type World,
} from './record-matrix';

/**
 * The panel write matrix's predictions (tests/record-rules-matrix.test.ts): a new value per attribute, the values as
 * stored and compared, and what the rule table, RBAC, portal scope and the same-portal check predict for one write.
 * Its world: helpers/record-matrix.ts.
 */

/** A valid value for an attribute that differs from `before`. */
export function newValue(world: World, attribute: Attribute, before: unknown): unknown {
  const n = world.n();
  switch (attribute.type) {
    case 'email':
      return `mx${n}@example.com`;
    case 'string':
    case 'uid':
      return `mx-${n}`;
    case 'text':
    case 'richtext':
    case 'blocks':
    case 'customField':
      return attribute.customField ? `<p>mx ${n}</p>` : `mx text ${n}`;
    case 'integer':
      return (Number(before) || 0) + 7;
    case 'biginteger':
      return String((Number(before) || 0) + 7);
    case 'decimal':
    case 'float':
      return (Number(before) || 0) + 12.5;
    case 'boolean':
      return !before;
    case 'date':
      return `2024-02-${String(10 + (n % 18)).padStart(2, '0')}`;
    case 'datetime':
      return new Date(Date.UTC(2024, 1, 3, 4, 5, n % 60)).toISOString();
    case 'enumeration':
      return attribute.enum!.find((value) => value !== before);
    case 'json':
      return { mx: n };
    default:
      throw new Error(`no value for a ${attribute.type}`);
  }
}

/** One value as the database and a request may each spell it (as the rules compare them). */
export function comparable(type: string, value: unknown): string | number | boolean | null {
  if (type === 'boolean') return value === true || value === 1 || value === '1' || value === 't' || value === 'true';
  if (value === null || value === undefined || value === '') return ['integer', 'biginteger'].includes(type) ? 0 : null;
  if (type === 'datetime' || type === 'date') return new Date(value as string).getTime() || String(value);
  if (['integer', 'biginteger', 'decimal', 'float'].includes(type)) return Number(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A row's value of one field: a scalar, or its related row's id (null when none). */
export async function storedValue(world: World, uid: string, id: number, field: string): Promise<unknown> {
  const attribute = attributesOf(world, uid)[field];
  if (attribute.type === 'relation') {
    const row = (await q(world, uid).findOne({
      where: { id },
      select: ['id'],
      populate: { [field]: { select: ['id'] } },
    })) as Record<string, unknown> | null;
    const value = row?.[field];
    return Array.isArray(value)
      ? value.map((each) => (each as { id: number }).id).sort()
      : ((value as { id: number } | null)?.id ?? null);
  }
  const row = (await q(world, uid).findOne({ where: { id }, select: ['id', field] })) as Record<string, unknown> | null;
  return row?.[field];
}

/** Puts a field back as it was (query engine: no rule applies). */
export async function restore(world: World, uid: string, id: number, field: string, value: unknown): Promise<void> {
  await q(world, uid).update({ where: { id }, data: { [field]: value ?? null } });
}

/** A row of `target` of this side other than `not` (to relate to), if the fixtures have one. */
export function otherRow(world: World, target: string, side: Side, not: unknown): Row | null {
  return world.rows[target]?.[side].find((row) => row.id !== not) ?? null;
}

export interface Expected {
  allowed: boolean;
  /** Statuses a refusal may answer with (403, or 404 where Strapi says not found). */
  statuses?: number[];
  /** The refusal's exact message, or how it starts. */
  message?: string;
  startsWith?: string;
  why: string;
}

const refusedWith = (why: string, message?: { exact?: string; start?: string }, statuses = [403]): Expected => ({
  allowed: false,
  statuses,
  message: message?.exact,
  startsWith: message?.start,
  why,
});

/** What a field's rule answers to a change, with the message the table makes. */
function fieldRefusal(uid: string, field: string): { exact?: string; start?: string } {
  const own = RECORD_RULES[uid].refusals?.[field];
  return own ? { exact: own } : { start: fieldLabel(field) };
}

export interface Write {
  uid: string;
  action: 'update' | 'create' | 'clone' | 'delete' | 'bulkDelete';
  role: Role;
  /** The row written (update, clone, delete) or the portal a new row is made in. */
  row?: Row;
  side: Side;
  field?: string;
  /** For a relation: the side of the row it is set to. */
  valueSide?: Side | null;
}

async function signingStarted(world: World, id: number): Promise<boolean> {
  const row = (await q(world, SYND_USER).findOne({
    where: { id },
    select: ['sa_start_date', 'sa_complete_date'],
  })) as Record<string, unknown>;
  return (
    Boolean(row.sa_start_date || row.sa_complete_date) ||
    (await q(world, 'api::signing.signing').count({ where: { syndUser: { id } } })) > 0
  );
}

async function isUsed(world: World, uid: string, id: number): Promise<boolean> {
  // Any row of a portal's type that links this one (a ledger entry's correction of another aside) would be left
  // linking another portal, or none.
  for (const from of Object.keys(PORTAL_PATHS)) {
    for (const [name, attribute] of Object.entries(attributesOf(world, from))) {
      if (
        attribute.type !== 'relation' ||
        attribute.target !== uid ||
        name === 'localizations' ||
        (from === uid && name === 'corrects')
      )
        continue;
      if ((await q(world, from).count({ where: { [name]: { id } } })) > 0) return true;
    }
  }
  return false;
}

/** The portals a row's relations reach after a write sets `field` to a row of `valueSide`: the same-portal check's answer. */
function samePortal(world: World, uid: string, relations: Record<string, Side | null>): Expected | null {
  const attributes = attributesOf(world, uid);
  const own = new Set(
    portalPaths(uid)
      .filter(Boolean)
      .map((path) => relations[path.split('.')[0]])
      .filter((side): side is Side => Boolean(side)),
  );
  if (own.size > 1) return refusedWith('same portal: two portals', { start: 'This ' });
  const home = [...own][0];
  if (!home) return null;
  for (const [field, side] of Object.entries(relations)) {
    if (side && side !== home && PORTAL_PATHS[attributes[field]?.target ?? ''])
      return refusedWith(`same portal: ${field}`, { start: `${fieldLabel(field)} must be of this ` });
  }
  return null;
}

/** The portal each portal-reaching relation of a row leads to now. */
export async function relationSides(
  world: World,
  uid: string,
  id: number | null,
): Promise<Record<string, Side | null>> {
  const result: Record<string, Side | null> = {};
  if (id === null) return result;
  for (const [field, attribute] of Object.entries(attributesOf(world, uid))) {
    if (attribute.type !== 'relation' || !attribute.target || !PORTAL_PATHS[attribute.target]) continue;
    const related = await storedValue(world, uid, id, field);
    result[field] = typeof related === 'number' ? await readPortal(world, attribute.target, related) : null;
  }
  return result;
}

/**
 * What one write should answer, in the order the CMS checks: RBAC, the row's portal (staff), what the write links
 * (staff), the rule table, the same-portal check. `base` are the relations a new row is made with.
 */
export async function expected(world: World, write: Write, base: Record<string, Side | null> = {}): Promise<Expected> {
  const { uid, action, role, row, side, field } = write;
  const rule = RECORD_RULES[uid];
  const staff = role !== 'super';
  const scoped = Boolean(PORTAL_PATHS[uid]);
  // A type the content manager does not show has no permissions to hold: its routes' policy refuses everyone.
  const hidden =
    (world.app.strapi.getModel(uid as UID.Schema) as { pluginOptions?: Record<string, { visible?: boolean }> })
      .pluginOptions?.['content-manager']?.visible === false;
  if (hidden) return refusedWith('hidden from the content manager', { exact: 'Policy Failed' });
  if (staff && READ_ONLY.has(uid)) return refusedWith('RBAC: read only');
  // The content manager reads `status` in a body as the draft/published dimension: a field of that name is never written.
  if (field === 'status' && (action === 'update' || action === 'create'))
    return refusedWith("status is the content manager's own", { exact: 'Invalid status' }, [400]);
  // A clone reads its source: staff copy only their portals' rows.
  if (staff && scoped && action === 'clone' && side === 'B')
    return refusedWith('scope: copies another portal', {
      exact: 'Copy only a row of a portal you run: staff read and copy rows only in their own portals',
    });
  if (rule.sealed) {
    const { refusal, changed, draftsDeletable } = rule.sealed;
    const scopeFirst = staff && scoped && side === 'B';
    if (draftsDeletable && ['delete', 'bulkDelete'].includes(action)) {
      if (row?.state === 'posted') return refusedWith('sealed: posted', { exact: changed ?? refusal });
      if (scopeFirst) return refusedWith('scope: other portal', undefined, [403, 404]);
      return { allowed: true, why: 'draft deletable' };
    }
    if (scopeFirst && action !== 'create' && action !== 'clone')
      return refusedWith('scope: other portal', undefined, [403, 404]);
    const message =
      ['update', 'delete', 'bulkDelete'].includes(action) && !draftsDeletable ? (changed ?? refusal) : refusal;
    return refusedWith('sealed', { exact: message });
  }
  if (staff && scoped && side === 'B' && action !== 'create' && action !== 'clone')
    return refusedWith('scope: other portal', undefined, [403, 404]);
  const attributes = attributesOf(world, uid);
  const attribute = field ? attributes[field] : undefined;
  const firstSteps = new Set(
    portalPaths(uid)
      .filter(Boolean)
      .map((path) => path.split('.')[0]),
  );
  // Staff link only rows of their portals, and make rows only there.
  if (staff && scoped && action === 'clone' && field && firstSteps.has(field) && write.valueSide === 'B')
    return refusedWith('scope: links another portal', { start: 'Choose a ' });
  if (staff && scoped && action === 'create') {
    // What the new row links on its way to its portal must be theirs; a row linking nothing is in no portal they run.
    const links = [...firstSteps].map((step) =>
      step === field && write.valueSide !== undefined ? write.valueSide : base[step],
    );
    if (links.includes('B') || !links.some(Boolean))
      return refusedWith('scope: made in another portal', { start: 'Choose a ' });
  }
  if (staff && scoped && action === 'update' && field && firstSteps.has(field) && write.valueSide === 'B')
    return refusedWith('scope: links another portal', { start: 'Choose a ' });
  if (rule.sealedWhen && row?.state === 'issued' && action !== 'create')
    return refusedWith('sealed when issued', { exact: rule.sealedWhen.refusal });
  if (action === 'delete' || action === 'bulkDelete') {
    if (
      rule.keptWithHistory &&
      row &&
      (await q(world, 'api::ledger-entry.ledger-entry').count({
        where: { [uid === SYND_USER ? 'syndUser' : 'fund']: { id: row.id } },
      }))
    ) {
      return refusedWith('kept with history', {
        exact: `This ${uid === SYND_USER ? 'commitment' : 'fund'} has ledger entries: it is kept with its capital account and cannot be deleted`,
      });
    }
    if (rule.keptWithHistory && row && uid === SYND_USER && (await signingStarted(world, row.id)))
      return refusedWith('kept with history: signing', { start: 'This commitment has an agreement' });
    if (rule.keptWhileLinked && row && (await isUsed(world, uid, row.id)))
      return refusedWith('kept while linked', { start: `This ${rule.name} has records linked to it` });
    return { allowed: true, why: 'delete' };
  }
  // The rule of each field a write sets; a clone also carries its source's values.
  const fields = Object.entries(rule.fields ?? {}).filter(
    ([name, kind]) => kind !== 'staff' && attributes[name] && attributes[name].type !== 'media',
  );
  for (const [name, kind] of fields) {
    let changed = false;
    if (name === field) changed = true;
    else if (action === 'clone' && row) {
      const value = await storedValue(world, uid, row.id, name);
      changed =
        attributes[name].type === 'relation'
          ? value !== null && !(Array.isArray(value) && !value.length)
          : comparable(attributes[name].type, value) !== comparable(attributes[name].type, undefined);
    }
    if (!changed) continue;
    if (kind === 'flow' || kind === 'file') return refusedWith(`rule ${kind}`, fieldRefusal(uid, name));
    if (action !== 'update' || !row) continue;
    if (kind === 'fixed') return refusedWith('rule fixed', fieldRefusal(uid, name));
    if (kind === 'fixed-once-used' && (await isUsed(world, uid, row.id)))
      return refusedWith('rule fixed-once-used', fieldRefusal(uid, name));
    if (kind === 'before-signing' && (await signingStarted(world, row.id)))
      return refusedWith('rule before-signing', fieldRefusal(uid, name));
    if (
      kind === 'until-valued' &&
      (await q(world, 'api::valuation.valuation').count({ where: { fund: { id: row.id } } }))
    )
      return refusedWith('rule until-valued', fieldRefusal(uid, name));
  }
  // The same-portal check, on what the row's relations reach after the write.
  const relations = { ...(row ? await relationSides(world, uid, row.id) : {}), ...base };
  if (field && attribute?.type === 'relation' && write.valueSide !== undefined && PORTAL_PATHS[attribute.target ?? ''])
    relations[field] = write.valueSide;
  const mixed = samePortal(world, uid, relations);
  if (mixed) return mixed;
  // Staff keep rows in their portals: a clone of another portal's row stays there; an edit may not leave theirs.
  if (staff && scoped && action === 'update' && field && firstSteps.has(field)) {
    const own = portalPaths(uid)
      .filter(Boolean)
      .map((path) => relations[path.split('.')[0]]);
    if (!own.includes('A')) return refusedWith('scope: leaves their portals', { start: 'Choose a ' });
  }
  if (staff && scoped && action === 'clone') {
    const own = [
      ...new Set(
        portalPaths(uid)
          .filter(Boolean)
          .map((path) => relations[path.split('.')[0]])
          .filter(Boolean),
      ),
    ];
    if (own.length && own[0] !== 'A')
      return refusedWith('scope: clone stays in another portal', { start: 'Choose a ' });
  }
  return { allowed: true, why: 'allowed' };
}
