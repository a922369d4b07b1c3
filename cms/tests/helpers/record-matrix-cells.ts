import type { UID } from '@strapi/strapi';
import { PORTAL_PATHS } from '../../src/utils/portal-paths';
import { attributesOf, buildWorld, type Role, type Side, type World } from './record-matrix';
import { comparable, newValue, otherRow, storedValue } from './record-matrix-expected';
import { http, useStrapi } from './strapi';
import { pdfBytes } from './uploads';

/**
 * The panel write matrix's world as a test file opens it (helpers/record-matrix.ts), the calls its tests make in the
 * panel, and the values each cell writes, with the findings the matrix keeps apart.
 */
let world: World;

/** Boots the test CMS and builds the file's world, its portals, rows and staff named by `prefix`: for `beforeAll`. */
export async function openMatrix(prefix: string): Promise<World> {
  world = await buildWorld(await useStrapi(), prefix);
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

/** The panel as one staff role of the file's world. */
export const as = (role: Role) => (method: string, route: string, body?: unknown) =>
  panel(world, role, method, route, body);
/** The file's fixture row of `uid` on `side` in `state`. */
export const rowOf = (uid: string, side: Side, state: string) =>
  world.rows[uid][side].find((row) => row.state === state)!;
/** The highest id in `uid`'s table (0 when it has none). */
export const maxId = async (uid: string) =>
  (
    (await world.app.strapi.db.query(uid as UID.Schema).findOne({ select: ['id'], orderBy: { id: 'desc' } })) as {
      id: number;
    } | null
  )?.id ?? 0;
export const other = (side: Side): Side => (side === 'A' ? 'B' : 'A');

/**
 * Where the CMS answers otherwise than the rules predict (the report's findings): each cell that shows one is kept
 * out of the matrix's own tests and held by an `it.fails` below, which starts passing, and so fails, once it is fixed.
 */
export const FINDINGS: Record<string, RegExp> = {
  userCreateAnswers400:
    /^POST plugin::users-permissions\.user .*\[expected refused: rule flow\]: answered 400 (Proof|Tax|News) documents is set by the sponsor desk or the signing, not in the admin panel$/,
  providerIgnored:
    /^(PUT|POST) plugin::users-permissions\.user .*\.provider = .* as super \[expected allowed\]: stored nothing$/,
};
export const findings: Record<string, string[]> = Object.fromEntries(Object.keys(FINDINGS).map((key) => [key, []]));

/** The relation values a cell sends for a row of `target`: set / connect by documentId, set by id. */
export const forms = (row: { id: number; documentId: string }) => ({
  'set documentId': { set: [{ documentId: row.documentId }] },
  'connect documentId': { connect: [{ documentId: row.documentId }] },
  'set id': { set: [{ id: row.id }] },
});

export interface Value {
  label: string;
  body: unknown;
  id?: number;
  plain?: unknown;
  valueSide?: Side | null;
}

/** The values a cell writes to a field: a new scalar, or rows of each portal (every form) for a relation. */
export function valuesFor(uid: string, field: string, before: unknown, side: Side, all = true): Value[] {
  const attribute = attributesOf(world, uid)[field];
  if (attribute.type !== 'relation') {
    const value = newValue(world, attribute, before);
    return [{ label: JSON.stringify(value).slice(0, 30), body: value, plain: value }];
  }
  const target = attribute.target!;
  const values: Value[] = [];
  if (!PORTAL_PATHS[target]) {
    const role = world.siteRoles.find((id) => id !== before);
    if (target === 'plugin::users-permissions.role' && role)
      values.push({ label: 'another role', body: { connect: [{ id: role }] }, id: role, valueSide: null });
    return values;
  }
  for (const valueSide of [side, other(side)] as Side[]) {
    const row =
      target === 'api::portal.portal'
        ? valueSide === side
          ? null
          : world.portals[valueSide]
        : otherRow(world, target, valueSide, before);
    if (!row) continue;
    for (const [form, body] of Object.entries(forms(row)).slice(0, all ? 3 : 1))
      values.push({ label: `${form} of ${valueSide}`, body, id: row.id, valueSide });
  }
  // And the relation taken away, as the panel's form sends it when a row is unlinked.
  if (all && typeof before === 'number')
    values.push({
      label: 'disconnected',
      body: { connect: [], disconnect: [{ id: before }] },
      id: null as unknown as number,
      valueSide: null,
    });
  return values;
}

export const stored = (uid: string, id: number, field: string) => storedValue(world, uid, id, field);
export const same = (uid: string, field: string, a: unknown, b: unknown) => {
  const type = attributesOf(world, uid)[field].type;
  return type === 'relation' ? JSON.stringify(a) === JSON.stringify(b) : comparable(type, a) === comparable(type, b);
};
