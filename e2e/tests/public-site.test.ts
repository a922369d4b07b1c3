import { describe, expect, it, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../helpers/browser';

const stack = inject('stack');
const browser = useBrowser();

const site = (slug: string, path: string) => `http://${slug}.localhost:${stack.sitePort}${path}`;

async function textOf(page: Page, path: string, slug: string, waitFor: string): Promise<string> {
  await page.goto(site(slug, path));
  await page.getByText(waitFor, { exact: false }).first().waitFor();
  return page.locator('main').innerText();
}

describe('a visitor browses both portals and sees only that portal’s content', () => {
  it('homepages, team pages and legal pages', async () => {
    const page = await browser().newPage();
    const wasabiHome = await textOf(page, '/', 'wasabistallions', 'Why Wasabi Stallions');
    const oakHome = await textOf(page, '/', 'oakharbor', 'Oak Harbor');
    expect(oakHome).not.toContain('Why Wasabi Stallions');
    expect(wasabiHome).not.toEqual(oakHome);

    const wasabiTeam = await textOf(page, '/about', 'wasabistallions', 'Hana Ishikawa');
    expect(wasabiTeam).toContain('Dale Whitcomb');
    expect(wasabiTeam).not.toContain('Eleanor Vance');
    const oakTeam = await textOf(page, '/about', 'oakharbor', 'Eleanor Vance');
    expect(oakTeam).not.toContain('Hana Ishikawa');

    const privacy = await textOf(page, '/privacy-policy', 'wasabistallions', 'What we collect');
    expect(privacy).toContain('We never sell your data');
    await page.goto(site('oakharbor', '/welcome'));
    await page.getByText(/not found/i).first().waitFor();
    await page.close();
  });

  it('the Wasabi Stallions portfolio: filters, funds in order, Pre-2020 last, exited filter', async () => {
    const page = await browser().newPage();
    await page.goto(site('wasabistallions', '/portfolio'));
    await page.getByText('Midnight Wasabi').waitFor();
    for (const label of ['Asset Type', 'Fund', 'Exited Assets']) expect(await page.getByText(label, { exact: true }).count()).toBeGreaterThan(0);
    const text = await page.locator('main').innerText();
    expect(text.indexOf('Pre-2020 Stallion Fund Asset')).toBeGreaterThan(text.indexOf('Midnight Wasabi'));
    expect(text).not.toContain('Harbor Point Apartments');
    const link = page.getByRole('link', { name: /Midnight Wasabi/ }).first();
    expect(await link.getAttribute('target')).toBe('_blank');

    await page.getByText('Show Exited Assets Only').click();
    await expect.poll(() => page.getByText('Midnight Wasabi').count()).toBe(0);
    expect(await page.getByText('Nori Belle').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('the Oak Harbor portfolio shows its own cards only', async () => {
    const page = await browser().newPage();
    const text = await textOf(page, '/portfolio', 'oakharbor', 'Harbor Point Apartments');
    expect(text).toContain('Cedar Ridge Logistics Center');
    expect(text).not.toContain('Midnight Wasabi');
    await page.close();
  });

  it('education pages list published items of the portal and open one', async () => {
    const page = await browser().newPage();
    await page.goto(site('wasabistallions', '/education'));
    const firstCard = page.locator('main a[href^="/education/"]').first();
    await firstCard.waitFor();
    const title = (await firstCard.innerText()).split('\n')[0];
    await firstCard.click();
    await page.waitForURL(/\/education\/[^/]+$/);
    await page.getByText(title, { exact: false }).first().waitFor();
    expect(await page.title()).toContain('@ Wasabi Stallions');
    await page.goto(site('wasabistallions', '/education/no-such-item'));
    await page.getByText('Not found').waitFor();
    await page.close();
  });

  it('subscribes to the newsletter', async () => {
    const page = await browser().newPage();
    await page.goto(site('oakharbor', '/education'));
    const input = page.getByRole('textbox', { name: /email/i }).last();
    await input.fill(`reader.${Date.now()}@example.com`);
    await page.getByRole('button', { name: /subscribe/i }).last().click();
    await page.getByRole('button', { name: 'Subscibed' }).waitFor();
    expect(await page.getByRole('button', { name: 'Subscibed' }).isDisabled()).toBe(true);
    await page.close();
  });
});
