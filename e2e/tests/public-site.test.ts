import { describe, expect, it, inject } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { contrastRatio } from '../../rules/src/index';
import { useBrowser } from '../helpers/browser';

const stack = inject('stack');
const browser = useBrowser();

const site = (slug: string, path: string) => `http://${slug}.localhost:${stack.sitePort}${path}`;

/** Waits until the image has actually loaded (a broken or blocked one keeps a natural width of 0). */
async function expectLoaded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

/** The colour an element draws in and the header's background behind it, as #rrggbb. */
async function colorsOf(element: Locator, header: Locator): Promise<[string, string]> {
  const hex = (rgb: string) =>
    `#${(rgb.match(/\d+/g) ?? [])
      .slice(0, 3)
      .map((n) => Number(n).toString(16).padStart(2, '0'))
      .join('')}`;
  const color = await element.evaluate((node) => getComputedStyle(node).color);
  const background = await header.evaluate((node) => getComputedStyle(node).backgroundColor);
  return [hex(color), hex(background)];
}

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
    await page
      .getByText(/not found/i)
      .first()
      .waitFor();
    await page.close();
  });

  it('the Wasabi Stallions portfolio: filters, funds in order, Pre-2020 last, exited filter', async () => {
    const page = await browser().newPage();
    await page.goto(site('wasabistallions', '/portfolio'));
    await page.getByText('Midnight Wasabi').waitFor();
    for (const label of ['Asset Type', 'Fund', 'Exited Assets'])
      expect(await page.getByText(label, { exact: true }).count()).toBeGreaterThan(0);
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

  it('the Oak Harbor portfolio shows its own cards only, with the pictures the seed uploaded to the CMS', async () => {
    const page = await browser().newPage();
    const text = await textOf(page, '/portfolio', 'oakharbor', 'Harbor Point Apartments');
    expect(text).toContain('Cedar Ridge Logistics Center');
    expect(text).not.toContain('Midnight Wasabi');
    const picture = page.locator('.card', { hasText: 'Harbor Point Apartments' }).locator('img');
    expect(await picture.getAttribute('src')).toMatch(new RegExp(`^${stack.cmsUrl}/uploads/`));
    await expectLoaded(picture);
    await page.close();
  });

  it('team and education cards show their pictures too', async () => {
    const page = await browser().newPage();
    await page.goto(site('wasabistallions', '/about'));
    await expectLoaded(page.getByRole('img', { name: 'Hana Ishikawa' }));
    await page.goto(site('wasabistallions', '/education'));
    await expectLoaded(page.locator('main .card img').first());
    await page.close();
  });

  it("the homepage's Sign up link opens the registration dialog", async () => {
    const page = await browser().newPage();
    await page.goto(site('wasabistallions', '/'));
    await page.getByRole('link', { name: 'Sign up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign Up' });
    await dialog.getByLabel('First Name').waitFor();
    expect(await dialog.getByRole('button', { name: 'Sign Up' }).isVisible()).toBe(true);
    await page.close();
  });

  it.each(['wasabistallions', 'oakharbor'])(
    'on a phone, the menu button of %s stands out on the header in light and dark mode',
    async (slug) => {
      const page = await browser().newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      await page.goto(site(slug, '/'));
      const header = page.locator('header.portal-header');
      const toggler = header.getByRole('button', { name: 'Toggle navigation' });
      await toggler.waitFor();
      for (const mode of ['light', 'dark']) {
        expect(await toggler.isVisible(), mode).toBe(true);
        const box = await toggler.boundingBox();
        expect(box && box.width >= 24 && box.height >= 24, mode).toBe(true);
        const [icon, background] = await colorsOf(toggler.locator('svg'), header);
        expect(contrastRatio(icon, background), `${mode}: ${icon} on ${background}`).toBeGreaterThanOrEqual(3);
        if (mode === 'light') {
          await toggler.click();
          await header.getByRole('button', { name: 'Dark Mode' }).click();
          await expect.poll(() => page.evaluate(() => document.documentElement.dataset.bsTheme)).toBe('dark');
        }
      }
      await page.close();
    },
  );

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
    await page
      .getByRole('button', { name: /subscribe/i })
      .last()
      .click();
    await page.getByRole('button', { name: 'Subscibed' }).waitFor();
    expect(await page.getByRole('button', { name: 'Subscibed' }).isDisabled()).toBe(true);
    await page.close();
  });
});
