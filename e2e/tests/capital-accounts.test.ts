import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it, inject } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { keepScreenshot, signedInPage, sponsorDeskAs, useBrowser } from '../helpers/browser';

const stack = inject('stack');
const browser = useBrowser();

async function bytesOf(download: Download): Promise<Buffer> {
  return fs.readFileSync(await download.path());
}

/** The Distributions line of a statement, in cents, as pdftotext reads the PDF (a distribution shows as -$X). */
function distributionsIn(statement: Buffer): number {
  const text = spawnSync('pdftotext', ['-layout', '-', '-'], { input: statement, encoding: 'utf8' }).stdout;
  const shown = /Distributions\s+(-?)\$([\d,]+(?:\.\d{2})?)/.exec(text);
  if (!shown) throw new Error(`No Distributions line in the statement:\n${text}`);
  return Math.round(Number(shown[2].replace(/,/g, '')) * 100);
}

/** From the transactions page: this year's statement of Fund III, as downloaded. */
async function statementOfThisYear(page: Page): Promise<Buffer> {
  await page.getByRole('combobox', { name: 'Investment' }).selectOption({ label: 'Wasabi Stallion Fund III' });
  await page.getByRole('combobox', { name: 'Period' }).selectOption(`Year ${new Date().getUTCFullYear()}`);
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download statement' }).click();
  return bytesOf(await pdf);
}

describe('capital accounts in Chromium', () => {
  it('the demo investor sees IRR and an open capital call, their ledger with a CSV, and a sealed statement anyone can check', async () => {
    const page = await signedInPage(browser(), stack.siteUrl, 'investor.investing@wasabistallions.com');
    await page.goto(`${stack.siteUrl}/dashboard`);
    const summary = page.getByRole('region', { name: 'Investment Summary' });
    await summary.getByRole('columnheader', { name: 'IRR' }).waitFor();
    // Fund III keeps a ledger (seeded history): its IRR is a percentage, not a dash.
    const fundIII = summary
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Wasabi Stallion Fund III' }) });
    expect(await fundIII.getByRole('cell').nth(4).textContent()).toMatch(/^-?\d+\.\d{2}%$/);
    // Fund IV's call of ten days ago (10% of $60,000) is still to pay.
    const toComplete = page.getByRole('list', { name: 'Please Complete' });
    const openCall = toComplete.getByRole('link', {
      name: /^Complete Capital call: Wasabi Stallion Fund IV, \$6,000 due [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    });
    await openCall.waitFor();
    expect(await openCall.getAttribute('href')).toMatch(/^\/dashboard\/capital-calls\/[a-z0-9]+$/);
    await keepScreenshot(page, 'capital-accounts-dashboard.png');
    // The call's own page: what to pay, by when, where to wire it, and its notice.
    await openCall.click();
    await page.getByRole('heading', { level: 1, name: 'Capital call: Wasabi Stallion Fund IV' }).waitFor();
    await page.getByText('Open: waiting for your funds').waitFor();
    const wire = page.getByRole('region', { name: 'Wire instructions' });
    await wire.getByText(/Please send \$6,000 by [A-Z][a-z]{2} \d{1,2}, \d{4}\./).waitFor();
    await page
      .getByRole('region', { name: 'Notice' })
      .getByRole('button', { name: /^Capital call notice, \d{4}-\d{2}-\d{2}$/ })
      .waitFor();
    await keepScreenshot(page, 'capital-call-page.png');
    await page.goto(`${stack.siteUrl}/dashboard`);

    await summary.getByRole('link', { name: 'Transactions' }).click();
    await page.waitForURL(/\/dashboard\/transactions$/);
    const ledger = page.getByRole('table');
    await ledger.getByRole('cell', { name: 'Distribution (Return of capital)' }).waitFor();
    await page.getByRole('combobox', { name: 'Type' }).selectOption('distribution');
    await page.waitForURL(/type=distribution/);
    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const lines = (await bytesOf(await csv)).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('Date,Fund,Transaction,Amount,Net invested,Note');
    expect(lines.slice(1).every((line) => line.includes(',Distribution ('))).toBe(true);
    expect(lines.length - 1).toBe((await ledger.getByRole('row').count()) - 1);
    await keepScreenshot(page, 'capital-accounts-transactions.png');

    // A statement of last year for Fund III: sealed, and recognised by its fingerprint; a changed copy is not.
    await page.getByRole('combobox', { name: 'Investment' }).selectOption({ label: 'Wasabi Stallion Fund III' });
    const lastYear = new Date().getUTCFullYear() - 1;
    await page.getByRole('combobox', { name: 'Period' }).selectOption(`Year ${lastYear}`);
    const pdf = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download statement' }).click();
    const statement = await bytesOf(await pdf);
    expect(statement.subarray(0, 5).toString()).toBe('%PDF-');
    expect(statement.includes(Buffer.from('/SubFilter /ETSI.CAdES.detached'))).toBe(true);

    const stranger = await browser().newContext();
    const check = await stranger.newPage();
    await check.goto(`${stack.siteUrl}/statements/verify`);
    await check
      .getByLabel('Statement (PDF)')
      .setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: statement });
    await check.getByText(/^Issued by Wasabi Stallions on \d{4}-\d{2}-\d{2} for [A-Z]\. [A-Z]\.$/).waitFor();
    expect(await check.getByLabel('SHA-256 fingerprint').inputValue()).toBe(
      createHash('sha256').update(statement).digest('hex'),
    );
    const changed = Buffer.from(statement);
    changed[200] ^= 1;
    await check
      .getByLabel('Statement (PDF)')
      .setInputFiles({ name: 'changed.pdf', mimeType: 'application/pdf', buffer: changed });
    await check.getByText('Unknown: this portal issued no statement with this fingerprint').waitFor();
    await keepScreenshot(check, 'capital-accounts-verify.png');
    await stranger.close();
    await page.context().close();
  });
});

describe('the sponsor desk in the admin panel', () => {
  async function panelAs(email: string): Promise<Page> {
    const page = await sponsorDeskAs(browser(), stack.cmsUrl, email, 1440);
    await page.getByRole('tab', { name: 'Capital accounts' }).click();
    return page;
  }

  async function draftDistribution(page: Page, dollars: string): Promise<void> {
    await page.getByRole('combobox', { name: 'Fund' }).click();
    await page.getByRole('option', { name: 'Wasabi Stallion Fund III' }).click();
    await page.getByRole('textbox', { name: 'Total (dollars)' }).fill(dollars);
    await page.getByRole('button', { name: 'Preview allocation' }).click();
  }

  it('an editor drafts and is refused the post; an admin posts a distribution, and the investor sees it in a statement and a notice', async () => {
    // What the investor had before: this year's distributions on a statement, and today's notices (the suite may have
    // run before today).
    const investor = await signedInPage(browser(), stack.siteUrl, 'investor.investing@wasabistallions.com');
    const noticeTitle = `Distribution notice, ${new Date().toISOString().slice(0, 10)}`;
    const notices = async () => {
      await investor.goto(`${stack.siteUrl}/news_documents`);
      await investor.getByRole('heading', { name: 'News Documents' }).waitFor();
      return investor.getByRole('button', { name: noticeTitle }).count();
    };
    const noticesBefore = await notices();
    await investor.goto(`${stack.siteUrl}/dashboard/transactions`);
    const before = distributionsIn(await statementOfThisYear(investor));

    const editor = await panelAs('editor@portal.local');
    await draftDistribution(editor, '777.77');
    const allocation = editor.getByRole('grid', { name: 'Allocation' });
    await allocation.getByText('investor.investing@wasabistallions.com').waitFor();
    // An editor may draft, not post: the button is there, disabled, with the server's refusal that says who can.
    expect(await editor.getByRole('button', { name: /^Post to \d+ investors?$/ }).isDisabled()).toBe(true);
    await editor
      .getByText(
        'Posting money (events, funding, valuations, adjustments, imports, K-1s, amendments) needs the sponsor ' +
          'desk\'s "post" permission, which your role does not have: ask a Super Admin or a Sponsor Admin, or ask ' +
          'for the permission (Settings, Roles, Plugins, Sponsor desk).',
      )
      .waitFor();
    await editor.context().close();

    const admin = await panelAs('admin@portal.local');
    // A third decimal is refused, not rounded away (as the CSV import refuses it).
    await draftDistribution(admin, '1234.567');
    await admin
      .getByText('1234.567 is not an amount in dollars and cents: at most two decimals, like 1250.00')
      .waitFor();
    await admin.getByRole('textbox', { name: 'Total (dollars)' }).fill('1234.56');
    await admin.getByRole('button', { name: 'Preview allocation' }).click();
    // Shared between Fund III's two partners by funded capital: Ivan's $90,000 of the $225,000 funded is 40%, $493.824,
    // and the odd cent goes to the larger remainder (Petra's $740.736).
    const shares = admin.getByRole('grid', { name: 'Allocation' });
    await shares.getByText('$493.82').waitFor();
    await shares.getByText('$740.74').waitFor();
    await keepScreenshot(admin, 'sponsor-desk-draft.png');
    await admin.getByRole('button', { name: /^Post to \d+ investors?$/ }).click();
    // A money action says what it will do and asks first.
    const asked = admin.getByRole('alertdialog', { name: 'Post this distribution?' });
    await asked.getByText(/^Distribution of \$1,234\.56 .*to \d+ investors? of this fund/).waitFor();
    await keepScreenshot(admin, 'sponsor-desk-post-confirm.png');
    await asked.getByRole('button', { name: 'Post it' }).click();
    await admin.getByText(/^Posted: \d+ investors?, \$1,234\.56\./).waitFor();
    // An adjustment names the entry of the fund it corrects; the desk says when there is none.
    await admin.getByRole('textbox', { name: 'Entry corrected (id)' }).fill('nosuchentry0000000000000');
    await admin.getByRole('textbox', { name: 'Amount (dollars, negative takes away)' }).fill('-1.00');
    await admin.getByRole('button', { name: 'Record adjustment' }).click();
    await admin.getByText('Ledger entry not found').waitFor();
    // The posted distribution is listed with who posted it, among the fund's posted events; an older one opens on its allocation.
    const posted = admin.getByRole('grid', { name: 'Posted' });
    await posted.getByRole('row').filter({ hasText: '$1,234.56' }).filter({ hasText: 'Admin' }).first().waitFor();
    await posted.getByRole('row').last().getByRole('button', { name: 'Open' }).click();
    await admin
      .getByRole('heading', { name: /^(Distribution|Capital call) of .+ \(posted\)$/ })
      .filter({ hasNotText: '$1,234.56' })
      .waitFor();
    // The fund's ledger lists Petra's share; 'Correct…' names that entry in the adjustment, no documentId typed.
    const ledger = admin.getByRole('grid', { name: 'Ledger entries' });
    await ledger
      .getByRole('row')
      .filter({ hasText: '$740.74' })
      .first()
      .getByRole('button', { name: 'Correct…' })
      .click();
    await admin.getByText(/^Correcting: Distribution \(income\) of \$740\.74 by .+ on \d{4}-\d{2}-\d{2}$/).waitFor();
    await admin.getByRole('textbox', { name: 'Amount (dollars, negative takes away)' }).fill('-0.74');
    await admin.getByRole('textbox', { name: 'Why' }).fill('Rounding returned');
    await admin.getByRole('button', { name: 'Record adjustment' }).click();
    await admin
      .getByText(/^Adjustment of -\$0\.74 to Distribution \(income\) of \$740\.74 by .+ recorded\.$/)
      .waitFor();
    // The ledger reads its page again: the adjustment is its newest entry, naming the entry it corrects.
    const adjustment = ledger.getByRole('row').filter({ hasText: 'Rounding returned' });
    await adjustment.getByText('-$0.74').waitFor();
    await adjustment.getByText(/^Corrects the distribution of \d{4}-\d{2}-\d{2}$/).waitFor();
    await ledger.scrollIntoViewIfNeeded();
    await keepScreenshot(admin, 'sponsor-desk-ledger.png');
    await admin.context().close();

    // The investor sees their share.
    await investor.goto(`${stack.siteUrl}/dashboard/transactions`);
    await investor.getByRole('cell', { name: '$493.82' }).first().waitFor();
    // This year's statement now counts the investor's share of the new distribution, to the cent.
    expect(distributionsIn(await statementOfThisYear(investor)) - before).toBe(49_382);
    // The notice (sent after the post's answer) is among their News Documents, one more than before, and downloads as a PDF.
    await expect.poll(notices, { timeout: 30_000 }).toBe(noticesBefore + 1);
    const downloaded = new Promise<Download>((resolve) =>
      investor.context().on('page', (tab) => tab.on('download', resolve)),
    );
    await investor.getByRole('button', { name: noticeTitle }).first().click();
    const notice = await bytesOf(await downloaded);
    expect(notice.subarray(0, 5).toString()).toBe('%PDF-');
    await investor.context().close();
    // A long journey (two staff members, the investor's statement before and after, a notice): more than the default minute.
  }, 150_000);
});
