import fs from 'node:fs';
import { describe, expect, it, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInPage as signedIn, useBrowser } from '../helpers/browser';
import { linkFromOutbox } from '../helpers/outbox';

const stack = inject('stack');
const browser = useBrowser();

const INVESTOR = 'investor.new@wasabistallions.com';
const SPOUSE = `nina.newcomer.${Date.now()}@example.com`;
const INVESTMENT = 'Midnight Wasabi Stallion Syndicate';

const signedInPage = (email: string): Promise<Page> => signedIn(browser(), stack.siteUrl, email);

/** Signs the agreement on the local signer's page that a mailed link opens. */
async function signFromMail(page: Page, email: string, name: string): Promise<void> {
  const link = await linkFromOutbox(stack.outboxDir, email, 'sign');
  await page.goto(`${stack.siteUrl}${link}`);
  await page.getByLabel('Type your full name').fill(name);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
}

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
    await investor.getByRole('group', { name: 'Do you live in a community-property state?' }).getByRole('radio', { name: 'Yes' }).check();
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
    await investor.getByText('A link to sign the document has been sent to your email inbox.', { exact: false }).waitFor();

    // The investor signs from the mailed link, and lands on the success page, then home.
    const investorSigner = await investor.context().newPage();
    await signFromMail(investorSigner, INVESTOR, 'Ned Newcomer');
    await investorSigner.waitForURL(/\/syndication\/success\//);
    await investorSigner.close();

    // The spouse gets their own mail (after the investor signed) and signs without an account.
    const spouseContext = await browser().newContext();
    const spouse = await spouseContext.newPage();
    await signFromMail(spouse, SPOUSE, 'Nina Newcomer');
    await spouse.getByText('Thank you', { exact: false }).waitFor();
    await spouseContext.close();

    // The investor's page follows: management signs next.
    await investor.reload();
    await investor.getByText('Waiting for management to sign the agreement.').waitFor();

    // An admin of the portal countersigns from the management view.
    const admin = await signedInPage('admin@wasabistallions.com');
    await admin.goto(`${stack.siteUrl}/management/countersign`);
    const row = admin.getByRole('row', { name: /Ned Newcomer/ });
    await row.getByText('$60,000').waitFor();
    await row.getByLabel(/Your name to countersign for/).fill('Ada Admin');
    await row.getByRole('button', { name: /Countersign for/ }).click();
    await row.waitFor({ state: 'detached' });
    await admin.context().close();

    // The agreement is complete: the investor downloads the sealed PDF.
    await investor.reload();
    await investor.getByText('Your agreement is complete.').waitFor();
    // The link works only with the investor's session: the page fetches the file with it and saves it.
    const downloaded = investor.waitForEvent('download');
    const linkAnswer = investor.waitForResponse((response) => response.url().endsWith('/api/profile/synd_agreements/download'));
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

    // The funding instructions appear once the agreement is complete.
    await investor.getByText('Funding My Investment').waitFor();

    // Back on the dashboard, the card shows the investment.
    await investor.goto(`${stack.siteUrl}/dashboard`);
    await card(investor).getByText('Your Investment:').waitFor();
    await card(investor).getByText('$60,000').waitFor();
    await investor.context().close();
  });
});
