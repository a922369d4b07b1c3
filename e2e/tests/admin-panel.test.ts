import path from 'node:path';
import { expect, it, inject } from 'vitest';
import { useBrowser } from '../helpers/browser';

const stack = inject('stack');
const browser = useBrowser();

it('content staff sign in to the admin panel, find their portal listed by name and edit a fund with readable fields', async () => {
  const page = await browser().newPage({ viewport: { width: 1440, height: 1100 } });
  // The panel is the production build: React and Redux say nothing of development mode in the console.
  const console: string[] = [];
  page.on('console', (message) => console.push(message.text()));
  await page.goto(`${stack.cmsUrl}/admin`);
  await page.locator('input[name="email"]').fill('editor@portal.local');
  await page.locator('input[name="password"]').fill(process.env.SEED_PASSWORD || 'DemoPass2026!');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/admin(\/)?$/);

  await page.goto(`${stack.cmsUrl}/admin/content-manager/collection-types/api::portal.portal`);
  const table = page.getByRole('grid');
  await expect.poll(() => table.innerText(), { timeout: 30_000 }).toContain('Wasabi Stallions');
  expect(await table.innerText()).toContain('wasabistallions');
  // The editor runs Wasabi Stallions only (the seed names them in its Staff): Oak Harbor is not theirs to see.
  expect(await table.innerText()).not.toContain('Oak Harbor Capital');

  // The Editor's list of types leaves out sessions, guest codes and settings.
  const navigation = page.getByRole('navigation', { name: 'Content Manager' });
  await expect.poll(() => navigation.innerText(), { timeout: 30_000 }).toContain('Fund');
  for (const hidden of ['Sign-in Session', 'Guest Session Code', 'Setting']) {
    expect(await navigation.getByRole('link', { name: hidden, exact: true }).count(), hidden).toBe(0);
  }

  // A portal's domains are a list of rows, and its colours open the colour picker.
  await page.getByRole('gridcell', { name: 'Wasabi Stallions', exact: true }).first().click();
  const firstDomain = page.getByRole('textbox', { name: 'Domains 1', exact: true });
  await firstDomain.waitFor({ timeout: 30_000 });
  expect(await firstDomain.inputValue()).toBe('wasabistallions.com');
  expect(await page.getByRole('textbox', { name: 'Domains 3', exact: true }).inputValue()).toBe(
    'wasabistallions.localhost',
  );
  expect(await page.getByRole('button', { name: 'Add a domain' }).count()).toBe(1);
  expect(await page.getByRole('button', { name: 'Color picker toggle' }).count()).toBe(3);
  if (process.env.E2E_SCREENSHOT_DIR) {
    await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOT_DIR, 'admin-portal-edit.png') });
  }

  await page.goto(`${stack.cmsUrl}/admin/content-manager/collection-types/api::fund.fund`);
  await expect.poll(() => page.getByRole('grid').innerText(), { timeout: 30_000 }).toContain('Wasabi Stallion Fund V');
  await page.getByRole('gridcell', { name: 'Wasabi Stallion Fund V', exact: true }).click();

  // Labels read as words, and HTML is edited in the rich-text editor showing the formatted text, not its tags.
  await page.getByText('Minimum investment', { exact: true }).waitFor({ timeout: 30_000 });
  expect(await page.getByText('Fund code', { exact: true }).count()).toBe(1);
  expect(await page.getByText('min_inv_amount', { exact: true }).count()).toBe(0);
  const description = page.getByRole('textbox', { name: 'Description', exact: true });
  await description.waitFor();
  expect(await description.innerText()).toContain('private placement memorandum');
  expect(await description.innerText()).not.toContain('<p>');
  expect(await page.locator('.ql-toolbar').count()).toBeGreaterThanOrEqual(2);

  // E2E_SCREENSHOT_DIR keeps pictures of the edit views, to look at them as content staff would.
  if (process.env.E2E_SCREENSHOT_DIR) {
    await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOT_DIR, 'admin-fund-edit.png') });
  }

  // What is typed there is saved as HTML and shown again after a reload.
  await description.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Edited in the panel.');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved document').waitFor({ timeout: 30_000 });
  await page.reload();
  const reloaded = page.getByRole('textbox', { name: 'Description', exact: true });
  await expect.poll(() => reloaded.innerText(), { timeout: 30_000 }).toContain('Edited in the panel.');
  await page.close();
  // Development builds say so in the console (React's DevTools line, Redux's state and action checks).
  expect(console.filter((text) => /React DevTools|InvariantMiddleware|non-serializable/.test(text))).toEqual([]);
});

it("the panel's scripts are sent compressed, as the browser accepts, and say they vary by it", async () => {
  const shell = await (await fetch(`${stack.cmsUrl}/admin`)).text();
  const main = /src="(\/admin\/strapi-[^"]+\.js)"/.exec(shell)?.[1];
  expect(main).toBeTruthy();
  const asked = async (encoding: string) => {
    const response = await fetch(`${stack.cmsUrl}${main}`, { headers: { 'accept-encoding': encoding } });
    await response.arrayBuffer();
    return { encoding: response.headers.get('content-encoding'), vary: response.headers.get('vary') ?? '' };
  };
  // Chromium asks for Brotli over HTTPS only; over plain HTTP it gets gzip.
  expect(await asked('gzip, deflate, br')).toEqual({ encoding: 'br', vary: expect.stringMatching(/Accept-Encoding/i) });
  expect(await asked('gzip, deflate')).toEqual({ encoding: 'gzip', vary: expect.stringMatching(/Accept-Encoding/i) });
  expect(await asked('identity')).toEqual({ encoding: null, vary: expect.stringMatching(/Accept-Encoding/i) });
});
