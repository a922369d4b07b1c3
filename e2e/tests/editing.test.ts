import { describe, expect, it, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../helpers/browser';

const stack = inject('stack');
const browser = useBrowser();
const PASSWORD = process.env.SEED_PASSWORD || 'DemoPass2026!';

async function signInAsSuperadmin(page: Page) {
  await page.goto(`${stack.siteUrl}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill('superadmin@wasabistallions.com');
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/\/dashboard$/);
}

async function typeEdit(page: Page) {
  for (const key of ['e', 'd', 'i', 't']) await page.keyboard.press(key);
}

/** Records whether any script planted in content ran on the page. */
async function watchForInjectedScripts(page: Page): Promise<() => Promise<unknown>> {
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  return async () => ({
    dialogs,
    marker: await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss ?? null),
  });
}

describe('a superadmin edits page text in place', () => {
  it('types e-d-i-t, edits a homepage title and body, reloads and sees them', async () => {
    const page = await browser().newPage();
    await signInAsSuperadmin(page);
    await page.goto(`${stack.siteUrl}/homepage`);
    await page.getByText('How it works', { exact: true }).waitFor();
    await typeEdit(page);

    await page.getByText('How it works', { exact: true }).click();
    const title = page.getByLabel('Title');
    await title.fill('How it really works');
    await title.press('Enter');
    await page.getByText('Saved').first().waitFor({ timeout: 15_000 });

    await page.getByText('Follow your horses and distributions on your dashboard.').click();
    const editor = page
      .getByRole('textbox', { name: 'Body of homepage-how-it-works' })
      .or(page.locator('.ql-editor'))
      .first();
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Edited in the browser.');
    await page.getByText('Saved').first().waitFor({ timeout: 15_000 });

    await page.reload();
    await page.getByText('How it really works', { exact: true }).waitFor();
    expect(await page.locator('main').innerText()).toContain('Edited in the browser.');
    await page.close();
  });

  it('never runs a script saved as content, through the editor or a crafted request', async () => {
    const page = await browser().newPage();
    const injected = await watchForInjectedScripts(page);
    await signInAsSuperadmin(page);
    const authCode = await page.evaluate(() => localStorage.getItem('authCode'));

    // A crafted request straight to the API, bypassing the editor.
    const payload =
      '<p>Crafted payload</p><img src="x" onerror="window.__xss=1;alert(1)"><script>window.__xss=2</script>' +
      '<a href="javascript:window.__xss=3">click me</a>';
    const response = await fetch(`${stack.cmsUrl}/api/contents/update`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authcode: authCode ?? '' },
      body: JSON.stringify({ slug: 'homepage-cta', portal: 'wasabistallions', title: 'Crafted', body: payload }),
    });
    expect(response.status).toBe(200);

    // The same kind of payload pasted into the editor.
    await page.goto(`${stack.siteUrl}/homepage`);
    await page.getByText('Crafted payload').waitFor();
    await typeEdit(page);
    await page.getByText('Crafted payload').click();
    const editor = page.locator('.ql-editor').first();
    await editor.waitFor();
    await editor.evaluate((element) => {
      const data = new DataTransfer();
      data.setData(
        'text/html',
        '<p>Pasted payload</p><img src="y" onerror="window.__xss=4;alert(4)"><script>window.__xss=5</script>',
      );
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await page.getByText('Saved').first().waitFor({ timeout: 15_000 });

    await page.reload();
    await page.getByText('Pasted payload').waitFor();
    // The planted link keeps its text but loses its javascript: target; clicking it runs nothing.
    const planted = page.locator('main a', { hasText: 'click me' });
    for (const href of await planted.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
      expect(href ?? '').not.toMatch(/^javascript:/i);
    }
    if (await planted.count()) await planted.first().click();
    await page.waitForTimeout(300);
    expect(await injected()).toEqual({ dialogs: 0, marker: null });
    expect(await page.locator('main [onerror], main script').count()).toBe(0);

    const stored = (await (
      await fetch(`${stack.cmsUrl}/api/contents/byslug`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ slug: ['homepage-cta'], portal: 'wasabistallions' }),
      })
    ).json()) as { contents: Record<string, { body: string }> };
    expect(stored.contents['homepage-cta'].body).not.toMatch(/onerror|<script|javascript:/i);
    await page.close();
  });
});
