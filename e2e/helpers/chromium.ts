import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium, headless, with the flags that keep it off the (closed) network (CHROMIUM_PATH for another).
 * Free of the test runner, so the bench (bench/src) opens its pages with the same browser.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
