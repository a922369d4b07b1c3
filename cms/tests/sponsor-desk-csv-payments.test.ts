import { beforeAll, describe, expect, it } from 'vitest';
import { waitForMail } from './helpers/auth';
import { admin, distribute, entriesOf, fundWith, openDesk, sendCsv } from './helpers/desk-fixtures';
import type { TestPortal } from './helpers/records';
import type { TestApp } from './helpers/strapi';
import { SYND_USER } from '../src/utils/uids';

/**
 * The accountant's money on the sponsor desk (docs/capital-accounts.md): capital accounts reconciled with the ledger,
 * an open capital call paid by a wire of its share, a commitment funded once its money has all arrived, and money
 * refused for a commitment not countersigned.
 */
let app: TestApp;
let home: TestPortal;
let editorToken: string;
let superToken: string;

beforeAll(async () => {
  ({ app, home, editorToken, superToken } = await openDesk('desk-payments-home'));
});

describe("the accountant's CSV", () => {
  it("reconciles an accountant's capital accounts with the ledger: what it holds is not written twice, differences become entries, a closing balance must roll forward", async () => {
    const { fund, investors } = await fundWith(home, 'desk-capital', [40_000, 60_000]);
    const [ann, ben] = investors;
    await admin('POST', '/sponsor-desk/funding', {
      syndUser: ann.syndUser.documentId,
      amount_cents: 2_000_000,
      date: '2026-01-10',
    });
    await distribute(fund.documentId, '2026-03-31', 100_000);
    const header =
      'fund,investor_email,period_start,period_end,contributions,distributions,fees,closing_balance,distribution_kind';
    const q1 = [
      // Ann's quarter is the ledger's: nothing to write. Ben's money and fee are not in it yet.
      `desk-capital,${ann.email},2026-01-01,2026-03-31,20000.00,1000.00,0,19000.00,`,
      `desk-capital,${ben.email},2026-01-01,2026-03-31,30000.00,0,150.00,30000.00,`,
    ];
    const bad = [
      `desk-capital,${ann.email},2026-04-01,2026-06-30,0,500.00,0,18000.00,income`,
      `desk-capital,stranger@example.com,2026-01-01,2026-03-31,0,0,0,0,`,
      `desk-capital,${ben.email},2026-04-01,2026-06-30,0,100.00,0,29900.00,`,
      `desk-capital,${ann.email},2026-01-01,2026-06-30,20000.00,900.00,0,19100.00,`,
    ];
    const dry = await sendCsv(editorToken, [header, ...q1, ...bad].join('\n'), '?dryRun=true');
    expect(dry.status).toBe(200);
    expect(dry.body.problems).toEqual([
      {
        line: 4,
        message:
          'closing_balance $18,000 does not match the roll-forward: opening $19,000 + contributions $0 - distributions $500 + change in value $0 = $18,500',
      },
      { line: 5, message: 'unknown investor: stranger@example.com has no commitment to desk-capital fund' },
      {
        line: 6,
        message: 'distribution_kind is required to record the $100 of distributions the ledger does not have',
      },
      {
        line: 7,
        message:
          "distributions $900 is less than the ledger's $1,000 for the period: correct the ledger on the desk with an adjustment",
      },
    ]);
    expect(
      dry.body.entries.map((entry: { line: number; type: string; amount_cents: number; effective_date: string }) => [
        entry.line,
        entry.type,
        entry.amount_cents,
        entry.effective_date,
      ]),
    ).toEqual([
      [3, 'contribution', 3_000_000, '2026-03-31'],
      [3, 'fee', 15_000, '2026-03-31'],
    ]);
    expect((await sendCsv(superToken, [header, ...q1, ...bad].join('\n'), '?dryRun=false')).body.error.message).toBe(
      'The file has 4 problems: nothing was written',
    );
    expect(await entriesOf(ben.syndUser.id)).toEqual([]);

    const clean = [...q1, `desk-capital,${ann.email},2026-04-01,2026-06-30,0,500.00,0,18500.00,income`];
    const written = await sendCsv(superToken, [header, ...clean].join('\n'), '?dryRun=false');
    expect([written.status, written.body.written]).toEqual([200, 3]);
    expect((await entriesOf(ben.syndUser.id)).map((entry) => [entry.type, Number(entry.amount_cents)]).sort()).toEqual([
      ['contribution', 3_000_000],
      ['fee', 15_000],
    ]);
    expect((await entriesOf(ann.syndUser.id)).map((entry) => [entry.type, Number(entry.amount_cents)]).sort()).toEqual([
      ['contribution', 2_000_000],
      ['distribution', 100_000],
      ['distribution', 50_000],
    ]);
    // The imported distribution is announced as a posted one.
    await waitForMail(ann.email, 'Distribution from desk-capital fund: $500');
    // The same accounts again: all in the ledger, nothing to write, nothing wrong.
    const again = await sendCsv(superToken, [header, ...clean].join('\n'), '?dryRun=true');
    expect([again.body.problems, again.body.entries]).toEqual([[], []]);
    expect(
      (await sendCsv(superToken, 'fund,investor_email,period_start\nx,y,2026-01-01', '?dryRun=true')).body.error
        .message,
    ).toBe(
      'A capital account CSV needs the columns fund, investor_email, period_start, period_end, contributions, distributions, fees, closing_balance (missing: period_end, contributions, distributions, fees, closing_balance); distribution_kind and note may be added',
    );
  });

  it("pays an open capital call with the accountant's wire of its share, and refuses money the ledger or the commitment cannot take", async () => {
    const { fund, investors } = await fundWith(home, 'desk-wires', [40_000, 60_000]);
    const [ann, ben] = investors;
    const draft = await admin('POST', '/sponsor-desk/fund-events', {
      fund: fund.documentId,
      type: 'capital_call',
      date: '2026-04-01',
      due_date: '2026-04-30',
      percent: 25,
      basis: 'commitment',
    });
    expect((await admin('POST', `/sponsor-desk/fund-events/${draft.body.documentId}/post`)).status).toBe(200);
    const header = 'fund,investor_email,type,kind,amount,effective_date,note';
    // Ann wires her call's $10,000; Ben wires $15,000 of his commitment outside any call, which the file cannot take
    // with his $15,000 call unpaid and $50,000 more: 60,000 committed.
    const file = [
      header,
      `desk-wires,${ann.email},contribution,,10000.00,2026-04-20,Wire`,
      `desk-wires,${ben.email},contribution,,50000.00,2026-04-20,Wire`,
    ].join('\n');
    const dry = await sendCsv(superToken, file, '?dryRun=true');
    expect(dry.body.problems).toEqual([
      {
        line: 3,
        message: `more than is left of the commitment of ${ben.email}: $60,000 committed, $15,000 funded or called before this line`,
      },
    ]);
    expect(dry.body.entries).toEqual([
      expect.objectContaining({
        line: 2,
        amount_cents: 1_000_000,
        fundEvent: { id: expect.any(Number), documentId: draft.body.documentId },
      }),
    ]);
    const written = await sendCsv(
      superToken,
      [header, `desk-wires,${ann.email},contribution,,10000.00,2026-04-20,Wire`].join('\n'),
      '?dryRun=false',
    );
    expect(written.body.written).toBe(1);
    // The call is paid: the desk cannot take its money again, nor can another file.
    const twice = await admin('POST', '/sponsor-desk/funding', {
      syndUser: ann.syndUser.documentId,
      fundEvent: draft.body.documentId,
      amount_cents: 1_000_000,
      date: '2026-04-21',
    });
    expect(twice.body.error.message).toBe('This capital call is funded already');
    const again = await sendCsv(
      superToken,
      [header, `desk-wires,${ann.email},contribution,,10000.00,2026-04-20,Second wire`].join('\n'),
      '?dryRun=true',
    );
    expect(again.body.problems).toEqual([
      { line: 2, message: 'duplicate: the ledger has this entry already (same investor, type, date and amount)' },
    ]);
    // Paying a call completes what was asked: Ann is Funded on the board.
    const board = (await admin('GET', `/sponsor-desk/funds/${fund.documentId}/commitments?sort=email:asc`)).body
      .results;
    expect(
      board.map((line: { investor: { email: string }; state: string; fundedAmount: number }) => [
        line.investor.email,
        line.state,
        line.fundedAmount,
      ]),
    ).toEqual(
      [
        [ann.email, 'funded', 10_000],
        [ben.email, 'countersigned', null],
      ].sort((one, other) => String(one[0]).localeCompare(String(other[0]))),
    );

    // A distribution the desk posted is not imported again under another note.
    const distribution = await admin('POST', '/sponsor-desk/fund-events', {
      fund: fund.documentId,
      type: 'distribution',
      date: '2026-06-30',
      total_cents: 100_000,
      basis: 'commitment',
      kind: 'income',
    });
    await admin('POST', `/sponsor-desk/fund-events/${distribution.body.documentId}/post`);
    const annShare = distribution.body.allocation.find(
      (line: { syndUser: { documentId: string } }) => line.syndUser.documentId === ann.syndUser.documentId,
    ).amount_cents;
    const repeated = await sendCsv(
      superToken,
      [
        header,
        `desk-wires,${ann.email},distribution,income,${(annShare / 100).toFixed(2)},2026-06-30,From the accountant`,
      ].join('\n'),
      '?dryRun=true',
    );
    expect(repeated.body.problems).toEqual([
      { line: 2, message: 'duplicate: the ledger has this entry already (same investor, type, date and amount)' },
    ]);
  });

  it('funds a commitment once its money has all arrived: part of it leaves the investor to fund the rest', async () => {
    const { fund, investors } = await fundWith(home, 'desk-part', [50_000]);
    const [cara] = investors;
    const row = () =>
      app.strapi.db
        .query(SYND_USER)
        .findOne({ where: { id: cara.syndUser.id }, select: ['ft_start_date', 'ft_complete_date'] });
    const state = async () =>
      (await admin('GET', `/sponsor-desk/funds/${fund.documentId}/commitments`)).body.results[0];
    expect(
      (
        await admin('POST', '/sponsor-desk/funding', {
          syndUser: cara.syndUser.documentId,
          amount_cents: 1_234_567,
          date: '2026-05-01',
        })
      ).status,
    ).toBe(200);
    expect(await row()).toMatchObject({ ft_complete_date: null });
    expect((await row()).ft_start_date).toBeTruthy();
    expect(await state()).toMatchObject({ state: 'countersigned', fundedAmount: 12_345.67, waitingFor: 'funding' });
    expect(
      (
        await admin('POST', '/sponsor-desk/funding', {
          syndUser: cara.syndUser.documentId,
          amount_cents: 3_765_433,
          date: '2026-05-09',
        })
      ).status,
    ).toBe(200);
    expect(new Date((await row()).ft_complete_date).toISOString().slice(0, 10)).toBe('2026-05-09');
    expect(await state()).toMatchObject({ state: 'funded', fundedAmount: 50_000 });
  });

  it("refuses an accountant's money for a commitment not countersigned yet", async () => {
    const { fund, investors } = await fundWith(home, 'desk-nosign', [20_000]);
    await app.strapi.db
      .query(SYND_USER)
      .update({ where: { id: investors[0].syndUser.id }, data: { sa_complete_date: null } });
    const dry = await sendCsv(
      superToken,
      [
        'fund,investor_email,type,kind,amount,effective_date',
        `desk-nosign,${investors[0].email},contribution,,100.00,2026-05-01`,
      ].join('\n'),
      '?dryRun=true',
    );
    expect(dry.body.problems).toEqual([
      {
        line: 2,
        message: `the subscription agreement of ${investors[0].email} to desk-nosign fund is not countersigned yet: countersign it before recording its money`,
      },
    ]);
    expect(fund.documentId).toBeTruthy();
  });
});
