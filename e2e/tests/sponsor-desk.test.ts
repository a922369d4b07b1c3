import fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { keepScreenshot, sponsorDeskAs, useBrowser } from '../helpers/browser';
import { mailFromOutbox } from '../helpers/outbox';
import { readDocumentPage } from '../helpers/signing';

const stack = inject('stack');
const browser = useBrowser();
const FUND = 'Wasabi Stallion Fund V';

/** The sponsor desk in the admin panel, signed in as a seeded staff member. */
const deskAs = (email: string): Promise<Page> => sponsorDeskAs(browser(), stack.cmsUrl, email);

const fundCard = (page: Page) => page.getByRole('region', { name: FUND, exact: true });
const table = (page: Page) => page.getByRole('grid', { name: 'Commitments' });

/** The investor (name) and email of each row the table shows, in its order. */
const shownRows = (page: Page): Promise<[string, string][]> =>
  table(page)
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => {
        const [name = '', email = ''] = Array.from(row.children[1].querySelectorAll('*'))
          .filter((cell) => !cell.children.length)
          .map((cell) => cell.textContent ?? '');
        return [name, email] as [string, string];
      }),
    );

/** Picks a choice of the commitments' State dropdown ('Countersigned', 'All states'), whatever its count. */
async function chooseState(page: Page, label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: new RegExp(`^${label} \\(\\d+\\)$`) }).click();
  await expect
    .poll(async () => page.getByRole('combobox', { name: 'State' }).textContent())
    .toMatch(new RegExp(`^${label} \\(\\d+\\)$`));
}

/** How many investors the State filter counts for `label`, as its option reads (the list closed again after). */
async function stateCount(page: Page, label: string): Promise<number> {
  await page.getByRole('combobox', { name: 'State' }).click();
  const option = page.getByRole('option', { name: new RegExp(`^${label} \\(\\d+\\)$`) });
  const count = Number(/\((\d+)\)$/.exec((await option.textContent()) ?? '')?.[1]);
  await page.keyboard.press('Escape');
  return count;
}

/** An investor signs in (the site's call) and downloads the fund's offering memorandum: a File Download row of theirs. */
async function downloadOfferingMemorandum(email: string, fundId: string): Promise<void> {
  const ask = async (method: string, route: string, body?: unknown, authCode?: string) => {
    const response = await fetch(`${stack.cmsUrl}${route}`, {
      method,
      headers: { 'content-type': 'application/json', origin: stack.siteUrl, ...(authCode && { authcode: authCode }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, `${method} ${route}`).toBe(200);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const { authCode } = (await ask('POST', '/api/auth/auth', { username: email, password: 'DemoPass2026!' })) as {
    authCode: string;
  };
  const { items } = (await ask('GET', `/api/funds/${fundId}/synd_documents?limit=999`, undefined, authCode)) as {
    items: { id: number; documentId?: string; title: string }[];
  };
  const memorandum = items.find((document) => document.title === 'Offering memorandum')!;
  await ask(
    'POST',
    `/api/profile/synd_documents/download?fundId=${fundId}`,
    { id: String(memorandum.documentId ?? memorandum.id) },
    authCode,
  );
}

/** Opens the fund's commitments in a state from its card, and waits for the table's rows. */
async function openState(page: Page, label: string): Promise<void> {
  await fundCard(page)
    .getByRole('button', { name: new RegExp(`^${label}: \\d+ investors?$`) })
    .click();
  await table(page).waitFor();
  await expect
    .poll(async () => page.getByRole('combobox', { name: 'State' }).textContent())
    .toMatch(new RegExp(`^${label} \\(\\d+\\)$`));
}

describe('the sponsor desk raise board in Chromium', () => {
  it('an editor sees the raise and reminds who must still sign, once a day; only an admin reads, countersigns two at once and exports', async () => {
    const editor = await deskAs('editor@portal.local');
    const card = fundCard(editor);
    await card.getByText('Left to raise').waitFor();
    // A raising fund counts its days left; one that staff closed before its date (the seed's Mare Fund I, fully
    // subscribed early) says so instead.
    expect(await card.getByText(/^Closes \w{3} \d{1,2}, \d{4} · \d+ days? left$/).count()).toBe(1);
    await editor
      .getByRole('region', { name: 'Wasabi Mare Fund I', exact: true })
      .getByText(/^Closed early · close date was \w{3} \d{1,2}, \d{4}$/)
      .waitFor();
    // The latest declines with the feedback each investor gave.
    await card
      .getByRole('region', { name: `Why people passed on ${FUND}` })
      .getByText('Dee Decliner: The timing does not work for me this year; please keep me posted on the yearling fund.')
      .waitFor();
    expect(await card.getByRole('button', { name: /^Investor signed: \d+ investors$/ }).textContent()).toMatch(
      /^Investor signed \d+$/,
    );
    await openState(editor, 'Committed');
    await table(editor).getByText('investor.going@wasabistallions.com').waitFor();
    // The button says how many the table lists: those it reminds.
    const remind = editor.getByRole('button', { name: /^Remind \d+ to sign$/ });
    const listed = Number(/^Remind (\d+) to sign$/.exec((await remind.textContent()) ?? '')?.[1]);
    // Export and countersigning are for admins: the editor is not offered them (asked once the Remind button shows
    // that the panel has the editor's permissions, which the same check gives).
    expect(await editor.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
    expect(await editor.getByRole('button', { name: /^Countersign selected/ }).count()).toBe(0);
    await keepScreenshot(editor, 'sponsor-desk-board.png');
    expect(listed).toBeGreaterThan(0);
    await remind.click();
    await editor
      .getByText(
        new RegExp(
          `^Reminders going out: ${listed}\\. Skipped \\(reminded already on \\d{4}-\\d{2}-\\d{2}, a day counted in UTC\\): 0\\.`,
        ),
      )
      .waitFor();
    const mail = await mailFromOutbox(
      stack.outboxDir,
      'investor.going@wasabistallions.com',
      'Reminder: Midnight Wasabi Stallion Syndicate is waiting for you',
    );
    expect(mail).toContain('Please sign your subscription agreement');
    // The table shows when each was reminded; a second click the same day reminds nobody.
    const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
    await table(editor)
      .getByRole('row', { name: /Gina Going/ })
      .getByText(today)
      .first()
      .waitFor();
    await remind.click();
    await editor
      .getByText(
        /^Reminders going out: 0\. Skipped \(reminded already on \d{4}-\d{2}-\d{2}, a day counted in UTC\): [1-9]\d*\./,
      )
      .waitFor();
    await editor.context().close();

    // The sponsor's admin (the Sponsor Admin role, not a super admin) reads what they countersign, in the panel.
    const admin = await deskAs('sponsor@portal.local');
    await openState(admin, 'Investor signed');
    const rows = table(admin);
    // A new signing link is offered where one waits for a signature (Sue's spouse has not signed), not where the
    // agreement waits for management.
    await rows.getByRole('button', { name: 'New signing link for Sue Spouse' }).waitFor();
    expect(await rows.getByRole('button', { name: 'New signing link for Sid Signer' }).count()).toBe(0);
    // pdf.js comes with the reader, not with the desk.
    const pdfjsLoaded = () => admin.evaluate(() => 'pdfjsLib' in globalThis);
    expect(await pdfjsLoaded()).toBe(false);
    await rows.getByRole('button', { name: 'Read the agreement of Sid Signer' }).click();
    const reader = admin.getByRole('dialog', { name: 'Subscription agreement of Sid Signer' });
    await readDocumentPage(admin, 2, reader);
    expect(await pdfjsLoaded()).toBe(true);
    await keepScreenshot(admin, 'sponsor-desk-agreement.png');
    // On a phone's width the pages fit the dialog; zooming in makes them wider than it, to scroll.
    const viewport = admin.viewportSize();
    await admin.setViewportSize({ width: 390, height: 844 });
    const firstPage = reader.getByRole('img', { name: /^Page 1 of \d+$/ });
    const widthOf = async () => (await firstPage.boundingBox())?.width ?? 0;
    await expect.poll(widthOf).toBeLessThanOrEqual(390 - 32);
    const fitted = await widthOf();
    expect(fitted).toBeGreaterThan(200);
    await reader.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(widthOf).toBeGreaterThan(fitted * 1.2);
    await keepScreenshot(admin, 'sponsor-desk-agreement-phone.png');
    await reader.getByRole('button', { name: 'Fit to width' }).click();
    await expect.poll(widthOf).toBe(fitted);
    if (viewport) await admin.setViewportSize(viewport);
    await admin.keyboard.press('Escape');
    await reader.waitFor({ state: 'detached' });
    for (const name of ['Sid Signer', 'Rhea Ready'])
      await rows.getByRole('checkbox', { name: `Select ${name}` }).check();
    // Another staff member has the same table open: its counts follow the change once their table reads again.
    const colleague = await deskAs('admin@portal.local');
    await openState(colleague, 'Investor signed');
    await table(colleague).getByText('Sid Signer').waitFor();
    const countersignedBefore = await stateCount(colleague, 'Countersigned');
    const countersign = admin.getByRole('button', { name: 'Countersign selected (2)' });
    await keepScreenshot(admin, 'sponsor-desk-countersign.png');
    await countersign.click();
    const asked = admin.getByRole('alertdialog', { name: 'Countersign these 2 agreements?' });
    await asked.getByText(/^As management, in your name: .*(Sid Signer|Rhea Ready).*(Sid Signer|Rhea Ready)/).waitFor();
    await asked.getByRole('button', { name: 'Countersign' }).click();
    await admin.getByText('Countersigned: 2.').waitFor({ timeout: 30_000 });
    await chooseState(colleague, 'Committed');
    await expect.poll(() => stateCount(colleague, 'Countersigned')).toBe(countersignedBefore + 2);
    await colleague.context().close();
    await rows.getByText('Sid Signer').waitFor({ state: 'detached' });
    await chooseState(admin, 'Countersigned');
    for (const name of ['Sid Signer', 'Rhea Ready']) await rows.getByText(name).waitFor();

    // The export is the filter's rows, exactly those the table shows and in its order: the countersigned ones.
    const shown = await shownRows(admin);
    expect(shown.length).toBeGreaterThanOrEqual(2);
    const downloaded = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Export CSV' }).click();
    const download: Download = await downloaded;
    expect(download.suggestedFilename()).toBe('wasabi-stallion-fund-v-commitments-countersigned.csv');
    const lines = fs
      .readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'Investor,Email,State,Accreditation,Accreditation date,Amount,Method,Married,Spouse,Spouse email,Investor signed,Spouse signed,Countersigned,Funded,Funded amount,Last reminder,Feedback,Ask again',
    );
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 3))).toEqual(
      shown.map(([name, email]) => [name, email, 'Countersigned']),
    );
    await keepScreenshot(admin, 'sponsor-desk-countersigned.png');
    await admin.context().close();
  });

  it('the commitments table shows the answer to the last filter chosen, whichever answer arrives last', async () => {
    const admin = await deskAs('admin@portal.local');
    // The Committed page is held back until after the Countersigned page has come.
    await admin.route(/\/sponsor-desk\/funds\/[^/]+\/commitments\?.*state=committed/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await route.continue().catch(() => undefined);
    });
    await fundCard(admin)
      .getByRole('button', { name: /^Committed: \d+ investors?$/ })
      .click();
    await openState(admin, 'Countersigned');
    await table(admin).getByText('Sid Signer').waitFor();
    await admin.waitForTimeout(3_500);
    expect(await table(admin).getByText('Sid Signer').count()).toBe(1);
    expect(await table(admin).getByText('investor.going@wasabistallions.com').count()).toBe(0);
    await admin.context().close();
  });

  it("the investor directory finds an investor and shows their commitments across the portal's funds", async () => {
    const admin = await deskAs('admin@portal.local');
    await admin.getByRole('tab', { name: 'Investors' }).click();
    await admin.getByRole('textbox', { name: 'Search investors by name or email' }).fill('Ivan');
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    const row = admin.getByRole('grid', { name: 'Investors' }).getByRole('row', { name: /Ivan Investor/ });
    await row.getByText(/^3 · \$310,000$/).waitFor();
    await row.getByRole('button', { name: 'Open Ivan Investor' }).click();
    const detail = admin.getByRole('region', { name: 'Ivan Investor' });
    const funds = detail.getByRole('grid', { name: 'Commitments across funds' });
    for (const fund of ['Wasabi Stallion Fund V', 'Wasabi Stallion Fund IV', 'Wasabi Stallion Fund III'])
      await funds.getByText(fund, { exact: true }).waitFor();
    await keepScreenshot(admin, 'sponsor-desk-investor.png');
    await admin.context().close();
  });

  it("the commitments table's Downloads link opens the File Downloads of that investor, and only theirs, in the panel", async () => {
    // Two investors of the portal download the fund's offering memorandum (as the site's Download does).
    const admin = await deskAs('admin@portal.local');
    const asked = admin.waitForResponse(/\/sponsor-desk\/funds\/[^/?]+\/commitments\?.*state=committed/);
    await openState(admin, 'Committed');
    const fundId = /\/sponsor-desk\/funds\/([^/?]+)\/commitments/.exec((await asked).url())![1];
    for (const email of ['investor.investing@wasabistallions.com', 'investor.going@wasabistallions.com'])
      await downloadOfferingMemorandum(email, fundId);

    // All states, searched for Ivan: his row's Downloads.
    await chooseState(admin, 'All states');
    await admin.getByRole('textbox', { name: 'Search name or email' }).fill('investor.investing');
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    await expect
      .poll(async () => (await shownRows(admin)).map(([, email]) => email))
      .toEqual(['investor.investing@wasabistallions.com']);
    await table(admin).getByRole('link', { name: 'Downloads of Ivan Investor' }).click();
    await admin.waitForURL(/\/admin\/content-manager\/collection-types\/api::file-download\.file-download\?/);
    const list = admin.getByRole('grid');
    await list.getByText('investor.investing@wasabistallions.com').first().waitFor();
    const listed = await list.locator('tbody tr').allTextContents();
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((row) => !row.includes('investor.investing@wasabistallions.com'))).toEqual([]);
    expect(listed.some((row) => row.includes('offering-memorandum.pdf'))).toBe(true);
    await keepScreenshot(admin, 'sponsor-desk-downloads.png');
    await admin.context().close();
  });

  it("the commitments table opens an investor's documents inside the panel, where staff read each", async () => {
    const admin = await deskAs('admin@portal.local');
    // A page that reloads loses this: the link must move within the panel.
    await admin.evaluate(() => {
      (window as unknown as { deskMarker?: number }).deskMarker = 1;
    });
    await openState(admin, 'Countersigned');
    await table(admin).getByRole('link', { name: 'Agreements of Sid Signer' }).click();
    const agreements = admin
      .getByRole('region', { name: 'Sid Signer' })
      .getByRole('grid', { name: 'Completed agreements' });
    await agreements.waitFor();
    expect(admin.url()).toMatch(/\/admin\/sponsor-desk\?tab=investors&investor=\w+&kind=agreement$/);
    expect(await admin.evaluate(() => (window as unknown as { deskMarker?: number }).deskMarker)).toBe(1);
    const opened = admin.context().waitForEvent('page');
    await agreements.getByRole('button').first().click();
    const reader = await opened;
    await reader.waitForURL(/^blob:/);
    await keepScreenshot(admin, 'sponsor-desk-investor-documents.png');
    await admin.context().close();
  });

  // Last in this file: it changes Sid Signer's commitment, which the journeys above read as countersigned.
  it('a sponsor admin amends a countersigned commitment on the desk: the agreement is voided and a new one mailed; an editor may do neither', async () => {
    const editor = await deskAs('editor@portal.local');
    await openState(editor, 'Countersigned');
    await table(editor).getByText('Sid Signer').waitFor();
    expect(await table(editor).getByRole('button', { name: 'Amend the commitment of Sid Signer' }).count()).toBe(0);
    expect(await table(editor).getByRole('button', { name: 'Transfer the commitment of Sid Signer' }).count()).toBe(0);
    await editor.context().close();

    const sponsor = await deskAs('sponsor@portal.local');
    await openState(sponsor, 'Countersigned');
    await table(sponsor).getByRole('button', { name: 'Amend the commitment of Sid Signer' }).click();
    const dialog = sponsor.getByRole('dialog', { name: 'Amend the commitment of Sid Signer' });
    await dialog
      .getByText(
        'Signing has started: the agreement will be voided (kept in the records) and a new one sent to sign with these terms.',
      )
      .waitFor();
    await dialog.getByLabel('Amount (dollars)').fill('80000');
    await dialog.getByLabel('Reason').fill('Allocation raised after the sponsor call');
    await keepScreenshot(sponsor, 'sponsor-desk-amend.png');
    await dialog.getByRole('button', { name: 'Amend', exact: true }).click();
    await sponsor
      .getByText(
        'Amended to $80,000.00: the agreement was voided and a new one sent to investor.signed@wasabistallions.com.',
      )
      .waitFor();
    const told = await mailFromOutbox(
      stack.outboxDir,
      'investor.signed@wasabistallions.com',
      'Your commitment to Midnight Wasabi Stallion Syndicate was amended',
    );
    expect(told).toContain('Allocation raised after the sponsor call');
    await mailFromOutbox(
      stack.outboxDir,
      'investor.signed@wasabistallions.com',
      'Please sign your subscription agreement for Wasabi Stallion Fund V',
    );
    // Back to waiting for the investor's signature, at the new amount.
    await chooseState(sponsor, 'Committed');
    await table(sponsor)
      .getByRole('row', { name: /Sid Signer/ })
      .getByText('$80,000.00')
      .waitFor();
    await sponsor.context().close();
  });
});
