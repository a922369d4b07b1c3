import type { Page } from 'playwright-core';
import { launchChromium } from '../../e2e/helpers/chromium';
import { PASSWORD } from './config';

/** The admin panel as staff meet it, cold (a fresh browser context: no cache, no session), median of three, in ms. */
export interface DeskPageFigures {
  /** First contentful paint of the panel's sign-in page. */
  loginPaint: number;
  /** From pressing Login to the panel's home page shown. */
  signIn: number;
  /** From opening /admin/sponsor-desk (signed in, nothing cached) to the board's fund cards shown. */
  deskShown: number;
  /** The desk page's first contentful paint. */
  deskPaint: number;
  /** The desk opened again in the same browser (its bundle cached): what staff meet day to day. */
  deskShownAgain: number;
  /** JavaScript the desk page loaded, as sent (compressed), in kB. */
  deskJsKb: number;
}

const LOADS = 3;

/** The median of three or more figures (the middle one once sorted). */
const median = (figures: number[]): number =>
  [...figures].sort((one, other) => one - other)[Math.floor(figures.length / 2)];

/** Opens the sponsor desk in `page` and waits for the board's fund cards: how long that took, in ms. */
async function openDesk(page: Page, base: string): Promise<number> {
  const opened = performance.now();
  await page.goto(`${base}/admin/sponsor-desk`);
  await page
    .getByText(/left to raise/i)
    .first()
    .waitFor({ timeout: 60_000 });
  return performance.now() - opened;
}

/** The seeded super admin signs in to the panel served at `base` and opens the sponsor desk, three times cold. */
export async function benchDeskPage(base: string): Promise<DeskPageFigures> {
  const browser = await launchChromium();
  const loads: DeskPageFigures[] = [];
  try {
    for (let load = 0; load < LOADS; load += 1) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
      const page = await context.newPage();
      await page.goto(`${base}/admin`);
      await page.locator('input[name="email"]').fill('admin@portal.local');
      await page.locator('input[name="password"]').fill(PASSWORD);
      const loginPaint = await firstPaint(page);
      const pressed = performance.now();
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(/\/admin\/?$/, { timeout: 60_000 });
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
      const signIn = performance.now() - pressed;
      // The desk opened as a bookmark is: a new browser context with the session kept and nothing cached.
      const session = await context.storageState();
      await context.close();
      const deskContext = await browser.newContext({ viewport: { width: 1440, height: 1000 }, storageState: session });
      const desk = await deskContext.newPage();
      const deskShown = await openDesk(desk, base);
      const deskJsKb = await desk.evaluate(
        () =>
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
            .filter((entry) => /\.m?js(\?|$)/.test(entry.name))
            .reduce((sum, entry) => sum + (entry.encodedBodySize || entry.transferSize), 0) / 1024,
      );
      const deskPaint = await firstPaint(desk);
      const deskShownAgain = await openDesk(await deskContext.newPage(), base);
      loads.push({ loginPaint, signIn, deskShown, deskPaint, deskShownAgain, deskJsKb });
      await deskContext.close();
    }
  } finally {
    await browser.close();
  }
  const middle = (key: keyof DeskPageFigures) => Math.round(median(loads.map((figures) => figures[key])));
  return {
    loginPaint: middle('loginPaint'),
    signIn: middle('signIn'),
    deskShown: middle('deskShown'),
    deskPaint: middle('deskPaint'),
    deskShownAgain: middle('deskShownAgain'),
    deskJsKb: middle('deskJsKb'),
  };
}

const firstPaint = (page: Page): Promise<number> =>
  page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1);
