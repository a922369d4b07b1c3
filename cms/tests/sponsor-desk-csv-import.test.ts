import { beforeAll, describe, expect, it } from 'vitest';
import { call, waitForMail } from './helpers/auth';
import { admin, entriesOf, fundWith, openDesk, sendCsv } from './helpers/desk-fixtures';
import type { TestPortal } from './helpers/records';
import type { TestApp } from './helpers/strapi';
import { SYND_USER } from '../src/utils/uids';

/**
 * The accountant's CSV on the sponsor desk (docs/capital-accounts.md): a dry run lists every line's problem, nothing is
 * written until the file is clean, each line once, and of two files that together would overfund a commitment one is
 * written.
 */
let app: TestApp;
let home: TestPortal;
let editorToken: string;
let superToken: string;

beforeAll(async () => {
  ({ app, home, editorToken, superToken } = await openDesk('desk-import-home'));
});

describe("the accountant's CSV", () => {
  it('lists every line’s problem in a dry run, writes nothing until the file is clean, and each line once', async () => {
    const { investors } = await fundWith(home, 'desk-import', [40_000, 60_000]);
    const [ann, ben] = investors;
    const header = 'fund,investor_email,type,kind,amount,effective_date,note';
    const good = [
      `desk-import,${ann.email},distribution,income,1250.00,2026-03-31,Q1 income`,
      `desk-import,${ben.email.toUpperCase()},distribution,income,1875.5,2026-03-31,Q1 income`,
    ];
    const bad = [
      `desk-import,stranger@example.com,distribution,income,10.00,2026-03-31,`,
      `no-such-fund,${ann.email},distribution,income,10.00,2026-03-31,`,
      `desk-import,${ann.email},distribution,income,12.345,2026-03-31,`,
      `desk-import,${ann.email},distribution,windfall,10.00,2026-02-30,`,
      good[0],
      // An empty line (skipped: the next keeps its own number in the file), then a line with a comma too many.
      '',
      `desk-import,${ann.email},distribution,income,1,250.00,2026-03-31,Q1 income`,
      // A fund id no row can have is that line's unknown fund, not the whole file's 400.
      `99999999999999999999,${ann.email},distribution,income,10.00,2026-03-31,`,
    ];
    const dry = await sendCsv(editorToken, [header, ...good, ...bad].join('\n'), '?dryRun=true');
    expect(dry.status).toBe(200);
    expect(dry.body.problems).toEqual([
      { line: 4, message: `unknown investor: stranger@example.com has no commitment to desk-import fund` },
      { line: 5, message: 'unknown fund no-such-fund' },
      { line: 6, message: 'bad amount 12.345: dollars and cents above zero, like 1250.00' },
      { line: 7, message: 'kind must be one of return_of_capital, income, gain for a distribution' },
      { line: 7, message: 'bad effective_date 2026-02-30: a date like 2026-03-31' },
      { line: 8, message: 'duplicate of line 2' },
      { line: 10, message: '8 fields where the header has 7: a comma too many or too few' },
      { line: 11, message: 'unknown fund 99999999999999999999' },
    ]);
    expect(dry.body.written).toBe(0);
    const refused = await sendCsv(superToken, [header, ...good, ...bad].join('\n'), '?dryRun=false');
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('The file has 8 problems: nothing was written');
    expect(await entriesOf(ann.syndUser.id)).toEqual([]);

    // An editor may try a file, not write it.
    expect((await sendCsv(editorToken, [header, ...good].join('\n'), '?dryRun=false')).status).toBe(403);
    const written = await sendCsv(superToken, [header, ...good].join('\n'), '?dryRun=false');
    expect(written.status).toBe(200);
    expect(written.body.written).toBe(2);
    expect((await entriesOf(ben.syndUser.id)).map((entry) => [entry.type, Number(entry.amount_cents)])).toEqual([
      ['distribution', 187_550],
    ]);
    // The accountant's distribution is announced as a posted one: each investor's bell, mail and notice PDF.
    for (const [investor, amount] of [
      [ann, '$1,250'],
      [ben, '$1,875.50'],
    ] as const) {
      await waitForMail(investor.email, `Distribution from desk-import fund: ${amount}`);
      await expect
        .poll(
          async () =>
            (
              await call(app, 'GET', '/api/news_documents?mine=true&limit=999', undefined, {
                authCode: investor.authCode,
              })
            ).body.items.map((item: { displayTitle: string }) => item.displayTitle),
          { timeout: 15_000 },
        )
        .toEqual(['Distribution notice, 2026-03-31']);
      const bell = await call(app, 'GET', '/api/notifications?mine=true&limit=10', undefined, {
        authCode: investor.authCode,
      });
      expect(bell.body.items.map((item: { subject: string }) => item.subject)).toEqual([
        `Distribution from desk-import fund: ${amount}`,
      ]);
    }
    const imported = await admin('GET', `/sponsor-desk/fund-events?fund=desk-import&type=distribution`);
    expect(imported.body.results).toMatchObject([
      {
        state: 'posted',
        date: '2026-03-31',
        total_cents: 312_550,
        kind: 'income',
        note: 'Imported from the accountant’s CSV',
      },
    ]);
    const again = await sendCsv(superToken, [header, ...good].join('\n'), '?dryRun=true');
    expect(again.body.problems.map((problem: { message: string }) => problem.message)).toEqual([
      'duplicate: already in the ledger (imported before)',
      'duplicate: already in the ledger (imported before)',
    ]);
    // The same new file written twice at once: the second waits for the fund's turn, finds the first's lines and is
    // refused with them (never a 500), and every line is in the ledger once.
    const q2 = [
      `desk-import,${ann.email},distribution,income,500.00,2026-06-30,Q2 income`,
      `desk-import,${ben.email},distribution,income,750.00,2026-06-30,Q2 income`,
    ];
    const both = await Promise.all([
      sendCsv(superToken, [header, ...q2].join('\n'), '?dryRun=false'),
      sendCsv(superToken, [header, ...q2].join('\n'), '?dryRun=false'),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const second = both.find((answer) => answer.status !== 200)!.body.error;
    expect([second.message, second.details.problems.map((problem: { message: string }) => problem.message)]).toEqual([
      'The file has 2 problems: nothing was written',
      ['duplicate: already in the ledger (imported before)', 'duplicate: already in the ledger (imported before)'],
    ]);
    expect((await entriesOf(ben.syndUser.id)).map((entry) => Number(entry.amount_cents)).sort((a, b) => a - b)).toEqual(
      [75_000, 187_550],
    );
    // The accountant's contributions are money in, as a confirmed funding: the commitment's funds-transfer dates follow.
    const wires = [
      `desk-import,${ann.email},contribution,,20000.00,2026-02-10,Wire`,
      `desk-import,${ann.email},contribution,,20000.00,2026-01-15,Wire`,
    ];
    expect((await sendCsv(superToken, [header, ...wires].join('\n'), '?dryRun=false')).body.written).toBe(2);
    const funded = await app.strapi.db
      .query(SYND_USER)
      .findOne({ where: { id: ann.syndUser.id }, select: ['ft_start_date', 'ft_complete_date'] });
    expect([
      String(new Date(funded.ft_start_date).toISOString()).slice(0, 10),
      String(new Date(funded.ft_complete_date).toISOString()).slice(0, 10),
    ]).toEqual(['2026-01-15', '2026-02-10']);
    // The admin panel sends it as JSON.
    const asJson = await admin('POST', '/sponsor-desk/imports?dryRun=true', { csv: [header, ...good].join('\n') });
    expect(asJson.body.problems).toHaveLength(2);
    expect((await sendCsv(superToken, 'fund,amount\nx,1', '?dryRun=true')).body.error.message).toBe(
      'The CSV needs the columns fund, investor_email, type, amount, effective_date (missing: investor_email, type, effective_date); kind and note may be added',
    );
  });

  it('writes one of two files sent at once that together would overfund a commitment, and nothing of the other', async () => {
    const { investors } = await fundWith(home, 'desk-import-race', [40_000, 40_000]);
    const [ann, ben] = investors;
    const header = 'fund,investor_email,type,kind,amount,effective_date,note';
    // Each file alone fits Ann's $40,000; together they bring her $60,000.
    const files = ['2026-05-01', '2026-05-02'].map((day) =>
      [
        header,
        `desk-import-race,${ann.email},contribution,,30000.00,${day},Wire`,
        `desk-import-race,${ben.email},contribution,,10000.00,${day},Wire`,
      ].join('\n'),
    );
    const answers = await Promise.all(files.map((file) => sendCsv(superToken, file, '?dryRun=false')));
    const written = answers.findIndex((answer) => answer.status === 200);
    expect(written).toBeGreaterThanOrEqual(0);
    const refused = answers[1 - written];
    // Checked once, in the fund's turn, after the other's write: refused with the problem that write makes.
    expect({
      status: refused.status,
      message: refused.body.error.message,
      problems: refused.body.error.details.problems,
    }).toEqual({
      status: 400,
      message: 'The file has 1 problem: nothing was written',
      problems: [
        {
          line: 2,
          message: `more than is left of the commitment of ${ann.email}: $40,000 committed, $30,000 funded or called before this line`,
        },
      ],
    });
    // Nothing of the refused file: Ben's line, which fitted, is not written either.
    const day = ['2026-05-01', '2026-05-02'][written];
    for (const [investor, cents] of [
      [ann, 3_000_000],
      [ben, 1_000_000],
    ] as const) {
      expect(
        (await entriesOf(investor.syndUser.id)).map((entry) => [
          Number(entry.amount_cents),
          String(entry.effective_date).slice(0, 10),
        ]),
      ).toEqual([[cents, day]]);
    }
  });
});
