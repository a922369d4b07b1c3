import type { UID } from '@strapi/strapi';
import { beforeAll, describe, expect, it } from 'vitest';
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
import { CM, ROLES, type Role, type Row, type World } from './helpers/record-matrix';
import { as, maxId, openMatrix, rowOf, stored } from './helpers/record-matrix-cells';
import { restore } from './helpers/record-matrix-expected';
import { http } from './helpers/strapi';

/**
 * The panel write matrix's cases spelled out (utils/record-rules.ts, docs/record-rules.md), on a world of their own
 * (helpers/record-matrix.ts): the cases, what the matrix found beyond the rule table, the same-portal check on
 * rows that point at a moved one, relations in every spelling the Document Service takes, and the refusals word for
 * word. The matrix itself: record-rules-matrix.test.ts.
 */
let world: World;

const q = (uid: string) => world.app.strapi.db.query(uid as UID.Schema);

beforeAll(async () => {
  world = await openMatrix('mxc');
}, 300_000);

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
