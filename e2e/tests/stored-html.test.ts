import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInPage, useBrowser } from '../helpers/browser';

const stack = inject('stack');
const browser = useBrowser();

const PASSWORD = 'DemoPass2026!';
const FUND_SLUG = 'wasabi-stallion-fund-v';

/**
 * Each payload would set window.__xss (or open a dialog) if the browser ran it. They are stored two ways: through
 * the CMS's API (its sanitiser cleans them on write) and straight into the database, past the CMS, so the site's own
 * sanitiser is all that stands between them and the page.
 */
const PAYLOAD = [
  '<p>stored-html-marker</p>',
  '<script>window.__xss = "script"</script>',
  '<img src="x" onerror="window.__xss = \'onerror\'">',
  '<svg><script>window.__xss = "svg"</script></svg>',
  '<a id="xss-link" href="javascript:window.__xss=\'href\'">xss link</a>',
  '<iframe src="javascript:parent.__xss=\'iframe\'"></iframe>',
  '<div style="background:url(javascript:window.__xss=1)" onmouseover="window.__xss=\'hover\'">hover here</div>',
  '<form action="javascript:window.__xss=\'form\'"><button id="xss-button">go</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=\'mxss\'">',
].join('');

// better-sqlite3 is the CMS's own driver (hoisted to the root node_modules).
interface Sqlite {
  prepare(sql: string): {
    get(...values: unknown[]): unknown;
    all(...values: unknown[]): unknown[];
    run(...values: unknown[]): unknown;
  };
  close(): void;
}
const Database = createRequire(path.join(__dirname, '..', '..', 'cms', 'package.json'))('better-sqlite3') as new (
  file: string,
) => Sqlite;
const database = () => new Database(path.join(path.dirname(stack.outboxDir), 'e2e.db'));

/** The descriptions as seeded, put back afterwards for the other journeys. */
let restore: () => void = () => undefined;

beforeAll(async () => {
  const db = database();
  try {
    const fund = db.prepare('SELECT id, description FROM funds WHERE url_slug = ?').get(FUND_SLUG) as {
      id: number;
      description: string | null;
    };
    const investments = db
      .prepare(
        'SELECT i.id, i.description FROM investments i JOIN investments_fund_lnk l ON l.investment_id = i.id WHERE l.fund_id = ?',
      )
      .all(fund.id) as { id: number; description: string | null }[];
    db.prepare('UPDATE funds SET description = ? WHERE id = ?').run(`${fund.description ?? ''}${PAYLOAD}`, fund.id);
    for (const investment of investments)
      db.prepare('UPDATE investments SET description = ? WHERE id = ?').run(
        `${investment.description ?? ''}${PAYLOAD}`,
        investment.id,
      );
    restore = () => {
      const again = database();
      again.prepare('UPDATE funds SET description = ? WHERE id = ?').run(fund.description, fund.id);
      for (const investment of investments)
        again.prepare('UPDATE investments SET description = ? WHERE id = ?').run(investment.description, investment.id);
      again.close();
    };
  } finally {
    db.close();
  }
});

afterAll(() => restore());

/** Loads a page with a watch on dialogs, lets it settle, hovers and clicks the payload's bait, and answers what ran. */
async function visit(
  page: Page,
  url: string,
  marker: string,
): Promise<{ ran: unknown; dialogs: string[]; handlers: number; scripts: number }> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(url);
  await page.getByText(marker).first().waitFor();
  for (const bait of ['text=hover here', '#xss-link', '#xss-button']) {
    const element = page.locator(bait).first();
    if (await element.count()) await element.click({ timeout: 2_000, force: true }).catch(() => undefined);
  }
  await page.waitForTimeout(300);
  const found = await page.evaluate(() => ({
    ran: (window as unknown as { __xss?: unknown }).__xss,
    // What a browser would run: event handlers, and javascript: URLs where a URL is followed or loaded. (A style's
    // url(javascript:...) is never run by a current browser; DOMPurify keeps style attributes.)
    handlers: Array.from(document.querySelectorAll('main *')).filter((element) =>
      Array.from(element.attributes).some(
        (attribute) =>
          /^on/i.test(attribute.name) ||
          (/^(href|src|action|formaction|xlink:href|data)$/i.test(attribute.name) &&
            /^\s*javascript:/i.test(attribute.value)),
      ),
    ).length,
    scripts: document.querySelectorAll('main script, main iframe[src^="javascript"]').length,
  }));
  return { ...found, dialogs };
}

describe('stored HTML with script payloads renders inert in Chromium', () => {
  it('a content item stored through the API (the CMS sanitises it), on the privacy policy page', async () => {
    const signIn = await fetch(`${stack.cmsUrl}/api/auth/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'superadmin@wasabistallions.com',
        password: PASSWORD,
        portal: 'wasabistallions',
      }),
    });
    const { authCode } = (await signIn.json()) as { authCode: string };
    const current = await fetch(`${stack.cmsUrl}/api/contents/byslug`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ slug: ['privacy-policy'], portal: 'wasabistallions' }),
    });
    const original = ((await current.json()) as { contents: Record<string, { body: string }> }).contents[
      'privacy-policy'
    ].body;
    const update = (body: string) =>
      fetch(`${stack.cmsUrl}/api/contents/update`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authcode: authCode },
        body: JSON.stringify({ slug: 'privacy-policy', portal: 'wasabistallions', body }),
      });
    expect((await update(`${original}${PAYLOAD}`)).status).toBe(200);
    try {
      const page = await browser().newPage();
      const result = await visit(page, `${stack.siteUrl}/privacy-policy`, 'stored-html-marker');
      expect(result).toEqual({ ran: undefined, dialogs: [], handlers: 0, scripts: 0 });
      await page.close();
    } finally {
      await update(original);
    }
  });

  it('fund and investment descriptions written straight into the database (past the CMS), on the investment page', async () => {
    const page = await signedInPage(browser(), stack.siteUrl, 'investor.going@wasabistallions.com', PASSWORD);
    const result = await visit(page, `${stack.siteUrl}/syndication/dashboard/${FUND_SLUG}`, 'stored-html-marker');
    expect(result).toEqual({ ran: undefined, dialogs: [], handlers: 0, scripts: 0 });
    await page.context().close();
  });
});
