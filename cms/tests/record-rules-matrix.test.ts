import type { UID } from '@strapi/strapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_PATHS } from '../src/utils/portal-paths';
import { RECORD_RULES } from '../src/utils/record-rules';
import {
  COMPANY,
  FUND,
  INVESTMENT,
  LEDGER_ENTRY,
  SYND_AGREEMENT,
  SYND_USER,
  TAX_DOCUMENT,
  USER,
  VALUATION,
} from '../src/utils/uids';
import {
  CM,
  ROLES,
  attributesOf,
  buildWorld,
  comparable,
  expected,
  matrixTypes,
  newValue,
  otherRow,
  panel,
  restore,
  storedValue,
  uploadPdf,
  writableFields,
  type Expected,
  type Role,
  type Row,
  type Side,
  type World,
} from './helpers/record-matrix';
import { http, useStrapi } from './helpers/strapi';

/**
 * The panel write matrix (utils/record-rules.ts, docs/record-rules.md, docs/sponsor-desk.md "Who may do what"): every
 * type the rule table covers × every field the panel's form writes × super admin / Sponsor Admin / Editor (the latter
 * two running portal A) × a row of portal A / of portal B, through the content manager's own routes: update, create,
 * clone, delete, bulk delete, relations set and connected by documentId and set by id. Each cell's answer and what is
 * stored afterwards are held to what RBAC, portal scope, the field's rule and the same-portal check predict.
 */
let world: World;
let cells = 0;
const failures: string[] = [];
const started = Date.now();

const other = (side: Side): Side => (side === 'A' ? 'B' : 'A');
const q = (uid: string) => world.app.strapi.db.query(uid as UID.Schema);
const maxId = async (uid: string) =>
  ((await q(uid).findOne({ select: ['id'], orderBy: { id: 'desc' } })) as { id: number } | null)?.id ?? 0;

beforeAll(async () => {
  world = await buildWorld(await useStrapi());
}, 300_000);

afterAll(() => {
  // The test reports the size of the matrix it ran, and how long it took.
  console.log(`record-rules matrix: ${cells} cells in ${Math.round((Date.now() - started) / 1000)} s`);
});

/** Holds one answer to its expectation; a mismatch is collected (every cell runs) and named. */
function check(
  name: string,
  want: Expected,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any JSON answer, as helpers/strapi's http hands it back
  answer: { status: number; body: any },
  changed: boolean,
  okStatus: number[],
): void {
  cells += 1;
  const message: string | undefined = answer.body?.error?.message;
  const problems: string[] = [];
  if (want.allowed) {
    if (!okStatus.includes(answer.status)) problems.push(`answered ${answer.status} ${message ?? ''}`);
    if (!changed) problems.push('stored nothing');
  } else {
    if (!want.statuses!.includes(answer.status))
      problems.push(`answered ${answer.status} ${message ?? JSON.stringify(answer.body).slice(0, 120)}`);
    if (want.message !== undefined && message !== want.message)
      problems.push(`said "${message}" not "${want.message}"`);
    if (want.startsWith !== undefined && !message?.startsWith(want.startsWith))
      problems.push(`said "${message}", not starting "${want.startsWith}"`);
    if (changed) problems.push('CHANGED what is stored');
  }
  if (!problems.length) return;
  const line = `${name} [expected ${want.allowed ? 'allowed' : `refused: ${want.why}`}]: ${problems.join('; ')}`;
  const known = Object.entries(FINDINGS).find(([, pattern]) => pattern.test(line));
  (known ? findings[known[0]] : failures).push(line);
}

/**
 * Where the CMS answers otherwise than the rules predict (the report's findings): each cell that shows one is kept
 * out of the matrix's own tests and held by an `it.fails` below, which starts passing, and so fails, once it is fixed.
 */
const FINDINGS: Record<string, RegExp> = {
  userCreateAnswers400:
    /^POST plugin::users-permissions\.user .*\[expected refused: rule flow\]: answered 400 (Proof|Tax|News) documents is set by the sponsor desk or the signing, not in the admin panel$/,
  providerIgnored:
    /^(PUT|POST) plugin::users-permissions\.user .*\.provider = .* as super \[expected allowed\]: stored nothing$/,
};
const findings: Record<string, string[]> = Object.fromEntries(Object.keys(FINDINGS).map((key) => [key, []]));

/** The relation values a cell sends for a row of `target`: set / connect by documentId, set by id. */
const forms = (row: { id: number; documentId: string }) => ({
  'set documentId': { set: [{ documentId: row.documentId }] },
  'connect documentId': { connect: [{ documentId: row.documentId }] },
  'set id': { set: [{ id: row.id }] },
});

interface Value {
  label: string;
  body: unknown;
  id?: number;
  plain?: unknown;
  valueSide?: Side | null;
}

/** The values a cell writes to a field: a new scalar, or rows of each portal (every form) for a relation. */
function valuesFor(uid: string, field: string, before: unknown, side: Side, all = true): Value[] {
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

const stored = (uid: string, id: number, field: string) => storedValue(world, uid, id, field);
const same = (uid: string, field: string, a: unknown, b: unknown) => {
  const type = attributesOf(world, uid)[field].type;
  return type === 'relation' ? JSON.stringify(a) === JSON.stringify(b) : comparable(type, a) === comparable(type, b);
};

describe('the panel write matrix: every rule-table type × field × staff role × own / other portal', () => {
  it('update (PUT): answers and stores what the rules say, for every field and relation form', async () => {
    for (const uid of matrixTypes(world)) {
      for (const side of ['A', 'B'] as Side[]) {
        for (const row of world.rows[uid]?.[side] ?? []) {
          for (const field of writableFields(world, uid)) {
            const before = await stored(uid, row.id, field);
            // A sealed record refuses every field: one value form is enough there.
            for (const value of valuesFor(uid, field, before, side, !RECORD_RULES[uid].sealed)) {
              for (const role of ROLES) {
                const want = await expected(world, {
                  uid,
                  action: 'update',
                  role,
                  row,
                  side,
                  field,
                  valueSide: value.valueSide,
                });
                const answer = await panel(world, role, 'PUT', `${CM}/${uid}/${row.documentId}`, {
                  [field]: value.body,
                });
                const after = await stored(uid, row.id, field);
                const changed = !same(uid, field, after, before);
                const right = value.id !== undefined ? after === value.id : same(uid, field, after, value.plain);
                check(
                  `PUT ${uid} ${row.state} row of ${side} .${field} = ${value.label} as ${role}`,
                  want,
                  answer,
                  changed && right,
                  [200],
                );
                if (changed) await restore(world, uid, row.id, field, before);
              }
            }
          }
        }
      }
    }
    expect(failures.filter((line) => line.startsWith('PUT'))).toEqual([]);
  }, 1_200_000);

  /** What a new row of `uid` in portal `side` is made with in the panel: its required fields and its portal links. */
  async function baseOf(
    uid: string,
    side: Side,
  ): Promise<{ data: Record<string, unknown>; sides: Record<string, Side | null> }> {
    const first = (target: string) => world.rows[target][side][0];
    const link = (row: Row | { documentId: string }) => ({ connect: [{ documentId: row.documentId }] });
    const n = world.n();
    switch (uid) {
      case 'api::company.company':
        return { data: { name: `mx new company ${n}`, portal: link(world.portals[side]) }, sides: { portal: side } };
      case 'api::fund.fund':
        return {
          data: {
            name: `mx new fund ${n}`,
            url_slug: `mx-new-fund-${n}`,
            company: link(first(COMPANY)),
          },
          sides: { company: side },
        };
      case 'api::investment.investment':
        return {
          data: {
            name: `mx new deal ${n}`,
            url_slug: `mx-new-deal-${n}`,
            fund: link(world.rows['api::fund.fund'][side][1]),
            company: link(first(COMPANY)),
          },
          sides: { fund: side, company: side },
        };
      case SYND_USER:
        return {
          data: {
            user: link(world.rows[USER][side][1]),
            fund: link(first(FUND)),
            investment: link(first(INVESTMENT)),
            company: link(first(COMPANY)),
            invest_amount: 1_000,
          },
          sides: { user: side, fund: side, investment: side, company: side },
        };
      case USER:
        return {
          data: {
            username: `mx-new-${n}`,
            email: `mx-new-${n}@example.com`,
            password: 'Secret1234!',
            confirmed: true,
            blocked: false,
            role: { connect: [{ id: world.siteRoles[0] }] },
            portal: link(world.portals[side]),
          },
          sides: { portal: side },
        };
      case 'api::tax-document.tax-document':
      case 'api::news-document.news-document':
        return {
          data: {
            title: `mx new ${n}`,
            year: 2025,
            user: link(world.rows[USER][side][0]),
            fund: link(first(FUND)),
            file: await uploadPdf(world),
          },
          sides: { user: side, fund: side },
        };
      case 'api::synd-document.synd-document':
        return {
          data: { title: `mx new ${n}`, fund: link(first(FUND)), file: await uploadPdf(world) },
          sides: { fund: side },
        };
      case 'api::proof-document.proof-document':
        return { data: { title: `mx new ${n}`, user: link(world.rows[USER][side][0]) }, sides: { user: side } };
      default: {
        // A sealed record: refused whatever it is made with; its relations name this portal's rows.
        const data: Record<string, unknown> = {};
        const sides: Record<string, Side | null> = {};
        for (const [field, attribute] of Object.entries(attributesOf(world, uid))) {
          if (attribute.type === 'relation' && attribute.target && world.rows[attribute.target]) {
            data[field] = link(first(attribute.target));
            sides[field] = side;
          }
        }
        return { data, sides };
      }
    }
  }

  it('create (POST): a new row with each field set, in their portal and in another', async () => {
    for (const uid of matrixTypes(world)) {
      for (const side of ['A', 'B'] as Side[]) {
        for (const field of [undefined, ...writableFields(world, uid)]) {
          const values: (Value | undefined)[] = field
            ? valuesFor(uid, field, undefined, side, !RECORD_RULES[uid].sealed)
            : [undefined];
          for (const value of values) {
            for (const role of ROLES) {
              const { data, sides } = await baseOf(uid, side);
              if (field && value) {
                data[field] = value.body;
                if (value.valueSide !== undefined) sides[field] = value.valueSide;
              }
              const want = await expected(
                world,
                { uid, action: 'create', role, side, field, valueSide: value?.valueSide },
                sides,
              );
              const last = await maxId(uid);
              const answer = await panel(world, role, 'POST', `${CM}/${uid}`, data);
              const made = (await q(uid).findMany({ where: { id: { $gt: last } }, select: ['id'] })) as {
                id: number;
              }[];
              let right = made.length > 0;
              if (right && field && value) {
                const after = await stored(uid, made[0].id, field);
                right = value.id !== undefined ? after === value.id : same(uid, field, after, value.plain);
              }
              check(
                `POST ${uid} in ${side} ${field ? `.${field} = ${value?.label}` : '(base)'} as ${role}`,
                want,
                answer,
                want.allowed ? right : made.length > 0,
                [201],
              );
              if (made.length) await q(uid).deleteMany({ where: { id: { $gt: last } } });
            }
          }
        }
      }
    }
    expect(failures.filter((line) => line.startsWith('POST'))).toEqual([]);
  }, 1_200_000);

  it('clone: a copy of each row, of their portal and of another', async () => {
    for (const uid of matrixTypes(world)) {
      const attributes = attributesOf(world, uid);
      for (const side of ['A', 'B'] as Side[]) {
        for (const row of world.rows[uid]?.[side] ?? []) {
          for (const role of ROLES) {
            // As the panel's clone form: unique fields are typed anew.
            const body = Object.fromEntries(
              Object.entries(attributes)
                .filter(
                  ([name, attribute]) => (attribute.unique && !attribute.private) || (name === 'email' && uid === USER),
                )
                .map(([name]) => [name, `mx-clone-${world.n()}${name === 'email' ? '@example.com' : ''}`]),
            );
            const want = await expected(world, { uid, action: 'clone', role, row, side });
            const last = await maxId(uid);
            const answer = await panel(world, role, 'POST', `${CM}/${uid}/clone/${row.documentId}`, body);
            const made = await q(uid).count({ where: { id: { $gt: last } } });
            check(`CLONE ${uid} ${row.state} row of ${side} as ${role}`, want, answer, made > 0, [200, 201]);
            if (made) await q(uid).deleteMany({ where: { id: { $gt: last } } });
          }
        }
      }
    }
    expect(failures.filter((line) => line.startsWith('CLONE'))).toEqual([]);
  }, 600_000);

  /** A copy of a fixture row made with the query engine, to delete where the rules let it be deleted. */
  async function copyOf(row: Row): Promise<Row> {
    const attributes = attributesOf(world, row.uid);
    const relations = Object.entries(attributes)
      .filter(([, attribute]) => attribute.type === 'relation' && !(attribute as { mappedBy?: string }).mappedBy)
      .map(([name]) => name);
    const source = (await q(row.uid).findOne({
      where: { id: row.id },
      populate: Object.fromEntries(relations.map((name) => [name, { select: ['id'] }])),
    })) as Record<string, unknown>;
    const data: Record<string, unknown> = {};
    for (const [name, attribute] of Object.entries(attributes)) {
      if (
        ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy'].includes(name) ||
        attribute.type === 'media' ||
        !(name in source)
      )
        continue;
      const value = source[name];
      data[name] =
        attribute.type === 'relation'
          ? Array.isArray(value)
            ? value.map((each) => (each as { id: number }).id)
            : ((value as { id: number } | null)?.id ?? null)
          : value;
      if ((attribute.unique || (row.uid === USER && name === 'email')) && typeof value === 'string')
        data[name] = `${value}-copy-${world.n()}`;
    }
    const made = (await q(row.uid).create({ data })) as { id: number; documentId: string };
    return { ...row, id: made.id, documentId: made.documentId };
  }

  it('delete and bulk delete: kept, refused or deleted as the rules say', async () => {
    for (const uid of matrixTypes(world)) {
      for (const side of ['A', 'B'] as Side[]) {
        for (const row of world.rows[uid]?.[side] ?? []) {
          for (const role of ROLES) {
            for (const route of ['DELETE', 'bulkDelete'] as const) {
              const want = await expected(world, {
                uid,
                action: route === 'DELETE' ? 'delete' : 'bulkDelete',
                role,
                row,
                side,
              });
              // What may be deleted is deleted on a copy: the fixtures stay for the other cells.
              const target = want.allowed ? await copyOf(row) : row;
              const answer =
                route === 'DELETE'
                  ? await panel(world, role, 'DELETE', `${CM}/${uid}/${target.documentId}`)
                  : await panel(world, role, 'POST', `${CM}/${uid}/actions/bulkDelete`, {
                      documentIds: [target.documentId],
                    });
              const gone = (await q(uid).count({ where: { id: target.id } })) === 0;
              check(`${route} ${uid} ${row.state} row of ${side} as ${role}`, want, answer, gone, [200]);
              if (gone && !want.allowed)
                throw new Error(
                  `fixture ${uid} ${row.state} of ${side} was deleted by ${role}: the rest of the matrix cannot run`,
                );
              if (!gone && want.allowed) await q(uid).delete({ where: { id: target.id } });
            }
          }
        }
      }
    }
    expect(failures.filter((line) => /^(DELETE|bulkDelete)/.test(line))).toEqual([]);
  }, 600_000);

  it('covers the whole table: more than 3,000 cells', () => {
    expect(cells).toBeGreaterThan(3_000);
  });

  it.fails("FINDING: a user made in the panel with a flow-owned count is refused with 400, not the rules' 403", () => {
    expect(findings.userCreateAnswers400).toEqual([]);
  });

  it('bulk delete is all or nothing: a commitment or fund kept with its history keeps the others of the same request', async () => {
    for (const uid of [SYND_USER, 'api::fund.fund']) {
      const deletable = await copyOf(
        world.rows[uid].A.find((row) => row.state === 'unsigned' || row.state === 'fresh')!,
      );
      const kept = world.rows[uid].A[0];
      const answer = await as('super')('POST', `${CM}/${uid}/actions/bulkDelete`, {
        documentIds: [deletable.documentId, kept.documentId],
      });
      expect(answer.status, uid).toBe(403);
      expect(answer.body.error.message, uid).toMatch(/^This (commitment|fund) has ledger entries/);
      expect(await q(uid).count({ where: { id: { $in: [deletable.id, kept.id] } } }), uid).toBe(2);
      await q(uid).delete({ where: { id: deletable.id } });
    }
  });

  it.fails("FINDING: a super admin's change of a user's provider answers 200 and stores nothing", () => {
    expect(findings.providerIgnored).toEqual([]);
  });
});

const as = (role: Role) => (method: string, route: string, body?: unknown) => panel(world, role, method, route, body);
const rowOf = (uid: string, side: Side, state: string) => world.rows[uid][side].find((row) => row.state === state)!;

describe("the issue's cases, spelled out", () => {
  it('an Editor cannot move a funded, countersigned commitment to another investor, by id or to another portal’s user by documentId', async () => {
    const commitment = rowOf(SYND_USER, 'A', 'signed');
    const before = await stored(SYND_USER, commitment.id, 'user');
    const fresh = rowOf(USER, 'A', 'fresh');
    const moved = await as('editor')('PUT', `${CM}/${SYND_USER}/${commitment.documentId}`, {
      user: { set: [{ id: fresh.id }] },
    });
    expect(moved.status).toBe(403);
    expect(moved.body.error.message).toBe(
      'User (the investor) is fixed when the commitment is made: to give this position to another investor, use Transfer on the sponsor desk',
    );
    const elsewhere = await as('editor')('PUT', `${CM}/${SYND_USER}/${commitment.documentId}`, {
      user: { connect: [{ documentId: rowOf(USER, 'B', 'fresh').documentId }] },
    });
    expect(elsewhere.status).toBe(403);
    expect(await stored(SYND_USER, commitment.id, 'user')).toBe(before);
    expect(await q(SYND_USER).findOne({ where: { id: commitment.id } })).toMatchObject({
      invest_amount: expect.anything(),
      managementSignedAt: expect.anything(),
    });
  });

  it('an Editor cannot change the amount of a signed commitment, and can before signing', async () => {
    const signed = rowOf(SYND_USER, 'A', 'signed');
    const amount = await stored(SYND_USER, signed.id, 'invest_amount');
    const refused = await as('editor')('PUT', `${CM}/${SYND_USER}/${signed.documentId}`, { invest_amount: 75_000 });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      'Amount invested cannot change once signing has started, as the agreement states it: use Amend on the sponsor desk, which voids the agreement and sends a new one to sign',
    );
    expect(Number(await stored(SYND_USER, signed.id, 'invest_amount'))).toBe(Number(amount));

    const unsigned = rowOf(SYND_USER, 'A', 'unsigned');
    const before = await stored(SYND_USER, unsigned.id, 'invest_amount');
    const changed = await as('editor')('PUT', `${CM}/${SYND_USER}/${unsigned.documentId}`, { invest_amount: 75_000 });
    expect(changed.status).toBe(200);
    expect(Number(await stored(SYND_USER, unsigned.id, 'invest_amount'))).toBe(75_000);
    await restore(world, SYND_USER, unsigned.id, 'invest_amount', before);
  });

  it("an Editor cannot point a tax or news document at another investor's agreement file", async () => {
    const agreementKey = (
      await q(SYND_AGREEMENT).findOne({
        where: { id: rowOf(SYND_AGREEMENT, 'B', 'sealed').id },
      })
    ).docPath as string;
    for (const [uid, name] of [
      ['api::tax-document.tax-document', 'tax document'],
      ['api::news-document.news-document', 'news document'],
    ]) {
      const document = rowOf(uid, 'A', 'typed');
      const before = await q(uid).findOne({ where: { id: document.id } });
      const answer = await as('editor')('PUT', `${CM}/${uid}/${document.documentId}`, { docPath: agreementKey });
      expect(answer.status, uid).toBe(403);
      // The label is fieldLabel('docPath'): 'doc' reads 'document'.
      expect(answer.body.error.message, uid).toBe(
        `Document path is set by uploading the ${name}'s file, never typed: attach the file instead`,
      );
      expect(await q(uid).findOne({ where: { id: document.id } }), uid).toEqual(before);
    }
    const tax = await as('editor')(
      'PUT',
      `${CM}/api::tax-document.tax-document/${rowOf(TAX_DOCUMENT, 'A', 'typed').documentId}`,
      { docPath: agreementKey },
    );
    expect(tax.body.error.message).toBe(
      "Document path is set by uploading the tax document's file, never typed: attach the file instead",
    );
  });

  it('a super admin cannot make an agreement with a chosen fingerprint, which the public check then never vouches for', async () => {
    const fingerprint = 'e'.repeat(64);
    const made = await as('super')('POST', `${CM}/api::synd-agreement.synd-agreement`, {
      title: 'Forged agreement',
      fingerprint,
      syndUser: { connect: [{ documentId: rowOf(SYND_USER, 'A', 'signed').documentId }] },
    });
    expect(made.status).toBe(403);
    expect(made.body.error.message).toBe(
      'Agreements and their fingerprints are made only by sealing a signed agreement: nobody makes, changes or deletes one here, as the public check vouches for them',
    );
    expect(await q(SYND_AGREEMENT).count({ where: { fingerprint } })).toBe(0);
    const check = await http(world.app, 'GET', `/api/agreements/verify/${fingerprint}`);
    expect(check.body?.valid).not.toBe(true);
  });
});

describe('found by the matrix beyond the rule table, now closed', () => {
  it("staff cannot clone another portal's company into their own portal, and so read what they may not open", async () => {
    const theirs = rowOf(COMPANY, 'B', 'fresh');
    await q(COMPANY).update({
      where: { id: theirs.id },
      data: { address: '1 Their Street', email: 'private@their.example' },
    });
    // Opening it is refused...
    expect((await as('editor')('GET', `${CM}/api::company.company/${theirs.documentId}`)).status).toBe(403);
    const last = await maxId(COMPANY);
    try {
      // ...and so is copying it: the clone route checks no read of its source, the portal scope does.
      const clone = await as('editor')('POST', `${CM}/api::company.company/clone/${theirs.documentId}`, {
        portal: { connect: [{ documentId: world.portals.A.documentId }] },
      });
      expect(clone.body?.data?.address).not.toBe('1 Their Street');
      expect(clone.status).toBe(403);
      expect(clone.body.error.message).toBe(
        'Copy only a row of a portal you run: staff read and copy rows only in their own portals',
      );
      expect(await maxId(COMPANY)).toBe(last);
    } finally {
      await q(COMPANY).deleteMany({ where: { id: { $gt: last } } });
    }
  });
});

describe('the same-portal check, on the rows that point at a moved one', () => {
  it("a super admin cannot move a fund with no commitments to another portal's company while its investment links it", async () => {
    const fund = rowOf(FUND, 'A', 'fresh');
    const investment = rowOf(INVESTMENT, 'A', 'fresh');
    const company = await stored(FUND, fund.id, 'company');
    const moved = await as('super')('PUT', `${CM}/api::fund.fund/${fund.documentId}`, {
      company: { connect: [{ documentId: rowOf(COMPANY, 'B', 'used').documentId }] },
    });
    try {
      // The fund's own relations reach one portal; its investment (fund of B, company of A) reaches two.
      const deal = await q(INVESTMENT).findOne({
        where: { id: investment.id },
        populate: {
          fund: { populate: { company: { populate: { portal: true } } } },
          company: { populate: { portal: true } },
        },
      });
      expect({ status: moved.status, fundPortal: deal.fund.company.portal.id }).toEqual({
        status: 403,
        fundPortal: deal.company.portal.id,
      });
      expect(moved.body.error.message).toBe(
        'Company cannot change once other records link to this fund (they would be left linking another portal): make a new fund instead',
      );
    } finally {
      await restore(world, 'api::fund.fund', fund.id, 'company', company);
    }
  });

  it('an Editor cannot delete the company of a fund, which would then belong to no portal', async () => {
    const portal = world.portals.A.id;
    const company = await q(COMPANY).create({ data: { name: 'mx doomed company', portal } });
    const fund = await q(FUND).create({
      data: { name: 'mx doomed fund', url_slug: 'mx-doomed-fund', company: company.id },
    });
    const commitment = await q(SYND_USER).create({
      data: { fund: fund.id, company: company.id, invest_amount: 10_000, invest_status: 'Accepted investment' },
    });
    await q(LEDGER_ENTRY).create({
      data: {
        syndUser: commitment.id,
        fund: fund.id,
        type: 'contribution',
        amount_cents: 1_000_000,
        effective_date: '2026-09-03',
        entryKey: 'mx-doomed',
      },
    });
    try {
      const deleted = await as('editor')('DELETE', `${CM}/api::company.company/${company.documentId}`);
      const left = await q(FUND).findOne({ where: { id: fund.id }, populate: { company: true } });
      expect({ status: deleted.status, company: left.company?.id }).toEqual({ status: 403, company: company.id });
      expect(deleted.body.error.message).toBe(
        'This company has records linked to it (Fund): it cannot be deleted while they are, as they would be left in no portal',
      );
    } finally {
      await q(LEDGER_ENTRY).deleteMany({ where: { entryKey: 'mx-doomed' } });
      await q(SYND_USER).delete({ where: { id: commitment.id } });
      await q(FUND).delete({ where: { id: fund.id } });
      await q(COMPANY).deleteMany({ where: { id: company.id } });
    }
  });
});

describe('relations in every spelling the Document Service takes', () => {
  it("refuses a fixed relation changed, and another portal's row linked, however the relation is written", async () => {
    const commitment = rowOf(SYND_USER, 'A', 'signed');
    const fresh = rowOf(USER, 'A', 'fresh');
    const theirs = rowOf(USER, 'B', 'fresh');
    const document = rowOf(TAX_DOCUMENT, 'A', 'typed');
    const spellings = (row: Row) => [
      row.id,
      String(row.id),
      row.documentId,
      [row.id],
      [row.documentId],
      { id: row.id },
      { documentId: row.documentId },
      { set: [row.id] },
      { connect: [row.documentId] },
      { connect: [{ id: row.id, position: { end: true } }] },
    ];
    const problems: string[] = [];
    // `set` wins over `connect` in one value (Strapi stores what `set` says): an unlink, refused for a fixed relation.
    for (const value of [
      ...spellings(fresh),
      null,
      { set: [] },
      { set: [], connect: [{ documentId: fresh.documentId }] },
      { disconnect: [{ id: (await stored(SYND_USER, commitment.id, 'user')) as number }] },
    ]) {
      const before = await stored(SYND_USER, commitment.id, 'user');
      const answer = await as('editor')('PUT', `${CM}/${SYND_USER}/${commitment.documentId}`, { user: value });
      const after = await stored(SYND_USER, commitment.id, 'user');
      if (answer.status !== 403 || after !== before)
        problems.push(
          `commitment.user = ${JSON.stringify(value)}: ${answer.status} ${answer.body?.error?.message ?? ''}${after !== before ? ' CHANGED' : ''}`,
        );
      if (after !== before) await restore(world, SYND_USER, commitment.id, 'user', before);
    }
    for (const role of ROLES) {
      for (const value of spellings(theirs)) {
        const before = await stored(TAX_DOCUMENT, document.id, 'user');
        const answer = await as(role)('PUT', `${CM}/api::tax-document.tax-document/${document.documentId}`, {
          user: value,
        });
        const after = await stored(TAX_DOCUMENT, document.id, 'user');
        if (answer.status !== 403 || after !== before)
          problems.push(
            `${role}: tax document.user = ${JSON.stringify(value)}: ${answer.status} ${answer.body?.error?.message ?? ''}${after !== before ? ' CHANGED' : ''}`,
          );
        if (after !== before) await restore(world, 'api::tax-document.tax-document', document.id, 'user', before);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the refusals, word for word', () => {
  it('says where each thing is done instead', async () => {
    const said = async (role: Role, method: string, route: string, body?: unknown) => {
      const answer = await as(role)(method, route, body);
      return `${answer.status} ${answer.body?.error?.message}`;
    };
    const fund = rowOf(FUND, 'A', 'used, valued');
    const theirCompany = rowOf(COMPANY, 'A', 'fresh');
    expect(
      await said('super', 'PUT', `${CM}/api::valuation.valuation/${rowOf(VALUATION, 'A', 'recorded').documentId}`, {
        value_percent: 500,
      }),
    ).toBe('403 A recorded valuation is never changed or deleted: record a newer valuation on the sponsor desk');
    expect(
      await said(
        'super',
        'PUT',
        `${CM}/api::ledger-entry.ledger-entry/${rowOf(LEDGER_ENTRY, 'A', 'funding').documentId}`,
        { amount_cents: '1' },
      ),
    ).toBe(
      '403 Ledger entries come only from the sponsor desk (posting, funding, adjustments, imports) and are never changed or deleted: record an adjustment that names the entry',
    );
    expect(await said('editor', 'DELETE', `${CM}/${SYND_USER}/${rowOf(SYND_USER, 'A', 'signed').documentId}`)).toBe(
      '403 This commitment has ledger entries: it is kept with its capital account and cannot be deleted',
    );
    expect(
      await said('editor', 'PUT', `${CM}/api::fund.fund/${fund.documentId}`, {
        company: { connect: [{ documentId: theirCompany.documentId }] },
      }),
    ).toBe(
      '403 Company cannot change once other records link to this fund (they would be left linking another portal): make a new fund instead',
    );
    expect(
      await said('sponsor', 'PUT', `${CM}/api::fund.fund/${fund.documentId}`, { currentFundValuePercentage: 250 }),
    ).toBe(
      "403 Current value (%) follows this fund's newest valuation: record a valuation on the sponsor desk (Capital accounts) instead of editing it here",
    );
    expect(
      await said('editor', 'PUT', `${CM}/${SYND_USER}/${rowOf(SYND_USER, 'A', 'unsigned').documentId}`, {
        managementSignedAt: '2026-10-01T00:00:00.000Z',
      }),
    ).toBe('403 Countersigned by management is set by the sponsor desk or the signing, not in the admin panel');
    expect(
      await said(
        'super',
        'PUT',
        `${CM}/api::tax-document.tax-document/${rowOf(TAX_DOCUMENT, 'A', 'issued').documentId}`,
        { title: 'Renamed' },
      ),
    ).toBe('403 This tax document was issued on the sponsor desk for a tax year: replace it there');
    expect(
      await said('editor', 'PUT', `${CM}/api::fund.fund/${rowOf(FUND, 'B', 'fresh').documentId}`, {
        name: 'Taken',
      }),
    ).toMatch(/^(403|404) /);
  });

  it("bulk delete by staff naming another portal's row deletes none of the request", async () => {
    const own = await copyOfRow(rowOf(INVESTMENT, 'A', 'fresh'));
    const theirs = rowOf(INVESTMENT, 'B', 'fresh');
    const answer = await as('editor')('POST', `${CM}/api::investment.investment/actions/bulkDelete`, {
      documentIds: [own.documentId, theirs.documentId],
    });
    expect([403, 404]).toContain(answer.status);
    expect(await q(INVESTMENT).count({ where: { id: { $in: [own.id, theirs.id] } } })).toBe(2);
    await q(INVESTMENT).delete({ where: { id: own.id } });
  });
});

/** A plain copy of an investment (its relations, a new slug), to delete. */
async function copyOfRow(row: Row): Promise<Row> {
  const source = await q(row.uid).findOne({
    where: { id: row.id },
    populate: { fund: { select: ['id'] }, company: { select: ['id'] } },
  });
  const made = await q(row.uid).create({
    data: {
      name: `${source.name} copy`,
      url_slug: `${source.url_slug}-copy-${world.n()}`,
      fund: source.fund?.id,
      company: source.company?.id,
    },
  });
  return { ...row, id: made.id, documentId: made.documentId };
}
