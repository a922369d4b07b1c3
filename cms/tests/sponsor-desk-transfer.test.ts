import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerTotals, type LedgerLine } from '@portal/rules';
import { adminToken, signedInUser, waitForMail } from './helpers/auth';
import {
  createInvestor,
  createOffering,
  signAsInvestor,
  signLinkIn,
  tokenOf,
  type Investor,
  type Offering,
} from './helpers/signing';
import { http, useStrapi, type TestApp } from './helpers/strapi';
import { COMMITMENT_TRANSFER, DESK_ACTION, FUND, LEDGER_ENTRY, SYND_USER, USER } from '../src/utils/uids';

/**
 * Transferring a position to another investor of the portal (docs/sponsor-desk.md, Amending and transferring
 * commitments; docs/capital-accounts.md, Transfers): the transfer permission's, recorded, both investors told, the
 * receiver given a commitment and an agreement to sign, the ledger moved by entries that name the transfer.
 */
let app: TestApp;
let offering: Offering;
let sponsorToken: string;
let editorToken: string;
let superToken: string;
let ann: Investor;
let cat: Investor;
let ben: { id: number; documentId: string; email: string };

const panel = (token: string) => (method: string, route: string, body?: unknown) =>
  http(app, method, route, body, { Authorization: `Bearer ${token}` });
const totalsOf = async (syndUserId: number) => {
  const lines =
    (
      await (
        app.strapi.service('api::ledger-entry.ledger-entry') as unknown as {
          linesBySyndUser(ids: number[]): Promise<Map<number, LedgerLine[]>>;
        }
      ).linesBySyndUser([syndUserId])
    ).get(syndUserId) ?? [];
  const totals = ledgerTotals(lines);
  return {
    contributed: totals.contributedCents,
    distributed: totals.distributedCents,
    balance: totals.contributedCents - totals.distributedCents,
  };
};

beforeAll(async () => {
  app = await useStrapi();
  offering = await createOffering(app, 'xfer');
  sponsorToken = await adminToken(
    app,
    'xfer-sponsor@portal.local',
    'sponsor-admin',
    ['Sam', 'Sponsor'],
    [offering.portal],
  );
  editorToken = await adminToken(
    app,
    'xfer-editor@portal.local',
    'strapi-editor',
    ['Eddie', 'Editor'],
    [offering.portal],
  );
  superToken = await adminToken(app, 'xfer-admin@portal.local', 'strapi-super-admin', ['Ada', 'Admin']);
  ann = await createInvestor(app, offering, 'xfer-ann', { spouse: false });
  cat = await createInvestor(app, offering, 'xfer-cat', { spouse: false });
  ben = await signedInUser(app, 'xfer-ben', 'user', offering.portal);
  await app.strapi.db.query(USER).update({ where: { id: ben.id }, data: { firstName: 'Ben', lastName: 'Buyer' } });
  await app.strapi.db.query(USER).update({ where: { id: ann.id }, data: { firstName: 'Ann', lastName: 'Seller' } });
  // Ann's position: signed, countersigned, funded $50,000, and paid $1,000 of income since.
  await signAsInvestor(app, ann, 'Ann Seller');
  expect(
    (await panel(sponsorToken)('POST', '/sponsor-desk/countersign', { syndUsers: [ann.syndUser] })).body.countersigned,
  ).toBe(1);
  expect(
    (
      await panel(sponsorToken)('POST', '/sponsor-desk/funding', {
        syndUser: ann.syndUser,
        amount_cents: 5_000_000,
        date: '2026-01-05',
      })
    ).status,
  ).toBe(200);
  const fund = await app.strapi.db.query(FUND).findOne({ where: { documentId: offering.fund } });
  await app.strapi.db.query(LEDGER_ENTRY).create({
    data: {
      syndUser: ann.syndUserId,
      fund: fund.id,
      type: 'distribution',
      kind: 'income',
      amount_cents: 100_000,
      effective_date: '2026-03-31',
      note: 'Q1 income',
    },
  });
});

describe('transferring a position', () => {
  const route = () => `/sponsor-desk/commitments/${ann.syndUser}/transfer`;

  it('is for staff holding the transfer permission: an editor is refused 403, and the refusal recorded', async () => {
    const refused = await panel(editorToken)('POST', route(), { to: ben.documentId, reason: 'Sold to Ben' });
    expect(refused.status).toBe(403);
    expect(
      await app.strapi.db.query(DESK_ACTION).findOne({ where: { action: 'transfer a commitment', answerStatus: 403 } }),
    ).toMatchObject({ staffEmail: 'xfer-editor@portal.local' });
  });

  it('refuses an investor of another portal (404), one who holds a commitment already (409) and a missing reason (400); nothing changes', async () => {
    const away = await createOffering(app, 'xfer-away');
    const stranger = await signedInUser(app, 'xfer-stranger', 'user', away.portal);
    for (const token of [sponsorToken, superToken]) {
      const hidden = await panel(token)('POST', route(), { to: stranger.documentId, reason: 'Sold' });
      expect([hidden.status, hidden.body.error.message]).toEqual([404, 'Investor not found']);
    }
    const holding = await panel(sponsorToken)('POST', route(), { to: String(cat.id), reason: 'Sold' });
    expect([holding.status, holding.body.error.message]).toEqual([
      409,
      'Test Person already holds a commitment to xfer Deal: amend that commitment instead, or transfer to another investor',
    ]);
    const unexplained = await panel(sponsorToken)('POST', route(), { to: ben.documentId });
    expect([unexplained.status, unexplained.body.error.message]).toEqual([
      400,
      'reason is required: say why, it is recorded and mailed to the investor',
    ]);
    const strangersCommitment = await createInvestor(app, away, 'xfer-away-ann', { spouse: false });
    expect(
      (
        await panel(sponsorToken)('POST', `/sponsor-desk/commitments/${strangersCommitment.syndUser}/transfer`, {
          to: ben.documentId,
          reason: 'Sold',
        })
      ).body.error.message,
    ).toBe('Commitment not found');
    expect((await app.strapi.db.query(SYND_USER).findOne({ where: { id: ann.syndUserId } })).transferredAt).toBeNull();
    expect(await app.strapi.db.query(COMMITMENT_TRANSFER).count()).toBe(0);
  });

  it('moves the position: a transfer record, ledger entries naming it, a new commitment and agreement for the receiver, both told', async () => {
    const answer = await panel(sponsorToken)('POST', route(), {
      to: ben.documentId,
      reason: 'Ann sold her interest to Ben',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      transfer: { amount: 50_000, contributed: 50_000, reason: 'Ann sold her interest to Ben', by: 'Sam Sponsor' },
      from: { documentId: ann.syndUser, investor: { name: 'Ann Seller' }, state: 'transferred' },
      to: { investor: { name: 'Ben Buyer', email: ben.email } },
      signingLinkMailedTo: ben.email,
    });
    const received = await app.strapi.db
      .query(SYND_USER)
      .findOne({ where: { documentId: answer.body.to.documentId }, populate: { user: true, fund: true } });
    expect(received).toMatchObject({
      invest_status: 'Accepted investment',
      user: { id: ben.id },
      fund: { documentId: offering.fund },
    });
    expect(Number(received.invest_amount)).toBe(50_000);
    const old = await app.strapi.db
      .query(SYND_USER)
      .findOne({ where: { id: ann.syndUserId }, populate: { transferredTo: true } });
    expect(old.transferredAt).not.toBeNull();
    expect(old.transferredTo.id).toBe(received.id);
    expect(old.sa_complete_date).not.toBeNull();

    const record = await app.strapi.db
      .query(COMMITMENT_TRANSFER)
      .findOne({ where: { documentId: answer.body.transfer.documentId }, populate: { from: true, to: true } });
    expect(record).toMatchObject({
      reason: 'Ann sold her interest to Ben',
      by: 'Sam Sponsor',
      from: { id: ann.syndUserId },
      to: { id: received.id },
    });
    expect(Number(record.amount_cents)).toBe(5_000_000);

    // Each capital account reads right: Ann holds nothing, Ben what Ann held; the fund's totals do not move.
    expect(await totalsOf(ann.syndUserId)).toEqual({ contributed: 0, distributed: 0, balance: 0 });
    expect(await totalsOf(received.id)).toEqual({ contributed: 5_000_000, distributed: 100_000, balance: 4_900_000 });
    const entries = await app.strapi.db
      .query(LEDGER_ENTRY)
      .findMany({ where: { note: { $contains: `commitment transfer ${record.documentId}` } } });
    expect(
      entries
        .map((entry: { type: string; amount_cents: string | number }) => `${entry.type} ${Number(entry.amount_cents)}`)
        .sort(),
    ).toEqual(['contribution -5000000', 'contribution 5000000', 'distribution -100000', 'distribution 100000']);

    const out = await waitForMail(ann.email, 'Your position in xfer Deal was transferred');
    expect(out.text).toContain(
      'Your commitment of $50,000 to xfer Deal was transferred to Ben Buyer. Why: Ann sold her interest to Ben.',
    );
    const incoming = await waitForMail(ben.email, 'A position in xfer Deal was transferred to you');
    expect(incoming.text).toContain(
      'The commitment of $50,000 to xfer Deal held by Ann Seller was transferred to you.',
    );
    const link = signLinkIn(
      (await waitForMail(ben.email, 'Please sign your subscription agreement for xfer Fund I')).text,
    );
    expect((await http(app, 'GET', `/api/signing/${tokenOf(link)}`)).status).toBe(200);

    // The board: Ann's row is transferred and counts neither as committed nor funded; Ben's is funded (the money is in), Cat's committed.
    const board = await panel(sponsorToken)('GET', `/sponsor-desk/funds?portal=${offering.portal.slug}`);
    const card = board.body.funds.find((each: { documentId: string }) => each.documentId === offering.fund);
    expect(card.counts).toMatchObject({ transferred: 1, committed: 1, funded: 1 });
    expect(card).toMatchObject({ committed: 100_000, funded: 50_000 });
    const table = await panel(sponsorToken)(
      'GET',
      `/sponsor-desk/funds/${offering.fund}/commitments?state=transferred`,
    );
    expect(table.body.results.map((line: { documentId: string }) => line.documentId)).toEqual([ann.syndUser]);
  });

  it('refuses a second transfer (409) and keeps the record out of the panel’s editor', async () => {
    const again = await panel(sponsorToken)('POST', route(), { to: ben.documentId, reason: 'Again' });
    expect([again.status, again.body.error.message]).toEqual([409, 'This commitment was transferred already']);
    const amend = await panel(sponsorToken)('POST', `/sponsor-desk/commitments/${ann.syndUser}/amend`, {
      invest_amount: 1_000,
      reason: 'why',
    });
    expect([amend.status, amend.body.error.message]).toEqual([
      409,
      "This commitment was transferred to another investor: amend the receiving investor's commitment instead",
    ]);
    const forged = await panel(superToken)('POST', `/content-manager/collection-types/${COMMITMENT_TRANSFER}`, {
      reason: 'Made by hand',
      amount_cents: 1,
      at: '2026-01-01T00:00:00.000Z',
    });
    expect([forged.status, forged.body.error.message]).toEqual([
      403,
      'Commitment transfers are kept as recorded: make one on the sponsor desk',
    ]);
    expect(await app.strapi.db.query(COMMITMENT_TRANSFER).count()).toBe(1);
  });
});
