import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { mailFromOutbox } from './outbox';

/** Whether a canvas holds a drawing: some pixel not white nor transparent. */
async function isDrawn(canvas: Locator): Promise<boolean> {
  return canvas.evaluate((element) => {
    const canvasElement = element as HTMLCanvasElement;
    const context = canvasElement.getContext('2d');
    if (!context || !canvasElement.width || !canvasElement.height) return false;
    const { data } = context.getImageData(0, 0, canvasElement.width, canvasElement.height);
    for (let index = 0; index < data.length; index += 4) {
      if (data[index + 3] > 0 && (data[index] < 200 || data[index + 1] < 200 || data[index + 2] < 200)) return true;
    }
    return false;
  });
}

/**
 * Waits until page `number` of the document shown in `scope` is drawn by the in-page viewer (a canvas with text on
 * it), scrolled to as a reader would, and that no "cannot show" fallback is on the page. Answers the canvas.
 */
export async function readDocumentPage(page: Page, number: number, scope: Page | Locator = page): Promise<Locator> {
  const canvas = scope.getByRole('img', { name: new RegExp(`^Page ${number} of \\d+$`) });
  await canvas.scrollIntoViewIfNeeded();
  await expect.poll(() => isDrawn(canvas), { timeout: 15_000 }).toBe(true);
  expect(await page.getByText(/cannot show the document|could not be shown/i).count()).toBe(0);
  return canvas;
}

/** Accepts the electronic records disclosure on the signing page. */
export async function acceptDisclosure(page: Page): Promise<void> {
  await page
    .getByRole('checkbox', { name: 'I have read this disclosure and agree to use electronic records and signatures' })
    .check();
  await page.getByRole('button', { name: 'Accept' }).click();
  await page.getByText(/^Accepted /).waitFor();
}

/** The six-digit code of the newest signing-code mail to `email`. */
export async function mailedCode(outboxDir: string, email: string): Promise<string> {
  const mail = await mailFromOutbox(outboxDir, email, 'Your signing code');
  const code = /^\s*(\d{6})\s*$/m.exec(mail)?.[1];
  if (!code) throw new Error(`no code in the mail to ${email}`);
  return code;
}

/** Enters a code in the signing page's identity step. */
export async function enterCode(page: Page, code: string): Promise<void> {
  const field = page.getByRole('textbox', { name: 'Code from the email' });
  await field.fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
}

/** Types the name, gives consent and signs. */
export async function signWithName(page: Page, name: string): Promise<void> {
  await page.getByLabel('Type your full name').fill(name);
  await page.getByRole('checkbox', { name: 'I agree to sign this document electronically' }).check();
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
}

/**
 * Draws a stroke on the signature pad with a finger: real touch input through Chromium's DevTools protocol (the page
 * must be a touch context), which the browser turns into touch pointer events as a phone's screen does, so the pad's
 * own touch handling (no scrolling while drawing) is what is tested.
 */
export async function drawWithFinger(page: Page): Promise<void> {
  const pad = page.getByRole('img', { name: 'Draw your signature (optional)' });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  const scrolledBefore = await page.evaluate(() => window.scrollY);
  const touch = await page.context().newCDPSession(page);
  const at = (x: number, y: number) => [{ x: box.x + x, y: box.y + y, id: 7, radiusX: 4, radiusY: 4, force: 1 }];
  try {
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(20, 40) });
    for (const [x, y] of [
      [60, 70],
      [100, 30],
      [140, 80],
      [180, 40],
    ])
      await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(x, y) });
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await touch.detach();
  }
  // The stroke is on the pad, and the finger did not scroll the page instead (as it would without the pad's touch
  // handling: the browser pans, cancels the stroke, and the pad sends a blank picture).
  await expect.poll(() => isDrawn(pad)).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolledBefore);
}
