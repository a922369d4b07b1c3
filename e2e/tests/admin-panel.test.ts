import { expect, it, inject } from 'vitest';
import { useBrowser } from '../helpers/browser';

const stack = inject('stack');
const browser = useBrowser();

it('content staff sign in to the admin panel and find portals listed by name', async () => {
  const page = await browser().newPage();
  await page.goto(`${stack.cmsUrl}/admin`);
  await page.locator('input[name="email"]').fill('editor@portal.local');
  await page.locator('input[name="password"]').fill(process.env.SEED_PASSWORD || 'DemoPass2026!');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/admin(\/)?$/);

  await page.goto(`${stack.cmsUrl}/admin/content-manager/collection-types/api::portal.portal`);
  const table = page.getByRole('grid');
  await expect.poll(() => table.innerText(), { timeout: 30_000 }).toContain('Wasabi Stallions');
  expect(await table.innerText()).toContain('Oak Harbor Capital');
  expect(await table.innerText()).toContain('oakharbor');

  await page.goto(`${stack.cmsUrl}/admin/content-manager/collection-types/api::fund.fund`);
  await expect.poll(() => page.getByRole('grid').innerText(), { timeout: 30_000 }).toContain('Pre-2020 Stallion Fund');
  await page.close();
});
