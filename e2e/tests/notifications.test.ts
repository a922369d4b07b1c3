import { describe, expect, it, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { keepScreenshot, signedInPage, useBrowser } from '../helpers/browser';

/**
 * The notification center (docs/notifications.md) in Chromium: read on the phone, read on the laptop; the phone's
 * toasts compact at the bottom; every notification on /notifications, each linked where it acts.
 */
const stack = inject('stack');
const browser = useBrowser();
const INVESTOR = 'investor.investing@wasabistallions.com';

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Notifications' });
/** The bell's badge, e.g. '9+' (its description reads '9+ unread'); null without one. */
async function badgeOf(page: Page): Promise<string | null> {
  const description = await bell(page).getAttribute('aria-describedby', { timeout: 2_000 });
  if (!description) return null;
  return (await page.locator(`[id="${description}"]`).innerText()).replace(/\s*unread$/, '');
}

describe('notifications in Chromium', () => {
  it('read on a phone (compact toasts at the bottom) is read on the laptop; the notifications page lists them all', async () => {
    const laptop = await signedInPage(browser(), stack.siteUrl, INVESTOR);
    await expect.poll(() => badgeOf(laptop), { timeout: 10_000 }).not.toBeNull();

    const phone = await signedInPage(browser(), stack.siteUrl, INVESTOR);
    await phone.setViewportSize({ width: 390, height: 844 });
    // On a phone the header's buttons are in its menu.
    await phone.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect.poll(() => badgeOf(phone), { timeout: 10_000 }).not.toBeNull();
    const unread = await badgeOf(phone);
    await bell(phone).click();
    const toasts = phone.getByRole('alert');
    await toasts.first().waitFor();
    await keepScreenshot(phone, 'notifications-phone-toasts.png');
    // The stack sits below the header, within the screen's bottom third, whatever the number of toasts.
    const header = (await phone.getByRole('banner').boundingBox())!;
    const stackBox = (await phone.locator('.toast-container').boundingBox())!;
    expect(stackBox.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(stackBox.height).toBeLessThanOrEqual(844 / 3 + 1);
    expect(stackBox.y + stackBox.height).toBeLessThanOrEqual(844 + 1);
    expect(await toasts.count()).toBe(unread === '9+' ? 10 : Number(unread));
    expect(await badgeOf(phone)).toBeNull();

    // The laptop, reloaded: read on the phone is read here (the CMS keeps the time for every device).
    await laptop.reload();
    await bell(laptop).waitFor();
    await laptop.waitForTimeout(1_500);
    expect(await badgeOf(laptop)).toBeNull();

    // Every notification, from the profile's links; none New any more; a capital call's opens its notice's page.
    await laptop.getByRole('banner').getByRole('link', { name: 'My Profile' }).click();
    await laptop
      .getByRole('navigation', { name: 'Profile links' })
      .getByRole('link', { name: 'Notifications' })
      .click();
    const list = laptop.getByRole('list', { name: 'Notifications' });
    await list.getByRole('listitem').first().waitFor();
    expect(await list.getByText('New', { exact: true }).count()).toBe(0);
    await keepScreenshot(laptop, 'notifications-page.png');
    const linked = list.getByRole('link').first();
    const href = await linked.getAttribute('href');
    await linked.click();
    await laptop.waitForURL((url) => url.pathname === href);
    await laptop.context().close();
    await phone.context().close();
  });
});
