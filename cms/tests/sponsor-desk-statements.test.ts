import { beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { xirr } from '@portal/rules';
import { PDFDocument } from 'pdf-lib';
import { call } from './helpers/auth';
import { admin, distribute, fundWith, openDesk, type Investor } from './helpers/desk-fixtures';
import { verifySealedPdf } from './helpers/pdf-seal';
import { textOf } from './helpers/pdf-text';
import { download } from './helpers/signing';
import type { TestPortal } from './helpers/records';
import { http, type TestApp } from './helpers/strapi';
import { FILE_DOWNLOAD } from '../src/utils/uids';

/**
 * Capital account statements (docs/capital-accounts.md): a sealed statement of the investor's own account that anyone
 * can check by its fingerprint.
 */
let app: TestApp;
let home: TestPortal;

beforeAll(async () => {
  ({ app, home } = await openDesk('desk-home', 'desk'));
});

describe('capital account statements', () => {
  it('issues a sealed statement of the investor’s own account that anyone can check by its fingerprint, and nothing else', async () => {
    const { fund, investors } = await fundWith(home, 'desk-statement', [100_000, 50_000]);
    const [ann, ben] = investors;
    await admin('POST', '/sponsor-desk/funding', {
      syndUser: ann.syndUser.documentId,
      amount_cents: 10_000_000,
      date: '2024-03-01',
    });
    await distribute(fund.documentId, '2025-06-30', 500_000);
    await admin('POST', '/sponsor-desk/valuations', { fund: fund.documentId, date: '2025-12-31', value_percent: 115 });

    const asked = (who: Investor, body: Record<string, unknown>) =>
      call(app, 'POST', '/api/profile/statements/download', body, { authCode: who.authCode });
    const period = { syndUserId: ann.syndUser.documentId, from: '2025-01-01', to: '2025-12-31' };
    const issued = await asked(ann, period);
    expect(issued.status).toBe(200);
    expect(issued.body.originalName).toBe('statement-desk-statement-fund-2025-01-01-2025-12-31.pdf');
    const { bytes } = await download(issued.body.url);
    const statement = await PDFDocument.load(bytes);
    expect(statement.getTitle()).toBe('Capital account statement - desk-statement fund - 2025-01-01 to 2025-12-31');
    // Sealed like the agreements: a CAdES (PAdES) signature over the whole file.
    expect(bytes.includes(Buffer.from('/SubFilter /ETSI.CAdES.detached'))).toBe(true);
    expect(verifySealedPdf(bytes)).toMatchObject({ valid: true });

    // What it says, checked against the ledger: $100,000 in on 2024-03-01, Ann's $5,000 (Ben funded nothing) out on
    // 2025-06-30, valued 115% of her $100,000 at the year's end.
    const text = await textOf(bytes);
    const figure = (label: string) => new RegExp(`${label}\\s+(\\S+)`).exec(text)?.[1];
    expect(
      ['Opening balance', 'Contributions', 'Distributions', 'Change in value', 'Closing balance'].map(figure),
    ).toEqual(['$100,000', '$0', '-$5,000', '$20,000', '$115,000']);
    const rate = xirr([
      { date: '2024-03-01', amount: -100_000 },
      { date: '2025-06-30', amount: 5_000 },
      { date: '2025-12-31', amount: 115_000 },
    ]);
    expect(rate).toBeGreaterThan(0);
    expect(/IRR to date\s+(.*)$/m.exec(text)?.[1].trim()).toBe(`${(rate! * 100).toFixed(2)}% a year`);

    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const checked = await http(app, 'GET', `/api/statements/verify/${sha256}?portal=desk-home`);
    expect(checked.status).toBe(200);
    expect(checked.body).toEqual({
      valid: true,
      issuedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      portal: 'Portal desk-home',
      investorInitials: 'I. D.',
    });
    const changed = Buffer.from(bytes);
    changed[changed.length - 10] ^= 1;
    expect(
      (
        await http(
          app,
          'GET',
          `/api/statements/verify/${createHash('sha256').update(changed).digest('hex')}?portal=desk-home`,
        )
      ).status,
    ).toBe(404);
    // Anything not issued is unknown, a value that is no fingerprint at all too.
    const notHex = await http(app, 'GET', '/api/statements/verify/not-a-hash?portal=desk-home');
    expect([notHex.status, notHex.body.error.message]).toEqual([
      404,
      'Unknown: this portal issued no statement with this fingerprint',
    ]);

    expect((await asked(ben, period)).status).toBe(404);
    expect((await asked(ben, { ...period, syndUserId: ben.syndUser.documentId })).body.error.message).toBe(
      'This investment has no transactions yet: there is no statement to issue',
    );
    expect((await asked(ann, { ...period, from: '2025-13-01' })).body.error.message).toBe(
      'from must be a date (YYYY-MM-DD)',
    );
    expect((await asked(ann, { ...period, from: '2026-01-01' })).body.error.message).toBe('from must not be after to');
    expect((await asked(ann, { ...period, to: '2999-01-01' })).body.error.message).toBe('to must not be after today');
    const recorded = await app.strapi.db
      .query(FILE_DOWNLOAD)
      .findMany({ where: { user: { id: ann.id }, kind: 'statement' } });
    expect(recorded).toHaveLength(1);
  });
});
