import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { keepScreenshot, signedInPage as signedIn, useBrowser } from '../helpers/browser';
import { linkFromOutbox } from '../helpers/outbox';
import {
  acceptDisclosure,
  drawWithFinger,
  enterCode,
  mailedCode,
  readDocumentPage,
  signWithName,
} from '../helpers/signing';
import { sealTimestamp } from '../../cms/tests/helpers/tsa';

const stack = inject('stack');
const browser = useBrowser();

const INVESTOR = 'investor.new@wasabistallions.com';
const SPOUSE = `nina.newcomer.${Date.now()}@example.com`;
const INVESTMENT = 'Midnight Wasabi Stallion Syndicate';

const signedInPage = (email: string): Promise<Page> => signedIn(browser(), stack.siteUrl, email);

/**
 * Signs on the local signer's page that a mailed link opens: reads page 2 of the agreement drawn in the page, accepts
 * the disclosure, proves who it is (the investor by their own session; anyone else by the mailed code), signs.
 */
async function signFromMail(page: Page, email: string, name: string, proof: 'session' | 'code'): Promise<void> {
  const link = await linkFromOutbox(stack.outboxDir, email, 'sign');
  await page.goto(`${stack.siteUrl}${link}`);
  await readDocumentPage(page, 2);
  await acceptDisclosure(page);
  if (proof === 'session') {
    await page.getByText('You are signed in as the investor: no code is needed.').waitFor();
  } else {
    await keepScreenshot(page, 'signing-phone.png');
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await enterCode(page, await mailedCode(stack.outboxDir, email));
    await page.getByText(/^Confirmed with the code sent to /).waitFor();
    // On the phone the signer also draws their signature with a finger: it goes with the signature.
    await drawWithFinger(page);
  }
  const signed = page.waitForRequest(
    (request) => request.method() === 'POST' && /\/api\/signing\/[^/]+$/.test(request.url()),
  );
  await signWithName(page, name);
  const drawn = ((await signed).postDataJSON() as { signature?: string }).signature;
  if (proof === 'code') expect(drawn).toMatch(/^data:image\/png;base64,/);
}

/** A phone-sized browser (touch, high-density screen), without a session: where a spouse opens their mail. */
const phone = () =>
  browser().newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

const card = (page: Page) => page.locator('.card', { hasText: INVESTMENT });

describe('investing in Chromium', () => {
  it('a married CASH investor in a community-property state commits, both spouses sign from their mail, management countersigns, the investor downloads the agreement', async () => {
    const investor = await signedInPage(INVESTOR);

    // The open offering is on the dashboard, with the card's words for an investor who has not decided.
    await card(investor).getByText('Still time to invest! Closes:').waitFor();
    await card(investor).getByRole('link', { name: 'Review Due Diligence' }).click();
    await investor.waitForURL(/\/syndication\/dashboard\/wasabi-stallion-fund-v$/);
    await investor.getByRole('heading', { name: `${INVESTMENT} Syndication` }).waitFor();

    // The form applies the spec's rules before anything is sent.
    await investor.getByRole('radio', { name: 'Yes' }).first().check();
    await investor.getByLabel('Investment Amount').fill('1000');
    await investor.getByText('Minimum investment Amount is $25,000').waitFor();
    await investor.getByLabel('Investment Amount').fill('60000');
    await investor.getByLabel('Method of Investment').selectOption('CASH');
    await investor.getByRole('group', { name: 'Are you married?' }).getByRole('radio', { name: 'Yes' }).check();
    await investor
      .getByRole('group', { name: 'Do you live in a community-property state?' })
      .getByRole('radio', { name: 'Yes' })
      .check();
    const submit = investor.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    await investor.getByLabel('Spouse First Name').fill('Nina');
    await investor.getByLabel('Spouse Last Name').fill('Newcomer');
    await investor.getByLabel('Spouse Email').fill(SPOUSE);
    await submit.click();

    // Committed: the signing steps replace the form, with the spouse's step because it is required.
    const steps = investor.getByRole('list', { name: 'Signing steps' });
    await steps.waitFor();
    expect(await steps.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Your Signature'),
      expect.stringContaining('Spouse Signature'),
      expect.stringContaining('Management Signature'),
      expect.stringContaining('Ready Agreement'),
    ]);
    await investor.getByRole('button', { name: 'Continue to sign' }).click();
    await investor
      .getByText('A link to sign the document has been sent to your email inbox.', { exact: false })
      .waitFor();

    // The investor signs from the mailed link, and lands on the success page, then home.
    const investorSigner = await investor.context().newPage();
    await signFromMail(investorSigner, INVESTOR, 'Ned Newcomer', 'session');
    await investorSigner.waitForURL(/\/syndication\/success\//);
    await investorSigner.close();

    // The spouse gets their own mail (after the investor signed) and signs on a phone, without an account.
    const spouseContext = await phone();
    const spouse = await spouseContext.newPage();
    await signFromMail(spouse, SPOUSE, 'Nina Newcomer', 'code');
    await spouse.getByText('Thank you', { exact: false }).waitFor();
    await keepScreenshot(spouse, 'signing-phone-signed.png');
    await spouseContext.close();

    // The investor's page follows: management signs next.
    await investor.reload();
    await investor.getByText('Waiting for management to sign the agreement.').waitFor();

    // An admin of the portal countersigns from the management view.
    const admin = await signedInPage('admin@wasabistallions.com');
    await admin.goto(`${stack.siteUrl}/management/countersign`);
    const row = admin.getByRole('row', { name: /Ned Newcomer/ });
    await row.getByText('$60,000').waitFor();
    // Management reads what it countersigns, drawn in the page.
    await row.getByRole('button', { name: 'Read the agreement of Ned Newcomer' }).click();
    const reading = admin.getByRole('dialog', { name: 'Agreement of Ned Newcomer' });
    await readDocumentPage(admin, 2, reading);
    await keepScreenshot(admin, 'countersign-read.png');
    await reading.getByRole('button', { name: 'Close' }).click();
    await reading.waitFor({ state: 'detached' });
    await row.getByLabel(/Your name to countersign for/).fill('Ada Admin');
    await row.getByRole('button', { name: /Countersign for/ }).click();
    await row.waitFor({ state: 'detached' });
    await admin.context().close();

    // The agreement is complete: the investor downloads the sealed PDF.
    await investor.reload();
    await investor.getByText('Your agreement is complete.').waitFor();
    // The link works only with the investor's session: the page fetches the file with it and saves it.
    const downloaded = investor.waitForEvent('download');
    const linkAnswer = investor.waitForResponse((response) =>
      response.url().endsWith('/api/profile/synd_agreements/download'),
    );
    await investor.getByRole('button', { name: 'Download Agreement' }).click();
    const download = await downloaded;
    const file = await download.path();
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain('/ByteRange');
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    // The same link opened without the investor's session (pasted into another browser, say) is refused.
    const { url } = (await (await linkAnswer).json()) as { url: string };
    expect((await fetch(url)).status).toBe(403);
    // Poppler's pdfsig finds the seal valid over the whole file.
    const report = spawnSync('pdfsig', ['-nocert', file], { encoding: 'utf8' }).stdout;
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    // The seal carries the local time-stamping authority's token (PAdES B-T): pdfsig 22 does not print timestamps,
    // so OpenSSL verifies it against the authority's root, as a lawyer's tools would (docs/signing.md).
    const timestamp = await sealTimestamp(bytes, { dir: stack.tsaDir });
    expect(timestamp?.output).toContain('Verification: OK');
    expect(Math.abs((timestamp?.time.getTime() ?? 0) - Date.now())).toBeLessThan(10 * 60_000);

    // Anyone holding the file (the investor's lawyer, say) checks it on the public page; a changed copy is unknown.
    const checker = await browser().newPage();
    await checker.goto(`${stack.siteUrl}/agreements/verify`);
    await checker
      .getByLabel('Agreement (PDF)')
      .setInputFiles({ name: 'agreement.pdf', mimeType: 'application/pdf', buffer: bytes });
    await checker
      .getByText(/^Issued by Wasabi Stallions: completed on \d{4}-\d\d-\d\d, signed by N\. N\., N\. N\., A\. A\.$/)
      .waitFor();
    const changed = Buffer.from(bytes);
    changed[changed.length - 20] ^= 1;
    await checker
      .getByLabel('Agreement (PDF)')
      .setInputFiles({ name: 'changed.pdf', mimeType: 'application/pdf', buffer: changed });
    await checker.getByText('Unknown: this portal issued no agreement with this fingerprint').waitFor();
    await checker.close();

    // The funding instructions appear once the agreement is complete.
    await investor.getByText('Funding My Investment').waitFor();

    // Back on the dashboard, the card shows the investment.
    await investor.goto(`${stack.siteUrl}/dashboard`);
    await card(investor).getByText('Your Investment:').waitFor();
    await card(investor).getByText('$60,000').waitFor();
    await investor.context().close();
  });
});
