import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium } from './chromium';

/** One browser for the calling test file, opened before its tests and closed after them. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not open yet');
    return browser;
  };
}

/**
 * A page of a fresh browser context (its own storage, downloads accepted), signed in through the header's dialog
 * with the demo password, on the dashboard.
 */
export async function signedInPage(
  browser: Browser,
  siteUrl: string,
  email: string,
  password = 'DemoPass2026!',
): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${siteUrl}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log In' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.waitForURL(/\/dashboard$/);
  return page;
}

/** E2E_SCREENSHOT_DIR keeps pictures of the pages, to look at them as their users would. */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOT_DIR)
    await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOT_DIR, name), fullPage: true });
}

/**
 * The panel sessions of this test file, by address: each staff member signs in once and later pages start from that
 * session (Strapi refuses a sixth sign-in of one address within five minutes, and the files run one after another).
 */
const panelSessions = new Map<string, BrowserContextOptions['storageState']>();

/** The admin panel's sponsor desk, signed in as a seeded staff member, in a page `width` pixels wide. */
export async function sponsorDeskAs(browser: Browser, cmsUrl: string, email: string, width = 1600): Promise<Page> {
  const viewport = { width, height: 1200 };
  const session = panelSessions.get(email);
  const page = await (await browser.newContext({ viewport, ...(session && { storageState: session }) })).newPage();
  if (!session) {
    await page.goto(`${cmsUrl}/admin`);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(process.env.SEED_PASSWORD || 'DemoPass2026!');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/admin(\/)?$/);
    panelSessions.set(email, await page.context().storageState());
  }
  await page.goto(`${cmsUrl}/admin/sponsor-desk`);
  await page.getByRole('heading', { name: 'Sponsor desk' }).waitFor({ timeout: 30_000 });
  return page;
}
