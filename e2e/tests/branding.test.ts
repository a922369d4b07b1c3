import { describe, expect, it, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../helpers/browser';

const stack = inject('stack');
const browser = useBrowser();

interface Portal {
  slug: string;
  name: string;
  pageTitle: string;
  portalColor: string;
  primaryColor: string;
}

async function seededPortal(slug: string): Promise<Portal> {
  const { items } = (await (await fetch(`${stack.cmsUrl}/api/auth/portals`)).json()) as { items: Portal[] };
  const portal = items.find((item) => item.slug === slug);
  if (!portal) throw new Error(`portal ${slug} is not seeded`);
  return portal;
}

/** #rgb or #rrggbb as the rgb() string a browser computes. */
function rgb(hex: string): string {
  const full = hex.replace('#', '').replace(/^(.)(.)(.)$/, '$1$1$2$2$3$3');
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

async function expectBranded(page: Page, portal: Portal) {
  const logo = page.getByRole('img', { name: portal.name });
  await logo.waitFor();
  expect(await logo.getAttribute('src')).toBe(`/portals/${portal.slug}/logo.png`);
  expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect.poll(() => page.title()).toBe(`Home @ ${portal.pageTitle}`);
  expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe(`/portals/${portal.slug}/favicon.ico`);

  const colours = await page.evaluate(() => {
    const root = getComputedStyle(document.documentElement);
    const header = document.querySelector('header');
    return {
      primary: root.getPropertyValue('--bs-primary').trim(),
      header: header ? getComputedStyle(header).backgroundColor : '',
    };
  });
  expect(colours.primary.toLowerCase()).toBe(portal.primaryColor.toLowerCase());
  expect(colours.header).toBe(rgb(portal.portalColor));
}

describe("each seeded portal's homepage shows its own logo, title and colours", () => {
  for (const slug of ['wasabistallions', 'oakharbor']) {
    it(`${slug}, chosen by its domain`, async () => {
      const portal = await seededPortal(slug);
      const page = await browser().newPage();
      await page.goto(`http://${slug}.localhost:${stack.sitePort}/`);
      await expectBranded(page, portal);
      await page.close();
    });
  }

  it('the default portal on an unknown host, and another one by ?portal=', async () => {
    const page = await browser().newPage();
    await page.goto(`${stack.siteUrl}/`);
    await expectBranded(page, await seededPortal('wasabistallions'));
    await page.goto(`${stack.siteUrl}/?portal=oakharbor`);
    await expectBranded(page, await seededPortal('oakharbor'));
    await page.close();
  });
});
