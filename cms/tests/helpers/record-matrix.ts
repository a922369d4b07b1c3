import { createHash } from 'node:crypto';
import type { UID } from '@strapi/strapi';
import { PORTAL_PATHS } from '../../src/utils/portal-paths';
import { productFlow } from '../../src/utils/product-flow';
import { RECORD_RULES } from '../../src/utils/record-rules';
import { adminToken, createUser, uniqueEmail } from './auth';
import { createInvestor, createOffering } from './signing';
import type { TestApp } from './strapi';
import { COMPANY, FUND, INVESTMENT, isOwnType, SYND_USER, USER } from '../../src/utils/uids';

/**
 * The panel write matrix (tests/record-rules-matrix.test.ts): the fixtures of two portals (A, the one staff run; B,
 * another), the staff roles, and their calls in the panel. A new value per attribute, and what the rule table, RBAC
 * and portal scope predict for one write: helpers/record-matrix-expected.ts.
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

export const q = (world: World, uid: string) => world.app.strapi.db.query(uid as UID.Schema);

async function make(world: World, uid: string, side: Side, state: string, data: Record<string, unknown>): Promise<Row> {
  const row = (await q(world, uid).create({ data })) as { id: number; documentId: string };
  const made = { uid, id: row.id, documentId: row.documentId, state, side };
  world.rows[uid] ??= { A: [], B: [] };
  world.rows[uid][side].push(made);
  return made;
}

export const portalPaths = (uid: string) => PORTAL_PATHS[uid] ?? [];

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

/** A SHA-256 of its own for each sealed record of a world (fingerprints are unique). */
const fingerprintOf = (text: string) => createHash('sha256').update(text).digest('hex');

/** Both portals' records, in every state the rules tell apart; three staff signed in (`prefix` names them all). */
export async function buildWorld(app: TestApp, prefix = 'mx'): Promise<World> {
  let counter = 0;
  const world = { app, rows: {}, portalOf: new Map(), n: () => ++counter } as unknown as World;
  const sides: Side[] = ['A', 'B'];
  const offerings = { A: await createOffering(app, `${prefix}-a`), B: await createOffering(app, `${prefix}-b`) };
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
      name: `${prefix}-${side} fresh company`,
      portal: world.portals[side].id,
    });
    push(FUND, f1.id, offering.fund, 'used, valued');
    const f2 = await make(world, 'api::fund.fund', side, 'fresh', {
      name: `${prefix}-${side} Fund II`,
      url_slug: `${prefix}-${side.toLowerCase()}-fund-2`,
      company: c1.id,
    });
    push(INVESTMENT, i1.id, offering.investment, 'used');
    await make(world, 'api::investment.investment', side, 'fresh', {
      name: `${prefix}-${side} Deal II`,
      url_slug: `${prefix}-${side.toLowerCase()}-deal-2`,
      fund: f2.id,
      company: c1.id,
    });
    // The signed, countersigned and funded commitment; the unsigned one; each with its own investor.
    const signed = await productFlow('test', () =>
      createInvestor(app, offering, `${prefix}-${side.toLowerCase()}-signed`, { spouse: false }),
    );
    const unsigned = await productFlow('test', () =>
      createInvestor(app, offering, `${prefix}-${side.toLowerCase()}-unsigned`, { spouse: true }),
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
      email: uniqueEmail(`${prefix}-${side.toLowerCase()}-fresh`),
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
      scheduleKey: `${prefix}-${side}-2025`,
    });
    await make(world, 'api::tax-document.tax-document', side, 'typed', {
      ...files('tax'),
      title: `${prefix}-${side} K-1`,
      year: 2025,
      isDeleted: false,
      user: signed.id,
      fund: f1.id,
      sendToAllFundInvestors: false,
    });
    await make(world, 'api::tax-document.tax-document', side, 'issued', {
      ...files('tax2'),
      title: `${prefix}-${side} issued K-1`,
      year: 2025,
      isDeleted: false,
      user: signed.id,
      fund: f1.id,
      taxSchedule: schedule.id,
    });
    await make(world, 'api::news-document.news-document', side, 'typed', {
      ...files('news'),
      title: `${prefix}-${side} letter`,
      year: 2025,
      isDeleted: false,
      user: signed.id,
      fund: f1.id,
      sendToAllFundInvestors: false,
    });
    await make(world, 'api::synd-document.synd-document', side, 'typed', {
      ...files('dd'),
      title: `${prefix}-${side} deck`,
      isDeleted: false,
      fund: f1.id,
    });
    await make(world, 'api::proof-document.proof-document', side, 'typed', {
      ...files('proof'),
      title: `${prefix}-${side} proof`,
      isDeleted: false,
      user: signed.id,
    });
    // What the flows own: the sealed records.
    await make(world, 'api::synd-agreement.synd-agreement', side, 'sealed', {
      ...files('sa'),
      title: 'Agreement',
      isDeleted: false,
      syndUser: s1.id,
      fingerprint: fingerprintOf(`${prefix}-${side} agreement`),
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
      entryKey: `${prefix}-${side}-fund`,
    });
    await make(world, 'api::statement.statement', side, 'issued', {
      syndUser: s1.id,
      fund: f1.id,
      periodFrom: '2026-01-01',
      periodTo: '2026-06-30',
      fingerprint: fingerprintOf(`${prefix}-${side} statement`),
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
      reminderKey: `${prefix}-${side}-r1`,
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
    super: await adminToken(app, `${prefix}-super@portal.local`, 'strapi-super-admin', ['Matrix', 'Super']),
    sponsor: await adminToken(
      app,
      `${prefix}-sponsor@portal.local`,
      'sponsor-admin',
      ['Matrix', 'Sponsor'],
      [world.portals.A],
    ),
    editor: await adminToken(
      app,
      `${prefix}-editor@portal.local`,
      'strapi-editor',
      ['Matrix', 'Editor'],
      [world.portals.A],
    ),
  };
  return world;
}
