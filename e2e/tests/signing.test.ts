import { describe, expect, inject, it } from 'vitest';
import { keepScreenshot, signedInPage, useBrowser } from '../helpers/browser';
import { seriousViolations } from '../helpers/axe';
import { linkFromOutbox } from '../helpers/outbox';
import { acceptDisclosure, enterCode, mailedCode, readDocumentPage, signWithName } from '../helpers/signing';

const stack = inject('stack');
const browser = useBrowser();

/** Seeded, going to invest and not signed yet, no spouse: on Wasabi Stallions' Fund V, and on Oak Harbor's Income Fund I. */
const WASABI_INVESTOR = 'investor.going@wasabistallions.com';
const OAK_INVESTOR = 'investor@oakharbor.com';

/** The investor asks to sign from their dashboard on `siteUrl` (their portal's address): the path of the mailed link. */
async function mailedLink(siteUrl: string, email: string, fundSlug: string): Promise<string> {
  const investor = await signedInPage(browser(), siteUrl, email);
  await investor.goto(`${siteUrl}/syndication/dashboard/${fundSlug}`);
  await investor.getByRole('button', { name: 'Continue to sign' }).click();
  await investor
    .getByText('A link to sign the document has been sent to your email inbox.', { exact: false })
    .waitFor();
  await investor.context().close();
  return linkFromOutbox(stack.outboxDir, email, 'sign');
}

/** Whether a URL is of pdf.js's chunks (the viewer with pdf.js, its worker). */
const isPdfJs = (url: string): boolean => /\/assets\/(pdf-viewer|pdf\.worker)[^/]*\.m?js$/.test(url);

describe('the signing page in Chromium', () => {
  it('is the first to load pdf.js: the homepage and the dashboard do not', async () => {
    const investor = await signedInPage(browser(), stack.siteUrl, WASABI_INVESTOR);
    const loaded: string[] = [];
    investor.on('request', (request) => loaded.push(request.url()));
    await investor.goto(`${stack.siteUrl}/`);
    await investor.waitForLoadState('networkidle');
    await investor.goto(`${stack.siteUrl}/dashboard`);
    await investor.waitForLoadState('networkidle');
    expect(loaded.some((url) => url.includes('/assets/'))).toBe(true);
    expect(loaded.filter(isPdfJs)).toEqual([]);
    await investor.context().close();
  });

  it('on a desktop (1280 wide), a link opened without the investor’s session: reads page 2 drawn in the page, zooms, accepts the disclosure, enters the mailed code and signs', async () => {
    const link = await mailedLink(
      `http://oakharbor.localhost:${stack.sitePort}`,
      OAK_INVESTOR,
      'oak-harbor-income-fund-i',
    );

    // The link forwarded to another browser: no session there.
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(request.url()));
    await page.goto(`${stack.siteUrl}${link}`);
    const first = await readDocumentPage(page, 1);
    expect(loaded.filter(isPdfJs).length).toBeGreaterThan(0);
    const widthOf = () => first.evaluate((element) => element.getBoundingClientRect().width);
    const fitted = await widthOf();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(widthOf).toBeGreaterThan(fitted * 1.2);
    await page.getByRole('button', { name: 'Fit width' }).click();
    await readDocumentPage(page, 2);
    // pdf.js's text layer over the canvas: page 2's text is in the page, selectable and read by screen readers.
    const pageText = (number: number) =>
      page
        .locator('.pdf-page')
        .nth(number - 1)
        .locator('.textLayer')
        .innerText()
        .then((text) => text.replace(/\s+/g, ' '));
    await expect
      .poll(() => pageText(2), { timeout: 15_000 })
      .toContain('Each signer signs electronically through a personal link.');
    expect(await pageText(1)).toContain('SUBSCRIPTION AGREEMENT');
    await keepScreenshot(page, 'signing-desktop.png');
    // No serious or critical accessibility violation (axe-core, WCAG 2.1 A and AA).
    expect(await seriousViolations(page)).toEqual([]);

    await acceptDisclosure(page);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await enterCode(page, await mailedCode(stack.outboxDir, OAK_INVESTOR));
    await page.getByText(/^Confirmed with the code sent to /).waitFor();
    await signWithName(page, 'Oscar Oakes');
    // Without a session the signer is thanked on the link's own page, told what comes next, and offered to sign in
    // (the signature success page's refresh needs a session).
    await page.getByText('Thank you. Your signature has been recorded.').waitFor();
    await page.getByRole('link', { name: 'Sign in to follow your investment' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/sign\//);
    await keepScreenshot(page, 'signing-desktop-signed.png');
    await context.close();
  });

  it('on a phone, reads page 2 drawn in the page and the words as text; five wrong codes lock the link for ten minutes: the code is void and nothing can be signed', async () => {
    const link = await mailedLink(stack.siteUrl, WASABI_INVESTOR, 'wasabi-stallion-fund-v');
    const context = await browser().newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(`${stack.siteUrl}${link}`);
    await readDocumentPage(page, 2);
    // Read as text: the agreement's words reflowed at a reading size, no zoom needed; then the pages again.
    await page.getByRole('button', { name: 'Read as text' }).click();
    const firstPage = page.getByRole('region', { name: /^Page 1 of \d+$/ });
    const paragraph = firstPage.getByRole('paragraph').filter({ hasText: 'Wasabi Stallion Fund V' }).first();
    await paragraph.waitFor();
    expect(
      await paragraph.evaluate((element) => parseFloat(getComputedStyle(element).fontSize)),
    ).toBeGreaterThanOrEqual(16);
    expect((await paragraph.boundingBox())!.width).toBeLessThanOrEqual(390);
    await keepScreenshot(page, 'signing-phone-as-text.png');
    await page.getByRole('button', { name: 'Show the pages' }).click();
    await readDocumentPage(page, 1);
    await acceptDisclosure(page);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    const code = await mailedCode(stack.outboxDir, WASABI_INVESTOR);
    const wrong = code === '000000' ? '111111' : '000000';
    for (const left of ['4 tries', '3 tries', '2 tries', '1 try']) {
      await enterCode(page, wrong);
      await page.getByText(`That code is not right: ${left} left`).waitFor();
    }
    await enterCode(page, wrong);
    await page.getByText('Too many wrong codes: this link is locked for 10 minutes.').waitFor();
    // Locked: the code is void (no code to enter until a new one is sent after the lock), and nothing can be signed:
    // with the name typed and consent given, the lock is what keeps the Sign button disabled, and the page says so.
    expect(await page.getByRole('textbox', { name: 'Code from the email' }).count()).toBe(0);
    await page.getByLabel('Type your full name').fill('Locked Out');
    await page.getByRole('checkbox', { name: 'I agree to sign this document electronically' }).check();
    await page
      .getByText(
        'This link is locked after five wrong codes: you can sign once it opens again and you confirm it is you.',
      )
      .waitFor();
    expect(await page.getByRole('button', { name: 'Sign', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: /code/ }).isDisabled()).toBe(true);
    // The CMS refuses the signature itself, whatever a page would send.
    const token = /\/sign\/([A-Za-z0-9_-]+)/.exec(link)?.[1];
    const refused = await fetch(`${stack.cmsUrl}/api/signing/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Locked Out', consent: true }),
    });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'Too many wrong codes: this link is locked. Try again in 10 minutes.',
    );
    await page.reload();
    await page.getByText(/^This link is locked after five wrong codes until /).waitFor();
    await keepScreenshot(page, 'signing-locked.png');
    await context.close();
  });
});
