import fs from 'node:fs';
import { describe, expect, it, inject } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { signedInPage as signedIn, useBrowser } from '../helpers/browser';

const stack = inject('stack');
const browser = useBrowser();

const signedInPage = (email: string): Promise<Page> => signedIn(browser(), stack.siteUrl, email);

/** A small but real PDF, padded (in a PDF comment) to `size` bytes so its upload takes a while. */
function pdfOf(size: number, text: string): Buffer {
  const head = Buffer.from(`%PDF-1.4\n% ${text}\n`);
  const tail = Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
  const padding = Buffer.alloc(Math.max(0, size - head.length - tail.length), '%');
  return Buffer.concat([head, padding, tail]);
}

/** The caller's auth code, as the site keeps it. */
const authCodeOf = (page: Page) => page.evaluate(() => localStorage.getItem('authCode') as string);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers; `any` keeps assertions short
async function api(path: string, authCode: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${stack.cmsUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authcode: authCode },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe('verification documents in Chromium', () => {
  it('an investor uploads a PDF with a progress bar, sees it listed and downloads the same bytes; nobody else can; a too-large file is refused', async () => {
    const page = await signedInPage('investor.going@wasabistallions.com');
    await page.goto(`${stack.siteUrl}/verification_documents`);
    await page.getByRole('heading', { name: 'Verification Documents' }).waitFor();

    // A slow uplink, so the progress of a 1.5 MB upload can be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 300 * 1024,
    });

    const statement = pdfOf(1_500_000, 'Brokerage statement for the e2e journey');
    await page
      .getByLabel('Document to upload (PDF or image)')
      .setInputFiles({ name: 'brokerage statement (2026).pdf', mimeType: 'application/pdf', buffer: statement });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const progress = page.getByRole('progressbar', { name: 'Upload progress' });
    await progress.waitFor();
    await page.getByRole('status').getByText('has been uploaded.').waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // Listed under the name the investor knows, and it downloads byte for byte (the link opens in a new tab).
    const list = page.getByRole('table', { name: 'Verification documents' });
    const entry = list.getByRole('button', { name: 'brokerage statement (2026).pdf' });
    await entry.waitFor();
    const downloaded = new Promise<Download>((resolve) =>
      page.context().on('page', (tab) => tab.on('download', resolve)),
    );
    await entry.click();
    const download = await downloaded;
    expect(fs.readFileSync(await download.path()).equals(statement)).toBe(true);

    // Another investor cannot download it, whatever id they send.
    const mine = await api('/api/proof_documents?mine=true&limit=999', await authCodeOf(page));
    const uploaded = mine.body.items.find(
      (item: { originalName: string }) => item.originalName === 'brokerage statement (2026).pdf',
    );
    expect(uploaded).toBeTruthy();
    const other = await signedInPage('investor.declined@wasabistallions.com');
    const otherCode = await authCodeOf(other);
    for (const id of [uploaded.id, uploaded.documentId]) {
      const refused = await api('/api/profile/proof_documents/download', otherCode, { id });
      expect(refused.status).toBe(404);
      expect(refused.body.error.message).toBe('Not found');
    }
    expect((await api('/api/proof_documents?mine=true&limit=999', otherCode)).body.items).not.toContainEqual(
      expect.objectContaining({ id: uploaded.id }),
    );
    await other.context().close();

    // Over the 20 MB limit: refused with a message, and nothing is added to the list.
    await page.getByLabel('Document to upload (PDF or image)').setInputFiles({
      name: 'huge-scan.pdf',
      mimeType: 'application/pdf',
      buffer: pdfOf(21 * 1024 * 1024, 'too large'),
    });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('The file huge-scan.pdf is too large: the limit is 20 MB.').waitFor();
    expect(await list.getByRole('button', { name: 'huge-scan.pdf' }).count()).toBe(0);
    expect((await api('/api/proof_documents?mine=true&limit=999', await authCodeOf(page))).body.items).toHaveLength(
      mine.body.items.length,
    );
    await page.context().close();
  });
});
