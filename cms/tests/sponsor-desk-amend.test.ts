import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import nodeHttp from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, mailsTo, waitForMail } from './helpers/auth';
import {
  createInvestor,
  createOffering,
  signAsInvestor,
  signLinkIn,
  signThroughLink,
  tokenOf,
  type Investor,
  type Offering,
} from './helpers/signing';
import { http, useStrapi, type TestApp } from './helpers/strapi';
import { DESK_ACTION, FUND, SIGNING, SYND_AGREEMENT, SYND_USER } from '../src/utils/uids';

/**
 * Amending a commitment on the sponsor desk (docs/sponsor-desk.md, Amending and transferring commitments): before its
 * agreement is opened the commitment is updated; after, the agreement is voided and kept, and a new one is mailed
 * (docs/signing.md, Voiding). And the CSV import's 2 MB text/csv body (docs/capital-accounts.md).
 */
let app: TestApp;
let offering: Offering;
let adminTokenOf: string;
let editorTokenOf: string;

const panel = (token: string) => (method: string, route: string, body?: unknown) =>
  http(app, method, route, body, { Authorization: `Bearer ${token}` });
const admin = (method: string, route: string, body?: unknown) => panel(adminTokenOf)(method, route, body);
const editor = (method: string, route: string, body?: unknown) => panel(editorTokenOf)(method, route, body);
const commitment = (id: number) => app.strapi.db.query(SYND_USER).findOne({ where: { id } });
const SIGN_SUBJECT = 'Please sign your subscription agreement for amend Fund I';

async function textOf(pdf: Buffer): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amend-text-'));
  try {
    fs.writeFileSync(path.join(dir, 'document.pdf'), pdf);
    return (await promisify(execFile)('pdftotext', ['-layout', 'document.pdf', '-'], { cwd: dir })).stdout.replace(
      /\s+/g,
      ' ',
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  app = await useStrapi();
  offering = await createOffering(app, 'amend');
  adminTokenOf = await adminToken(
    app,
    'amend-sponsor@portal.local',
    'sponsor-admin',
    ['Sam', 'Sponsor'],
    [offering.portal],
  );
  editorTokenOf = await adminToken(
    app,
    'amend-editor@portal.local',
    'strapi-editor',
    ['Eddie', 'Editor'],
    [offering.portal],
  );
});

describe('amending a commitment before its agreement is opened', () => {
  let ann: Investor;
  beforeAll(async () => {
    ann = await createInvestor(app, offering, 'amend-ann', { spouse: false });
  });

  it('changes the amount, records the desk action and tells the investor, with the reason', async () => {
    const amended = await admin('POST', `/sponsor-desk/commitments/${ann.syndUser}/amend`, {
      invest_amount: 60_000,
      reason: 'Allocation raised by phone',
    });
    expect(amended.status).toBe(200);
    expect(amended.body).toEqual({
      documentId: ann.syndUser,
      amount: 60_000,
      previousAmount: 50_000,
      voided: null,
      signingLinkMailedTo: null,
    });
    expect(Number((await commitment(ann.syndUserId)).invest_amount)).toBe(60_000);
    const recorded = await app.strapi.db.query(DESK_ACTION).findOne({
      where: { action: 'amend a commitment', path: `/sponsor-desk/commitments/${ann.syndUser}/amend` },
      orderBy: { id: 'desc' },
    });
    expect(recorded).toMatchObject({
      staffName: 'Sam Sponsor',
      answerStatus: 200,
      request: { invest_amount: 60_000, reason: 'Allocation raised by phone' },
    });
    const mail = await waitForMail(ann.email, 'Your commitment to amend Deal was amended');
    expect(mail.text).toContain(
      'Your commitment to amend Deal is now $60,000 (it was $50,000). Why: Allocation raised by phone. Nothing else is needed from you now.',
    );
  });

  it('refuses bad input with a 400 that says what is wrong, and staff who may not post with a 403; nothing changes', async () => {
    const route = `/sponsor-desk/commitments/${ann.syndUser}/amend`;
    const cases: [Record<string, unknown>, string][] = [
      [{ invest_amount: 70_000 }, 'reason is required: say why, it is recorded and mailed to the investor'],
      [{ invest_amount: 70_000, reason: 'x'.repeat(501) }, 'reason must be at most 500 characters'],
      [
        { invest_amount: 'lots', reason: 'why' },
        'invest_amount must be a positive amount in dollars, to the cent (e.g. 25000 or 25000.50)',
      ],
      [
        { invest_amount: 70_000.001, reason: 'why' },
        'invest_amount must be a positive amount in dollars, to the cent (e.g. 25000 or 25000.50)',
      ],
      [
        { invest_amount: -5, reason: 'why' },
        'invest_amount must be a positive amount in dollars, to the cent (e.g. 25000 or 25000.50)',
      ],
      [{ method_of_inv: 'GOLD', reason: 'why' }, 'Method of investment is required'],
      [{ is_married: true, is_marital_state: true, reason: 'why' }, 'Spouse first name is required'],
      [{ invest_amount: 60_000, reason: 'why' }, 'Nothing to amend: give a new amount, method or spouse'],
    ];
    for (const [body, message] of cases) {
      const refused = await admin('POST', route, body);
      expect([refused.status, refused.body.error.message], JSON.stringify(body)).toEqual([400, message]);
    }
    await app.strapi.db.query(FUND).update({ where: { documentId: offering.fund }, data: { max_inv_amount: 100_000 } });
    expect((await admin('POST', route, { invest_amount: 100_000.5, reason: 'why' })).body.error.message).toBe(
      'Maximum investment Amount is $100,000',
    );
    expect((await editor('POST', route, { invest_amount: 70_000, reason: 'why' })).status).toBe(403);
    expect(
      (
        await admin('POST', '/sponsor-desk/commitments/zzzzzzzzzzzzzzzzzzzzzzzz/amend', {
          invest_amount: 70_000,
          reason: 'why',
        })
      ).body.error.message,
    ).toBe('Commitment not found');
    expect(Number((await commitment(ann.syndUserId)).invest_amount)).toBe(60_000);
  });

  it('refuses a commitment the investor has not made or declined (409), and one of another portal (404)', async () => {
    const declined = await createInvestor(app, offering, 'amend-declined', {
      spouse: false,
      status: 'Declined investment',
    });
    const refused = await admin('POST', `/sponsor-desk/commitments/${declined.syndUser}/amend`, {
      invest_amount: 70_000,
      reason: 'why',
    });
    expect([refused.status, refused.body.error.message]).toEqual([
      409,
      'Only an accepted commitment is amended: this investor has not committed to the offering',
    ]);
    const away = await createOffering(app, 'amend-away');
    const stranger = await createInvestor(app, away, 'amend-stranger', { spouse: false });
    const hidden = await admin('POST', `/sponsor-desk/commitments/${stranger.syndUser}/amend`, {
      invest_amount: 70_000,
      reason: 'why',
    });
    expect([hidden.status, hidden.body.error.message]).toEqual([404, 'Commitment not found']);
    expect(Number((await commitment(stranger.syndUserId)).invest_amount)).toBe(50_000);
  });
});

describe('amending a commitment whose agreement is signed and countersigned', () => {
  let bea: Investor;
  let oldInvestorToken: string;
  let sealed: Buffer;

  beforeAll(async () => {
    bea = await createInvestor(app, offering, 'amend-bea');
    await signAsInvestor(app, bea, 'Bea Investor');
    const spouseMail = await waitForMail(bea.spouseEmail!, SIGN_SUBJECT);
    const spouseSigned = await signThroughLink(app, tokenOf(signLinkIn(spouseMail.text)), bea.spouseEmail!, {
      name: 'Pat Partner',
      consent: true,
    });
    expect(spouseSigned.status).toBe(200);
    expect((await admin('POST', '/sponsor-desk/countersign', { syndUsers: [bea.syndUser] })).body.countersigned).toBe(
      1,
    );
    oldInvestorToken = tokenOf(signLinkIn((await waitForMail(bea.email, SIGN_SUBJECT)).text));
    const agreement = await app.strapi.db
      .query(SYND_AGREEMENT)
      .findOne({ where: { syndUser: { id: bea.syndUserId } } });
    sealed = fs.readFileSync(path.join(path.dirname(process.env.EMAIL_OUTBOX_DIR!), 'private', agreement.docPath));
  });

  it('voids the agreement and keeps it, starts the signing over and mails a new agreement with the new amount', async () => {
    const amended = await admin('POST', `/sponsor-desk/commitments/${bea.syndUser}/amend`, {
      invest_amount: 75_000,
      reason: 'The sponsor cut allocations',
    });
    expect(amended.status).toBe(200);
    expect(amended.body).toMatchObject({
      amount: 75_000,
      previousAmount: 50_000,
      voided: { signers: 3, agreements: 1 },
      signingLinkMailedTo: bea.email,
    });

    const old = await app.strapi.db
      .query(SIGNING)
      .findMany({ where: { syndUser: { id: bea.syndUserId }, voidedAt: { $notNull: true } } });
    expect(old.map((row: { role: string }) => row.role).sort()).toEqual(['investor', 'management', 'spouse']);
    expect(old[0]).toMatchObject({ voidReason: 'Amended: The sponsor cut allocations', voidedBy: 'Sam Sponsor' });
    expect(old.every((row: { signedAt: string | null }) => row.signedAt)).toBe(true);
    expect(
      await app.strapi.db.query(SYND_AGREEMENT).findOne({ where: { syndUser: { id: bea.syndUserId } } }),
    ).toMatchObject({ voidReason: 'Amended: The sponsor cut allocations', isDeleted: false });
    expect(await commitment(bea.syndUserId)).toMatchObject({
      sa_complete_date: null,
      managementSignedAt: null,
      syndAgreementSignedByCurrentUser: false,
      syndAgreementSignedByCurrentUserCosub: false,
      hasSyndAgreement: false,
      syndAgreementsCount: 0,
    });
    expect((await commitment(bea.syndUserId)).sa_start_date).not.toBeNull();

    // The old link is refused; the new one opens the new agreement, at the new amount.
    const refused = await call(app, 'GET', `/api/signing/${oldInvestorToken}`);
    expect([refused.status, refused.body.error.message]).toEqual([
      403,
      'This agreement was voided and replaced by a new one: use the link in your newest email',
    ]);
    const newToken = tokenOf(signLinkIn((await waitForMail(bea.email, SIGN_SUBJECT, 2)).text));
    expect(newToken).not.toBe(oldInvestorToken);
    expect((await call(app, 'GET', `/api/signing/${newToken}`)).status).toBe(200);
    const document = await fetch(`${app.url}/api/signing/${newToken}/document`);
    expect(document.status).toBe(200);
    const text = await textOf(Buffer.from(await document.arrayBuffer()));
    expect(text).toContain('$75,000');
    expect(text).not.toContain('$50,000');
    const mail = await waitForMail(bea.email, 'Your commitment to amend Deal was amended');
    expect(mail.text).toContain(
      'Why: The sponsor cut allocations. Your previous agreement is void; please sign the new one: its link is in a separate email.',
    );

    // The board reads it as committed again: its signatures are the new agreement's (none yet).
    const table = await admin(
      'GET',
      `/sponsor-desk/funds/${offering.fund}/commitments?q=${encodeURIComponent(bea.email)}`,
    );
    expect(table.body.results[0]).toMatchObject({
      state: 'committed',
      amount: 75_000,
      investorSignedAt: null,
      countersignedAt: null,
      hasOpenLink: true,
    });
  });

  it('answers the public check for the voided agreement, saying it was superseded', async () => {
    const sha256 = crypto.createHash('sha256').update(sealed).digest('hex');
    const check = await call(app, 'GET', `/api/agreements/verify/${sha256}?portal=${offering.portal.slug}`);
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ valid: true, superseded: true, signerInitials: ['B. I.', 'P. P.', 'S. S.'] });
    // Staff still open it from the investor's documents.
    const agreement = await app.strapi.db
      .query(SYND_AGREEMENT)
      .findOne({ where: { syndUser: { id: bea.syndUserId } } });
    const opened = await fetch(`${app.url}/sponsor-desk/documents/agreement/${agreement.documentId}`, {
      headers: { Authorization: `Bearer ${adminTokenOf}` },
    });
    expect(opened.status).toBe(200);
  });
});

describe('the CSV import takes text/csv up to 2 MB', () => {
  const header = 'fund,investor_email,type,amount,effective_date,kind,note';
  const csvOf = (bytes: number) => {
    const line = `amend-missing-fund,nobody@example.com,contribution,1.00,2026-01-05,,${'n'.repeat(200)}`;
    return [header, ...Array.from({ length: Math.ceil(bytes / (line.length + 1)) }, () => line)].join('\n');
  };
  const send = (csv: string) =>
    fetch(`${app.url}/sponsor-desk/imports?dryRun=true`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${adminTokenOf}`, 'content-type': 'text/csv' },
      body: csv,
    });

  it('reads a 1.5 MB text/csv body in a dry run (it was 413 at the body parser)', async () => {
    const csv = csvOf(1.5 * 1024 * 1024);
    expect(csv.split('\n').length).toBeLessThanOrEqual(10_000);
    const answer = await send(csv);
    const body = (await answer.json()) as { dryRun: boolean; written: number; problems: { message: string }[] };
    expect(answer.status, JSON.stringify(body).slice(0, 300)).toBe(200);
    expect(body).toMatchObject({ dryRun: true, written: 0 });
    expect(body.problems[0].message).toBe('unknown fund amend-missing-fund');
  });

  it('refuses more than 2 MB with 413 and its message', async () => {
    const answer = await send(csvOf(2.1 * 1024 * 1024));
    expect(answer.status).toBe(413);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(
      'The CSV is larger than 2 MB: split it',
    );
  });

  it('answers the next request on the same kept-alive connection after refusing a CSV over 2 MB', async () => {
    // One connection for both requests: a body left half-read on it would hold the second request back for ever.
    const agent = new nodeHttp.Agent({ keepAlive: true, maxSockets: 1 });
    const ask = (method: string, route: string, body?: string) =>
      new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
        const request = nodeHttp.request(`${app.url}${route}`, {
          method,
          agent,
          headers: {
            Authorization: `Bearer ${adminTokenOf}`,
            ...(body !== undefined && { 'content-type': 'text/csv' }),
          },
        });
        request.setTimeout(15_000, () => request.destroy(new Error(`${method} ${route} got no answer in 15 s`)));
        request.on('response', (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode ?? 0, socket: request.socket }));
        });
        request.on('error', reject);
        request.end(body);
      });
    try {
      const refused = await ask('POST', '/sponsor-desk/imports?dryRun=true', csvOf(2.1 * 1024 * 1024));
      expect(refused.status).toBe(413);
      const next = await ask('GET', '/sponsor-desk/funds');
      expect(next.status).toBe(200);
      expect(next.socket).toBe(refused.socket);
    } finally {
      agent.destroy();
    }
  });

  it('still reads a small text/csv body', async () => {
    const answer = await send(`${header}\namend-missing-fund,nobody@example.com,contribution,1.00,2026-01-05,,`);
    expect(answer.status).not.toBe(413);
    expect(mailsTo('nobody@example.com')).toEqual([]);
  });
});
