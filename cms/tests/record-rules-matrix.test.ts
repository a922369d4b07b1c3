import type { UID } from '@strapi/strapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_RULES } from '../src/utils/record-rules';
import { COMPANY, FUND, INVESTMENT, SYND_USER, USER } from '../src/utils/uids';
import {
  CM,
  ROLES,
  attributesOf,
  matrixTypes,
  writableFields,
  type Row,
  type Side,
  type World,
} from './helpers/record-matrix';
import {
  FINDINGS,
  as,
  findings,
  maxId,
  openMatrix,
  panel,
  same,
  stored,
  uploadPdf,
  valuesFor,
  type Value,
} from './helpers/record-matrix-cells';
import { expected, restore, type Expected } from './helpers/record-matrix-expected';

/**
 * The panel write matrix (utils/record-rules.ts, docs/record-rules.md, docs/sponsor-desk.md "Who may do what"): every
 * type the rule table covers × every field the panel's form writes × super admin / Sponsor Admin / Editor (the latter
 * two running portal A) × a row of portal A / of portal B, through the content manager's own routes: update, create,
 * clone, delete, bulk delete, relations set and connected by documentId and set by id. Each cell's answer and what is
 * stored afterwards are held to what RBAC, portal scope, the field's rule and the same-portal check predict. The cases
 * spelled out: record-rules-cases.test.ts.
 */
let world: World;
let cells = 0;
const failures: string[] = [];
const started = Date.now();

const q = (uid: string) => world.app.strapi.db.query(uid as UID.Schema);

beforeAll(async () => {
  world = await openMatrix('mx');
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
