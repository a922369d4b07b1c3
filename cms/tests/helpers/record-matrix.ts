import type { UID } from '@strapi/strapi';
import { fieldLabel } from '../../src/utils/field-label';
import { PORTAL_PATHS } from '../../src/utils/portal-paths';
import { productFlow } from '../../src/utils/product-flow';
import { RECORD_RULES } from '../../src/utils/record-rules';
import { adminToken, createUser, uniqueEmail } from './auth';
import { createInvestor, createOffering } from './signing';
import { http, type TestApp } from './strapi';
import { pdfBytes } from './uploads';
import { COMPANY, FUND, INVESTMENT, isOwnType, SYND_USER, USER } from '../../src/utils/uids';

/**
 * The panel write matrix (tests/record-rules-matrix.test.ts): the fixtures of two portals (A, the one staff run; B,
 * another), the staff roles, a new value per attribute, and what the rule table, RBAC and portal scope predict for
 * one write.
 */

export const CM = '/content-manager/collection-types';
/** What Editors and Sponsor Admins may only read (bootstrap/staff-permissions.ts READ_ONLY_TYPES, spelled out). */
export const READ_ONLY = new Set([
  USER,
  'api::signing.signing',
  'api::file-download.file-download',
  'api::ledger-entry.ledger-entry',
  'api::statement.statement',
  'api::reminder.reminder',
  'api::tax-schedule.tax-schedule',
  'plugin::sponsor-desk.desk-action',
  'api::valuation.valuation',
  'api::fund-event.fund-event',
  'api::synd-agreement.synd-agreement',
  'api::commitment-transfer.commitment-transfer',
]);
const SKIPPED = new Set([
  'id',
  'documentId',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'locale',
  'localizations',
  'createdBy',
  'updatedBy',
]);

export type Role = 'super' | 'sponsor' | 'editor';
export const ROLES: Role[] = ['super', 'sponsor', 'editor'];
export type Side = 'A' | 'B';
export interface Attribute {
  type: string;
  target?: string;
  relation?: string;
  enum?: string[];
  private?: boolean;
  unique?: boolean;
  customField?: string;
}

/** One fixture row: its ids, the state it stands for, and the portal each of its portal relations reaches. */
export interface Row {
  uid: string;
  id: number;
  documentId: string;
  state: string;
  side: Side;
}

export interface World {
  app: TestApp;
  tokens: Record<Role, string>;
  /** Rows by uid and side, each in the states the matrix writes to (signed / unsigned, used / fresh ...). */
  rows: Record<string, Record<Side, Row[]>>;
  /** The portal ids. */
  portals: Record<Side, { id: number; documentId: string; slug: string }>;
  /** The portal each row (by uid:id) reaches: what the same-portal check reads. */
  portalOf: Map<string, Side | null>;
  /** The authenticated and public roles of the site (a user's role, no portal). */
  siteRoles: number[];
  n: () => number;
}

export const attributesOf = (world: World, uid: string) =>
  world.app.strapi.getModel(uid as UID.Schema).attributes as unknown as Record<string, Attribute>;

/** The fields the panel's form writes: every attribute but ids, timestamps, private fields, passwords and media. */
export const writableFields = (world: World, uid: string): string[] =>
  Object.entries(attributesOf(world, uid))
    .filter(
      ([name, attribute]) =>
        !SKIPPED.has(name) && !attribute.private && attribute.type !== 'password' && attribute.type !== 'media',
    )
    .map(([name]) => name);

/** The uids the matrix covers: every api:: type and the user, if the rule table has it. */
export const matrixTypes = (world: World) =>
  Object.keys(RECORD_RULES).filter(
    (uid) => (isOwnType(uid) || uid === USER) && world.app.strapi.contentTypes[uid as UID.ContentType],
  );

const q = (world: World, uid: string) => world.app.strapi.db.query(uid as UID.Schema);

async function make(world: World, uid: string, side: Side, state: string, data: Record<string, unknown>): Promise<Row> {
  const row = (await q(world, uid).create({ data })) as { id: number; documentId: string };
  const made = { uid, id: row.id, documentId: row.documentId, state, side };
  world.rows[uid] ??= { A: [], B: [] };
  world.rows[uid][side].push(made);
  return made;
}

const portalPaths = (uid: string) => PORTAL_PATHS[uid] ?? [];

/** The portal a row of `uid` reaches, read through its paths (a portal row is its own). */
export async function readPortal(world: World, uid: string, id: number): Promise<Side | null> {
  if (uid === 'api::portal.portal') return id === world.portals.A.id ? 'A' : id === world.portals.B.id ? 'B' : null;
  const paths = portalPaths(uid).filter(Boolean);
  if (!paths.length) return null;
  const populate: Record<string, unknown> = {};
  for (const path of paths) {
    let level = populate;
    for (const step of path.split('.'))
      level = ((level[step] ??= { populate: {} }) as { populate: Record<string, unknown> }).populate;
  }
  const row = (await q(world, uid).findOne({ where: { id }, populate })) as Record<string, unknown> | null;
  for (const path of paths) {
    let at = row as Record<string, unknown> | null | undefined;
    for (const step of path.split('.')) at = at?.[step] as Record<string, unknown> | null | undefined;
    if (at?.id === world.portals.A.id) return 'A';
    if (at?.id === world.portals.B.id) return 'B';
  }
  return null;
}

/** Both portals' records, in every state the rules tell apart; three staff signed in. */
export async function buildWorld(app: TestApp): Promise<World> {
  let counter = 0;
  const world = { app, rows: {}, portalOf: new Map(), n: () => ++counter } as unknown as World;
  const sides: Side[] = ['A', 'B'];
  const offerings = { A: await createOffering(app, 'mx-a'), B: await createOffering(app, 'mx-b') };
  world.portals = { A: offerings.A.portal, B: offerings.B.portal };
  const authenticated = (await q(world, 'plugin::users-permissions.role').findMany({
    select: ['id'],
    orderBy: { id: 'asc' },
  })) as { id: number }[];
  world.siteRoles = authenticated.map((role) => role.id);
  for (const side of sides) {
    const offering = offerings[side];
    const byDoc = async (uid: string, documentId: string) =>
      (await q(world, uid).findOne({ where: { documentId }, select: ['id'] })) as { id: number };
    const c1 = await byDoc(COMPANY, offering.company);
    const f1 = await byDoc(FUND, offering.fund);
    const i1 = await byDoc(INVESTMENT, offering.investment);
    const push = (uid: string, id: number, documentId: string, state: string) => {
      world.rows[uid] ??= { A: [], B: [] };
      const row = { uid, id, documentId, state, side };
      world.rows[uid][side].push(row);
      return row;
    };
    push(COMPANY, c1.id, offering.company, 'used');
    await make(world, 'api::company.company', side, 'fresh', {
      name: `mx-${side} fresh company`,
      portal: world.portals[side].id,
    });
    push(FUND, f1.id, offering.fund, 'used, valued');
    const f2 = await make(world, 'api::fund.fund', side, 'fresh', {
      name: `mx-${side} Fund II`,
      url_slug: `mx-${side.toLowerCase()}-fund-2`,
      company: c1.id,
    });
    push(INVESTMENT, i1.id, offering.investment, 'used');
    await make(world, 'api::investment.investment', side, 'fresh', {
      name: `mx-${side} Deal II`,
      url_slug: `mx-${side.toLowerCase()}-deal-2`,
      fund: f2.id,
      company: c1.id,
    });
    // The signed, countersigned and funded commitment; the unsigned one; each with its own investor.
    const signed = await productFlow('test', () =>
      createInvestor(app, offering, `mx-${side.toLowerCase()}-signed`, { spouse: false }),
    );
    const unsigned = await productFlow('test', () =>
      createInvestor(app, offering, `mx-${side.toLowerCase()}-unsigned`, { spouse: true }),
    );
    const at = new Date('2026-09-01T10:00:00.000Z');
    await q(world, SYND_USER).update({
      where: { id: signed.syndUserId },
      data: {
        sa_start_date: at,
        sa_complete_date: at,
        managementSignedAt: at,
        ft_start_date: at,
        ft_complete_date: at,
        syndAgreementSignedByCurrentUser: true,
        hasSyndAgreement: true,
        syndAgreementsCount: 1,
      },
    });
    const s1 = push(SYND_USER, signed.syndUserId, signed.syndUser, 'signed');
    push(SYND_USER, unsigned.syndUserId, unsigned.syndUser, 'unsigned');
    const userDoc = async (id: number) =>
      ((await q(world, USER).findOne({ where: { id }, select: ['documentId'] })) as { documentId: string }).documentId;
    push(USER, signed.id, await userDoc(signed.id), 'used');
    const fresh = await createUser(app, {
      email: uniqueEmail(`mx-${side.toLowerCase()}-fresh`),
      portal: world.portals[side].id,
    });
    push(USER, fresh.id, fresh.documentId, 'fresh');
    const files = (prefix: string) => ({
      originalName: `${prefix}.pdf`,
      docPath: `${prefix}/${side}/${prefix}.pdf`,
      docURL: `/files/${prefix}-${side}`,
      bucketId: 'local',
    });
    const schedule = await make(world, 'api::tax-schedule.tax-schedule', side, 'issued', {
      fund: f1.id,
      taxYear: 2025,
      documentName: 'K-1',
      state: 'issued',
      scheduleKey: `mx-${side}-2025`,
    });
    await make(world, 'api::tax-document.tax-document', side, 'typed', {
      ...files('tax'),
      title: `mx-${side} K-1`,
      year: 2025,
      isDeleted: false,
      user: signed.id,
      fund: f1.id,
      sendToAllFundInvestors: false,
    });
    await make(world, 'api::tax-document.tax-document', side, 'issued', {
      ...files('tax2'),
      title: `mx-${side} issued K-1`,
      year: 2025,
      isDeleted: false,
      user: signed.id,
      fund: f1.id,
      taxSchedule: schedule.id,
    });
    await make(world, 'api::news-document.news-document', side, 'typed', {
      ...files('news'),
      title: `mx-${side} letter`,
      year: 2025,
      isDeleted: false,
      user: signed.id,
      fund: f1.id,
      sendToAllFundInvestors: false,
    });
    await make(world, 'api::synd-document.synd-document', side, 'typed', {
      ...files('dd'),
      title: `mx-${side} deck`,
      isDeleted: false,
      fund: f1.id,
    });
    await make(world, 'api::proof-document.proof-document', side, 'typed', {
      ...files('proof'),
      title: `mx-${side} proof`,
      isDeleted: false,
      user: signed.id,
    });
    // What the flows own: the sealed records.
    await make(world, 'api::synd-agreement.synd-agreement', side, 'sealed', {
      ...files('sa'),
      title: 'Agreement',
      isDeleted: false,
      syndUser: s1.id,
      fingerprint: `${side === 'A' ? 'a' : 'b'}`.repeat(64),
    });
    await make(world, 'api::signing.signing', side, 'signed', {
      label: 'investor',
      syndUser: s1.id,
      role: 'investor',
      name: 'Signer',
      email: signed.email,
      provider: 'local',
      signedAt: at,
      typedName: 'Signer',
    });
    await make(world, 'api::ledger-entry.ledger-entry', side, 'funding', {
      syndUser: s1.id,
      fund: f1.id,
      type: 'contribution',
      amount_cents: 5_000_000,
      effective_date: '2026-09-02',
      recordedBy: 'test',
      entryKey: `mx-${side}-fund`,
    });
    await make(world, 'api::statement.statement', side, 'issued', {
      syndUser: s1.id,
      fund: f1.id,
      periodFrom: '2026-01-01',
      periodTo: '2026-06-30',
      fingerprint: `${side === 'A' ? 'c' : 'd'}`.repeat(64),
      issuedAt: at,
      portalName: 'P',
      investorInitials: 'S.I.',
    });
    await make(world, 'api::valuation.valuation', side, 'recorded', {
      fund: f1.id,
      date: '2026-06-30',
      value_percent: 120,
      recordedBy: 'test',
    });
    await q(world, 'api::fund.fund').update({ where: { id: f1.id }, data: { currentFundValuePercentage: 120 } });
    const posted = await make(world, 'api::fund-event.fund-event', side, 'posted', {
      fund: f1.id,
      type: 'capital_call',
      date: '2026-07-01',
      due_date: '2026-07-15',
      total_cents: 100_000,
      basis: 'commitment',
      state: 'posted',
      posted_at: at,
      noticesDoneAt: at,
    });
    await make(world, 'api::fund-event.fund-event', side, 'draft', {
      fund: f1.id,
      type: 'distribution',
      date: '2026-08-01',
      total_cents: 50_000,
      basis: 'commitment',
      kind: 'income',
      state: 'draft',
    });
    // Its notices count as sent (noticesDoneAt above, noticeSentAt here): the upkeep's resumption of unsent notices, which
    // other test files count, leaves this fixture alone.
    await make(world, 'api::fund-event.call-item', side, 'posted', {
      fundEvent: posted.id,
      syndUser: s1.id,
      fund: f1.id,
      amount_cents: 100_000,
      due_date: '2026-07-15',
      noticeSentAt: at,
    });
    await make(world, 'api::reminder.reminder', side, 'sent', {
      syndUser: s1.id,
      fund: f1.id,
      state: 'committed',
      step: 'Sign',
      email: signed.email,
      sentBy: 'test',
      sentAt: at,
      day: '2026-09-01',
      reminderKey: `mx-${side}-r1`,
    });
    await make(world, 'plugin::sponsor-desk.desk-action', side, 'recorded', {
      action: 'remind',
      staffName: 'Someone',
      staffEmail: `someone-${side}@portal.local`,
      path: '/sponsor-desk/reminders',
      answerStatus: 200,
    });
    await make(world, 'api::file-download.file-download', side, 'recorded', {
      fileName: 'tax.pdf',
      kind: 'tax_document',
      fileId: 1,
      user: signed.id,
      fund: f1.id,
      ip: '10.0.0.1',
    });
  }
  for (const [uid, bySide] of Object.entries(world.rows)) {
    for (const row of [...bySide.A, ...bySide.B])
      world.portalOf.set(`${uid}:${row.id}`, await readPortal(world, uid, row.id));
  }
  world.tokens = {
    super: await adminToken(app, 'mx-super@portal.local', 'strapi-super-admin', ['Matrix', 'Super']),
    sponsor: await adminToken(
      app,
      'mx-sponsor@portal.local',
      'sponsor-admin',
      ['Matrix', 'Sponsor'],
      [world.portals.A],
    ),
    editor: await adminToken(app, 'mx-editor@portal.local', 'strapi-editor', ['Matrix', 'Editor'], [world.portals.A]),
  };
  return world;
}

export const panel = (world: World, role: Role, method: string, route: string, body?: unknown) =>
  http(world.app, method, route, body, { Authorization: `Bearer ${world.tokens[role]}` });

/** A media-library PDF to attach to a document made in the panel. */
export async function uploadPdf(world: World): Promise<number> {
  const form = new FormData();
  form.append(
    'files',
    new Blob([new Uint8Array(pdfBytes(`mx ${world.n()}`))], { type: 'application/pdf' }),
    `mx-${world.n()}.pdf`,
  );
  const answer = await fetch(`${world.app.url}/upload`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${world.tokens.super}` },
  });
  return ((await answer.json()) as { id: number }[])[0].id;
}

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
