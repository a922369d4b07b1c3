import { describe, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { keepScreenshot, signedInPage, sponsorDeskAs, useBrowser } from '../helpers/browser';

/** The sponsor desk's K-1 tab (docs/sponsor-desk.md, K-1s) with the investor's dashboard beside it. */
const stack = inject('stack');
const browser = useBrowser();
const deskAs = (email: string): Promise<Page> => sponsorDeskAs(browser(), stack.cmsUrl, email);

describe('the sponsor desk K-1 tab in Chromium', () => {
  it("an admin issues a partner's K-1 from a file matched by its name; the investor's dashboard says when to expect it, then that it is ready", async () => {
    const year = new Date().getUTCFullYear();
    const investor = await signedInPage(browser(), stack.siteUrl, 'investor.investing@wasabistallions.com');
    await investor.goto(`${stack.siteUrl}/dashboard`);
    const taxes = investor.getByRole('list', { name: 'Tax Documents' });
    await taxes.getByText(`Wasabi Stallion Fund IV: K-1 for ${year} expected by March 15`).waitFor();

    const admin = await deskAs('admin@portal.local');
    await admin.getByRole('tab', { name: 'K-1s' }).click();
    await admin.getByRole('combobox', { name: 'Fund' }).click();
    await admin.getByRole('option', { name: 'Wasabi Stallion Fund IV', exact: true }).click();
    await admin.getByRole('button', { name: `Open K-1 ${year}` }).click();
    const schedule = admin.getByRole('region', { name: `K-1 ${year}` });
    // Ivan and Petra are Fund IV's partners (the demo seed): Ivan's K-1 is not issued yet.
    const ivan = schedule
      .getByRole('grid', { name: 'Partners' })
      .getByRole('row')
      .filter({ hasText: 'investor.investing@wasabistallions.com' });
    await ivan.getByText('Not issued').waitFor();
    await schedule.getByLabel('K-1 files').setInputFiles({
      name: `K1 ${year} Investor Ivan.pdf`,
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% K-1\n%%EOF\n'),
    });
    await schedule.getByRole('grid', { name: 'Files to issue' }).getByText('Matched').waitFor();
    await keepScreenshot(admin, 'sponsor-desk-k1.png');
    await schedule.getByRole('button', { name: 'Issue 1 file' }).click();
    await admin.getByText('1 of 1 issued; each investor is notified.').waitFor();
    await ivan.getByText(new RegExp(`^K1 ${year} Investor Ivan\\.pdf · issued`)).waitFor();
    // The partners are paged and searched on the server; a file no name matches is given its partner from a search.
    await schedule.getByRole('textbox', { name: 'Search partners by name or email' }).fill('nobody-such');
    await schedule.getByRole('button', { name: 'Search', exact: true }).click();
    await schedule.getByText('No partners found').waitFor();
    await schedule.getByLabel('K-1 files').setInputFiles({
      name: 'K-1 scan 0042.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% K-1\n%%EOF\n'),
    });
    const files = schedule.getByRole('grid', { name: 'Files to issue' });
    await files.getByText('Choose by hand').waitFor();
    await files.getByRole('button', { name: 'Choose the investor for K-1 scan 0042.pdf' }).click();
    const choice = files.getByRole('combobox', { name: 'Investor for K-1 scan 0042.pdf' });
    await choice.click();
    await choice.pressSequentially('ivan');
    await admin.getByRole('option', { name: 'Ivan Investor <investor.investing@wasabistallions.com>' }).click();
    await files.getByText('Ivan Investor <investor.investing@wasabistallions.com>').waitFor();
    await files.getByText('Matched').waitFor();
    await admin.context().close();

    // Ivan has his: his dashboard leads to Tax Documents, which lists it (Petra's is still to come).
    await investor.goto(`${stack.siteUrl}/dashboard`);
    await taxes
      .getByRole('link', { name: `Wasabi Stallion Fund IV: K-1 for ${year} is ready under Tax Documents` })
      .click();
    await investor.getByRole('button', { name: `K-1 ${year}, Wasabi Stallion Fund IV` }).waitFor();
    await investor.context().close();
  });
});
