import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { keepScreenshot, signedInPage, sponsorDeskAs, useBrowser } from '../helpers/browser';

/**
 * axe-core on the investor's pages, at a phone's width and a laptop's, and on the sponsor desk: no serious or critical
 * violation of WCAG 2.1 A and AA (docs/accessibility.md). The signing page is checked in its own journey
 * (signing.test.ts), where a link is open.
 */
const stack = inject('stack');
const browser = useBrowser();
const INVESTOR = 'investor.investing@wasabistallions.com';

describe('accessibility in Chromium (axe-core)', () => {
  it("the investor's pages have no serious or critical violation, on a laptop and on a phone", async () => {
    const page = await signedInPage(browser(), stack.siteUrl, INVESTOR);
    await page.goto(`${stack.siteUrl}/dashboard`);
    const call = page.getByRole('list', { name: 'Please Complete' }).getByRole('link', { name: /Capital call/ });
    await call.waitFor();
    const callPath = new URL((await call.getAttribute('href'))!, stack.siteUrl).pathname;
    const pages = [
      '/dashboard',
      callPath,
      '/dashboard/transactions',
      '/profile',
      '/tax_documents',
      '/syndication/dashboard/wasabi-stallion-fund-v',
    ];
    const found: string[] = [];
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of pages) {
        await page.goto(`${stack.siteUrl}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        found.push(...(await seriousViolations(page)).map((line) => `${path} at ${width}: ${line}`));
        // Each page as the investor sees it at this width, for a reviewer (E2E_SCREENSHOT_DIR, CI's artifacts).
        const name = path === callPath ? '-capital-call' : path.replace(/\//g, '-');
        await keepScreenshot(page, `investor${name}-${width}.png`);
      }
    }
    await page.context().close();
    // The notifications page marks everything read: another investor's (notifications.test.ts reads this one's bell).
    const partner = await signedInPage(browser(), stack.siteUrl, 'investor.partner@wasabistallions.com');
    for (const width of [1280, 390]) {
      await partner.setViewportSize({ width, height: 900 });
      await partner.goto(`${stack.siteUrl}/notifications`);
      await partner.getByRole('list', { name: 'Notifications' }).waitFor();
      found.push(...(await seriousViolations(partner)).map((line) => `/notifications at ${width}: ${line}`));
      await keepScreenshot(partner, `investor-notifications-${width}.png`);
    }
    await partner.context().close();
    expect(found).toEqual([]);
  });

  it('the sponsor desk has no serious or critical violation of its own', async () => {
    const admin = await sponsorDeskAs(browser(), stack.cmsUrl, 'admin@portal.local', 1440);
    await admin.getByRole('region', { name: 'Wasabi Stallion Fund V', exact: true }).waitFor();
    const found = [...(await seriousViolations(admin)).map((line) => `raise board: ${line}`)];
    await admin.getByRole('tab', { name: 'Investors' }).click();
    await admin.getByRole('grid', { name: 'Investors' }).waitFor();
    found.push(...(await seriousViolations(admin)).map((line) => `investors: ${line}`));
    await keepScreenshot(admin, 'sponsor-desk-investors.png');
    expect(found).toEqual([]);
    await admin.context().close();
  });
});
