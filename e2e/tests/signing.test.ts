import { describe, expect, inject, it } from 'vitest';
import { keepScreenshot, signedInPage, useBrowser } from '../helpers/browser';
import { linkFromOutbox } from '../helpers/outbox';
import { acceptDisclosure, enterCode, mailedCode, readDocumentPage } from '../helpers/signing';

const stack = inject('stack');
const browser = useBrowser();

/** Seeded: going to invest in Fund V, not signed yet, no spouse. */
const INVESTOR = 'investor.going@wasabistallions.com';

describe('the signing page in Chromium', () => {
  it('draws the agreement page by page, zooms, and asks a link opened without the investor’s session for the mailed code; five wrong codes lock it', async () => {
    const investor = await signedInPage(browser(), stack.siteUrl, INVESTOR);
    await investor.goto(`${stack.siteUrl}/syndication/dashboard/wasabi-stallion-fund-v`);
    await investor.getByRole('button', { name: 'Continue to sign' }).click();
    await investor.getByText('A link to sign the document has been sent to your email inbox.', { exact: false }).waitFor();
    const link = await linkFromOutbox(stack.outboxDir, INVESTOR, 'sign');
    await investor.context().close();

    // The link forwarded to another browser: no session there.
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${stack.siteUrl}${link}`);
    const first = await readDocumentPage(page, 1);
    const widthOf = () => first.evaluate((element) => element.getBoundingClientRect().width);
    const fitted = await widthOf();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(widthOf).toBeGreaterThan(fitted * 1.2);
    await page.getByRole('button', { name: 'Fit width' }).click();
    await readDocumentPage(page, 2);
    await keepScreenshot(page, 'signing-desktop.png');

    await acceptDisclosure(page);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    const code = await mailedCode(stack.outboxDir, INVESTOR);
    const wrong = code === '000000' ? '111111' : '000000';
    for (const left of ['4 tries', '3 tries', '2 tries', '1 try']) {
      await enterCode(page, wrong);
      await page.getByText(`That code is not right: ${left} left`).waitFor();
    }
    await enterCode(page, wrong);
    await page.getByText('Too many wrong codes: this link is locked for 10 minutes.').waitFor();
    // Locked: even the right code is refused, and nothing can be signed.
    await enterCode(page, code);
    await page.getByText('Too many wrong codes: this link is locked. Try again in 10 minutes.').waitFor();
    expect(await page.getByRole('button', { name: 'Sign', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: /code/ }).isDisabled()).toBe(true);
    await page.reload();
    await page.getByText(/^This link is locked after five wrong codes until /).waitFor();
    await keepScreenshot(page, 'signing-locked.png');
    await context.close();
  });
});
