import { beforeAll, describe, expect, it } from 'vitest';
import { up } from '../database/migrations/2026.12.05T00.00.00.ledger-funded-before-the-ledger';
import { call } from './helpers/auth';
import { createInvestor, createOffering, type Investor, type Offering } from './helpers/signing';
import { useStrapi, type TestApp } from './helpers/strapi';
import { FUND, LEDGER_ENTRY, SYND_USER } from '../src/utils/uids';

/**
 * A database of an earlier release may hold a fund whose first ledger entry was written without the commitments
 * funded before the ledger joining it: its investors funded the spec's way read as having invested nothing. The
 * migration `2026.12.05...ledger-funded-before-the-ledger` writes their contributions once (docs/capital-accounts.md).
 */
let app: TestApp;
let offering: Offering;
let before: Investor;
let withEntry: Investor;
let unfunded: Investor;

const entriesOf = async (investor: Investor) =>
  (
    (await app.strapi.db.query(LEDGER_ENTRY).findMany({
      where: { syndUser: { id: investor.syndUserId } },
      select: ['type', 'amount_cents', 'effective_date', 'note', 'entryKey'],
      orderBy: { id: 'asc' },
    })) as Record<string, unknown>[]
  )
    // A bigint column: PostgreSQL and SQLite answer it as text.
    .map((entry): Record<string, unknown> => ({ ...entry, amount_cents: Number(entry.amount_cents) }));

beforeAll(async () => {
  app = await useStrapi();
  offering = await createOffering(app, 'ledger-upgrade');
  [before, withEntry, unfunded] = await Promise.all(
    ['upgrade-before', 'upgrade-entry', 'upgrade-unfunded'].map((prefix) =>
      createInvestor(app, offering, prefix, { spouse: false }),
    ),
  );
  const complete = { sa_complete_date: new Date('2025-01-10T12:00:00Z'), syndAgreementSignedByCurrentUser: true };
  await app.strapi.db.query(SYND_USER).update({
    where: { id: before.syndUserId },
    data: { ...complete, invest_amount: 25_000.5, ft_complete_date: new Date('2025-02-03T15:00:00Z') },
  });
  await app.strapi.db.query(SYND_USER).update({
    where: { id: withEntry.syndUserId },
    data: { ...complete, invest_amount: 40_000, ft_complete_date: new Date('2025-02-05T15:00:00Z') },
  });
  await app.strapi.db.query(SYND_USER).update({ where: { id: unfunded.syndUserId }, data: complete });
  // What the earlier release wrote: the fund's first money, one investor's funding, and nothing for the investor
  // funded the spec's way before it.
  const fund = (await app.strapi.db.query(FUND).findOne({ where: { documentId: offering.fund }, select: ['id'] })) as {
    id: number;
  };
  await app.strapi.db.query(LEDGER_ENTRY).create({
    data: {
      syndUser: withEntry.syndUserId,
      fund: fund.id,
      type: 'contribution',
      amount_cents: 4_000_000,
      effective_date: '2025-02-05',
      note: 'Funding received',
      entryKey: `funding:${withEntry.syndUser}`,
      recordedBy: 'Old release',
    },
  });
});

describe('the upgrade of a fund whose ledger began without the commitments funded before it', () => {
  it("writes each missing contribution once, dated the day the transfer completed, and the investor's dashboard counts it", async () => {
    const summaryOf = async (investor: Investor) =>
      (await call(app, 'GET', '/api/syndication/summary', undefined, { authCode: investor.authCode })).body;
    await up(app.strapi.db.connection);
    await up(app.strapi.db.connection);

    expect(await entriesOf(before)).toEqual([
      {
        type: 'contribution',
        amount_cents: 2_500_050,
        effective_date: '2025-02-03',
        note: 'Funded before the ledger',
        entryKey: `before-ledger:${before.syndUser}`,
      },
    ]);
    expect((await entriesOf(withEntry)).map((entry) => entry.note)).toEqual(['Funding received']);
    expect(await entriesOf(unfunded)).toEqual([]);
    expect((await summaryOf(before)).rows[0]).toMatchObject({ investment_made: 25_000.5 });
  });
});
