import { describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { useBrowser } from '../helpers/browser';

const stack = inject('stack');
const browser = useBrowser();

const PASSWORD = 'DemoPass2026!';
const INVESTOR = 'investor.new@wasabistallions.com';

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('security and caching headers of the built site', () => {
  it('sends a Content-Security-Policy that allows the site, the CMS and YouTube players, and nothing inline or framed', async () => {
    const response = await fetch(`${stack.siteUrl}/`);
    expect(response.status).toBe(200);
    const policy = directives(response.headers.get('content-security-policy'));
    const cms = new URL(stack.cmsUrl).origin;
    expect(policy['default-src']).toEqual(["'self'"]);
    // The seeded portals use neither Google sign-in nor reCAPTCHA, so their scripts are not allowed.
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'", cms]);
    expect(policy['img-src']).toContain(cms);
    expect(policy['frame-src']).toEqual(['https://www.youtube-nocookie.com', 'https://www.youtube.com']);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('keeps hashed assets for a year and revalidates index.html; the build’s own notes are not served', async () => {
    const index = await fetch(`${stack.siteUrl}/`);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const html = await index.text();
    const script = /<script[^>]+src="([^"]*\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const asset = await fetch(new URL(script as string, stack.siteUrl));
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await fetch(`${stack.siteUrl}/.site.json`)).status).toBe(404);
  });
});

describe('security and caching headers of the CMS', () => {
  it('answers public reads with nosniff, no framing, an ETag and revalidation', async () => {
    const response = await fetch(`${stack.cmsUrl}/api/auth/portals`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(directives(response.headers.get('content-security-policy'))['frame-ancestors']).toEqual(["'self'"]);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('cache-control')).toBe('public, no-cache');
    const etag = response.headers.get('etag') as string;
    expect((await fetch(`${stack.cmsUrl}/api/auth/portals`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });
});

/** A page that records every Content-Security-Policy violation (the event, and Chromium's console message). */
async function watchedPage(
  context: Awaited<ReturnType<Browser['newContext']>>,
): Promise<{ page: Page; violations: string[] }> {
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return { page, violations };
}

describe('the site under its Content-Security-Policy in Chromium', () => {
  it('loads the homepage, portfolio, education (with a YouTube player), dashboard and a syndication page without a violation', async () => {
    const context = await browser().newContext();
    const { page, violations } = await watchedPage(context);

    await page.goto(`${stack.siteUrl}/`);
    await page.getByText('Why Wasabi Stallions').first().waitFor();
    await page.goto(`${stack.siteUrl}/portfolio`);
    await page.locator('main .card img').first().waitFor();
    await page.goto(`${stack.siteUrl}/education`);
    await page.locator('main .card').first().waitFor();
    await page.goto(`${stack.siteUrl}/education/how-the-economic-machine-works`);
    await page.locator('main iframe[src*="youtube"]').waitFor({ state: 'attached' });

    await page.goto(`${stack.siteUrl}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(INVESTOR);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('link', { name: 'Review Due Diligence' }).first().waitFor();
    await page.goto(`${stack.siteUrl}/syndication/dashboard/wasabi-stallion-fund-v`);
    await page
      .getByRole('heading', { name: /Syndication$/ })
      .first()
      .waitFor();
    // Late reports (images, frames) arrive after the content shows.
    await page.waitForTimeout(500);

    expect(violations).toEqual([]);
    await context.close();
  });
});
