import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { keepScreenshot, sponsorDeskAs, useBrowser } from '../helpers/browser';

/** The desk's wide tables on a 1440 px screen (docs/sponsor-desk.md, Wide tables): actions first, columns chosen. */
const stack = inject('stack');
const browser = useBrowser();
const WIDTH = 1440;
const FUND = 'Wasabi Stallion Fund V';

const headings = async (page: Page, table: string) =>
  (await page.getByRole('grid', { name: table }).locator('thead th').allTextContents()).map((text) =>
    text.replace(/ [▲▼]$/, ''),
  );

describe('the sponsor desk tables at 1440 px in Chromium', () => {
  it("reach every row's actions without scrolling sideways, and keep the columns staff chose", async () => {
    const sponsor = await sponsorDeskAs(browser(), stack.cmsUrl, 'sponsor@portal.local', WIDTH);
    await sponsor
      .getByRole('region', { name: FUND, exact: true })
      .getByRole('button', { name: /^Committed: \d+ investors?$/ })
      .click();
    const commitments = sponsor.getByRole('grid', { name: 'Commitments' });
    const amend = commitments.getByRole('button', { name: /^Amend the commitment of / }).first();
    await amend.waitFor();
    const box = (await amend.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
    expect((await headings(sponsor, 'Commitments')).slice(0, 4)).toEqual(['Select', 'Investor', 'Actions', 'State']);
    // The actions wrap within their cell: none runs into the state beside it.
    const firstRow = commitments.locator('tbody tr').first();
    const stateLeft = (await firstRow.locator('td').nth(3).boundingBox())!.x;
    for (const action of await firstRow.locator('td').nth(2).getByRole('link').all()) {
      const edge = (await action.boundingBox())!;
      expect(edge.x + edge.width).toBeLessThanOrEqual(stateLeft);
    }

    await sponsor.getByRole('button', { name: 'Columns (8 of 8 shown)' }).click();
    const choice = sponsor.getByRole('group', { name: 'Columns shown' });
    await choice.getByRole('checkbox', { name: 'Feedback' }).click();
    await choice.getByRole('checkbox', { name: 'Method and spouse' }).click();
    await sponsor.getByRole('button', { name: 'Columns (6 of 8 shown)' }).waitFor();
    expect(await headings(sponsor, 'Commitments')).not.toContain('Feedback');
    await keepScreenshot(sponsor, 'sponsor-desk-commitments-1440.png');
    // Kept in this browser: the desk opened again shows the same columns.
    await sponsor.reload();
    await sponsor
      .getByRole('region', { name: FUND, exact: true })
      .getByRole('button', { name: /^Committed: \d+ investors?$/ })
      .click();
    await commitments.getByRole('row').nth(1).waitFor();
    const kept = await headings(sponsor, 'Commitments');
    expect(kept).not.toContain('Feedback');
    expect(kept).not.toContain('Method and spouse');
    expect(kept).toContain('Amount');

    await sponsor.getByRole('tab', { name: 'Investors' }).click();
    const investors = sponsor.getByRole('grid', { name: 'Investors' });
    await investors
      .getByRole('button', { name: /^Open / })
      .first()
      .waitFor();
    expect((await headings(sponsor, 'Investors')).slice(0, 3)).toEqual(['Investor', 'Details', 'Documents']);
    const open = (await investors
      .getByRole('button', { name: /^Open / })
      .first()
      .boundingBox())!;
    expect(open.x + open.width).toBeLessThanOrEqual(WIDTH);
    await sponsor.context().close();
  });
});
