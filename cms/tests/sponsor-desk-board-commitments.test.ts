import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/auth';
import { boardService, by, commitments, editorsOffering, emailsOf, openBoard, setRow } from './helpers/board-fixtures';
import { admin, editor } from './helpers/desk-fixtures';
import { createInvestor, type Investor, type Offering } from './helpers/signing';
import { http, type TestApp } from './helpers/strapi';
import { SYND_USER, USER } from '../src/utils/uids';

/**
 * A fund's commitments table on the sponsor desk (docs/sponsor-desk.md): paged, sorted, filtered, each signature and
 * signing link shown, and exported as CSV, for admins only (the world of helpers/board-fixtures.ts).
 */
let app: TestApp;
let offering: Offering;
let superToken: string;

beforeAll(async () => {
  ({ app, offering, superToken } = await openBoard());
});

describe('the commitments table', () => {
  it('filters by state and sorts, paged as Strapi admin lists answer', async () => {
    const signed = await commitments('?state=investor_signed&sort=name:asc');
    expect(signed.status).toBe(200);
    expect(emailsOf(signed.body)).toEqual(
      ['ines', 'iris', 'ivan'].map(
        (name) => by.investor_signed.find((who) => who.email.startsWith(`board-${name}`))!.email,
      ),
    );
    expect(signed.body.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 1, total: 3 });

    const byAmount = await commitments('?sort=amount:desc&pageSize=3&page=1');
    expect(byAmount.body.results.map((line: { amount: number }) => line.amount)).toEqual([60_000, 50_000, 50_000]);
    expect(byAmount.body.pagination).toEqual({ page: 1, pageSize: 3, pageCount: 4, total: 10 });
    const last = await commitments('?sort=amount:desc&pageSize=3&page=4');
    expect(last.body.results.map((line: { amount: number }) => line.amount)).toEqual([20_000]);

    const search = await commitments('?q=FAY');
    expect(search.body.results).toHaveLength(1);
    // A name as staff type it: first last, last first, or last, first.
    for (const q of ['fay boardman', 'Boardman Fay', 'boardman, fay'])
      expect(emailsOf((await commitments(`?q=${encodeURIComponent(q)}`)).body), q).toEqual([by.funded[0].email]);
    expect(search.body.results[0]).toMatchObject({
      state: 'funded',
      amount: 60_000,
      fundedAmount: 60_000,
      fundedAt: '2026-11-20T00:00:00.000Z',
      method: 'CASH',
      investor: { name: 'Fay Boardman', email: by.funded[0].email, accreditation: null, accreditationDue: true },
    });
  });

  it('shows each signature, the spouse, and a decline with its feedback', async () => {
    const ines = (await commitments(`?q=${encodeURIComponent(by.investor_signed[2].email)}`)).body.results[0];
    expect(ines).toMatchObject({
      state: 'investor_signed',
      is_married: true,
      spouse: { name: 'Pat Partner', email: by.investor_signed[2].spouseEmail },
      spouseSignedAt: null,
    });
    expect(Date.now() - Date.parse(ines.investorSignedAt)).toBeLessThan(5 * 60_000);
    const declined = (await commitments('?state=declined')).body.results;
    expect(declined).toMatchObject([
      { state: 'declined', feedback: 'The minimum is too high for me', investor: { name: 'Dana Boardman' } },
    ]);
  });

  it('offers a new signing link only where a link waits for the investor or the spouse to sign', async () => {
    const lineOf = async (who: Investor) => (await commitments(`?q=${encodeURIComponent(who.email)}`)).body.results[0];
    // Signing never started: nothing to reissue, as the call itself says.
    const [carl, ines, ivan] = [by.committed[0], by.investor_signed[2], by.investor_signed[0]];
    expect(await lineOf(carl)).toMatchObject({ waitingFor: 'investor', hasOpenLink: false });
    expect(await admin('POST', `/sponsor-desk/commitments/${carl.syndUser}/signing-links`, {})).toMatchObject({
      status: 409,
      body: { error: { message: 'This commitment has no signing link waiting for a signature' } },
    });
    // Ines signed; her spouse's link waits. Ivan signed alone: it waits for management, no link.
    expect(await lineOf(ines)).toMatchObject({ waitingFor: 'spouse', hasOpenLink: true });
    expect(await lineOf(ivan)).toMatchObject({ waitingFor: 'management', hasOpenLink: false });
    // Signing started, not signed yet: the investor's link waits.
    const started = await editorsOffering('links');
    const opened = await createInvestor(app, started, 'links-opened', { spouse: true });
    expect(
      (
        await call(
          app,
          'POST',
          '/api/syndication/request_sign',
          { id: opened.syndUser },
          { authCode: opened.authCode, headers: { origin: 'http://localhost:5173' } },
        )
      ).status,
    ).toBe(200);
    const [line] = (await editor('GET', `/sponsor-desk/funds/${started.fund}/commitments`)).body.results;
    expect(line).toMatchObject({ state: 'committed', waitingFor: 'investor', hasOpenLink: true });
  });

  it('opens the document an investor signed, for staff to read before countersigning; nothing before anyone signed', async () => {
    const ines = by.investor_signed[2];
    const read = await editor('GET', `/sponsor-desk/commitments/${ines.syndUser}/document`);
    expect(read.status).toBe(200);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect((read.body as string).startsWith('%PDF-')).toBe(true);
    const unsigned = by.committed[0];
    expect(await editor('GET', `/sponsor-desk/commitments/${unsigned.syndUser}/document`)).toMatchObject({
      status: 404,
      body: { error: { message: 'The signed document is not available yet' } },
    });
    expect((await http(app, 'GET', `/sponsor-desk/commitments/${ines.syndUser}/document`)).status).toBe(401);
  });

  it('refuses a query it cannot answer, naming what is wrong', async () => {
    expect((await commitments('?state=signed')).body.error.message).toBe(
      'state must be one of reviewed, committed, investor_signed, spouse_signed, countersigned, funded, declined',
    );
    expect((await commitments('?sort=password:asc')).body.error.message).toMatch(
      /^sort must be one of name, email, amount/,
    );
    expect((await commitments('?pageSize=500')).body.error.message).toBe(
      'pageSize must be a whole number from 1 to 100',
    );
    expect((await commitments('?page=0')).status).toBe(400);
    expect((await editor('GET', '/sponsor-desk/funds/no-such-fund/commitments')).status).toBe(404);
    expect((await editor('GET', '/sponsor-desk/funds/99999999999/commitments')).status).toBe(400);
  });

  it("exports exactly what the filter shows, in the table's order, for admins only", async () => {
    const csv = await admin(
      'GET',
      `/sponsor-desk/funds/${offering.fund}/commitments.csv?state=investor_signed&sort=name:desc`,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="board-fund-i-commitments-investor_signed.csv"',
    );
    const lines = (csv.body as string).trim().split('\n');
    expect(lines[0]).toBe(
      'Investor,Email,State,Accreditation,Accreditation date,Amount,Method,Married,Spouse,Spouse email,Investor signed,Spouse signed,Countersigned,Funded,Funded amount,Last reminder,Feedback,Ask again',
    );
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      'Ivan Boardman',
      'Iris Boardman',
      'Ines Boardman',
    ]);
    expect(lines[3].split(',').slice(2, 10)).toEqual([
      'Investor signed',
      '',
      '',
      '50000',
      'CASH',
      'yes',
      'Pat Partner',
      by.investor_signed[2].spouseEmail,
    ]);
    const all = await admin('GET', `/sponsor-desk/funds/${offering.fund}/commitments.csv`);
    expect((all.body as string).trim().split('\n')).toHaveLength(11);
    expect(all.body).toContain('The minimum is too high for me');

    expect((await editor('GET', `/sponsor-desk/funds/${offering.fund}/commitments.csv`)).status).toBe(403);
  });

  it("exports the rows of every page of the table, once each, in its order, with 'ask again' as the table shows it", async () => {
    for (const query of [
      '?sort=name:asc',
      '?sort=lastRemindedAt:desc',
      '?state=committed&sort=amount:desc',
      '?q=boardman&sort=state:asc',
    ]) {
      const shown: { investor: { email: string; accreditationDue: boolean } }[] = [];
      for (let page = 1; ; page += 1) {
        const { body } = await commitments(`${query}&page=${page}&pageSize=3`, admin);
        shown.push(...body.results);
        if (page >= body.pagination.pageCount) break;
      }
      const csv = (await admin('GET', `/sponsor-desk/funds/${offering.fund}/commitments.csv${query}`)).body as string;
      const rows = csv
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(','));
      expect(rows.map((row) => row[1])).toEqual(shown.map((line) => line.investor.email));
      expect(rows.map((row) => row.at(-1))).toEqual(
        shown.map((line) => (line.investor.accreditationDue ? 'yes' : 'no')),
      );
    }
  });

  it('streams each row of the filter exactly once while a reminder moves rows between its batches', async () => {
    const before = (await commitments('?sort=lastRemindedAt:desc&pageSize=100', admin)).body.results as {
      documentId: string;
      investor: { email: string };
      lastRemindedAt: string | null;
    }[];
    const { csv } = await boardService().commitmentsCsv(
      offering.fund,
      { sort: { field: 'lastRemindedAt', desc: true } },
      { batch: 2 },
    );
    const chunks: string[] = [];
    for await (const chunk of csv) {
      chunks.push(chunk);
      // Once the first batch is out, a reminder dates the first row exported and the last one still to come: sorted
      // by last reminder both move (to the front), which OFFSET batches would read as a repeated and a skipped row.
      if (chunks.length === 2) {
        for (const [line, at] of [
          [before[0], '2020-01-02T00:00:00.000Z'],
          [before.at(-1)!, '2020-01-01T00:00:00.000Z'],
        ] as const) {
          await app.strapi.db
            .query(SYND_USER)
            .update({ where: { documentId: line.documentId }, data: { lastRemindedAt: at } });
        }
      }
    }
    const emails = chunks
      .join('')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[1]);
    expect(emails).toEqual(before.map((line) => line.investor.email));
    for (const line of [before[0], before.at(-1)!])
      await app.strapi.db
        .query(SYND_USER)
        .update({ where: { documentId: line.documentId }, data: { lastRemindedAt: line.lastRemindedAt } });
  });

  it('cuts the download when a batch fails after the header went out, so the browser sees a failed download, not a short file', async () => {
    // A database that goes away between two batches cannot be caused on demand: the test swaps the export for one
    // whose second batch fails, the real header and first batch first.
    const service = boardService();
    const real = service.commitmentsCsv;
    service.commitmentsCsv = async (fund, query) => {
      const exported = await real.call(service, fund, query, { batch: 2 });
      async function* failing(): AsyncGenerator<string> {
        yield (await exported.csv.next()).value as string;
        yield (await exported.csv.next()).value as string;
        throw new Error('The database went away');
      }
      return { ...exported, csv: failing() };
    };
    try {
      const response = await fetch(`${app.url}/sponsor-desk/funds/${offering.fund}/commitments.csv`, {
        headers: { Authorization: `Bearer ${superToken}` },
      });
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow();
    } finally {
      service.commitmentsCsv = real;
    }
    // The desk answers again afterwards.
    expect((await admin('GET', `/sponsor-desk/funds/${offering.fund}/commitments.csv`)).status).toBe(200);
  });

  it('exports what investors typed as text a spreadsheet does not run', async () => {
    const sly = await editorsOffering('sly');
    const who = await createInvestor(app, sly, 'sly-one', { spouse: true });
    await app.strapi.db.query(USER).update({
      where: { id: who.id },
      data: { firstName: '=HYPERLINK("http://evil.example","Click")', lastName: 'Sly' },
    });
    await setRow(who, { cosub_first_name: '@SUM(A1)', cosub_last_name: 'X' });
    const declined = await createInvestor(app, sly, 'sly-two', { spouse: false, status: 'Declined investment' });
    await setRow(declined, { feedback: '+1+2' });
    const other = await createInvestor(app, sly, 'sly-three', { spouse: false, status: 'Declined investment' });
    await setRow(other, { feedback: '-3\tcmd|calc' });
    const tab = await createInvestor(app, sly, 'sly-four', { spouse: false, status: 'Declined investment' });
    await setRow(tab, { feedback: '\tcmd' });

    const csv = (await admin('GET', `/sponsor-desk/funds/${sly.fund}/commitments.csv`)).body as string;
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"") Sly"`);
    expect(csv).toContain("'@SUM(A1) X");
    expect(csv).toContain(",'+1+2");
    expect(csv).toContain(",'-3\tcmd|calc");
    expect(csv).toContain(",'\tcmd");
    // Figures stay figures.
    expect(csv).toContain(',50000,CASH,');
    expect(csv).not.toMatch(/,[=+@-][^0-9]/);
  });
});
