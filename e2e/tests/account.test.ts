import { describe, expect, it, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../helpers/browser';
import { linkFromOutbox } from '../helpers/outbox';

const stack = inject('stack');
const browser = useBrowser();

async function openDialog(page: Page, button: 'Sign In' | 'Sign Up') {
  await page.getByRole('banner').getByRole('button', { name: button, exact: true }).click();
  return page.getByRole('dialog');
}

async function signIn(page: Page, email: string, password: string) {
  const dialog = await openDialog(page, 'Sign In');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log In' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('account journeys in Chromium', () => {
  it('registers, confirms the email from the outbox link, signs in, sees the dashboard link and signs out', async () => {
    const email = `e2e.${Date.now()}@example.com`;
    const page = await browser().newPage();
    await page.goto(`${stack.siteUrl}/`);

    const dialog = await openDialog(page, 'Sign Up');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('First Name').fill('Erin');
    await dialog.getByLabel('Last Name').fill('Endtoend');
    await dialog.getByLabel('Password').fill('e2e-secret');
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await dialog.getByText('Welcome! Check your email and locate the confirmation email.', { exact: false }).waitFor();
    await page.keyboard.press('Escape');

    // Not confirmed yet: the same account cannot sign in.
    const early = await openDialog(page, 'Sign In');
    await early.getByLabel('Email').fill(email);
    await early.getByLabel('Password').fill('e2e-secret');
    await early.getByRole('button', { name: 'Log In' }).click();
    await early.getByText('Invalid username or password').waitFor();
    await page.keyboard.press('Escape');

    const confirmPath = await linkFromOutbox(stack.outboxDir, email, 'confirm_email');
    await page.goto(`${stack.siteUrl}${confirmPath}`);
    await page.getByText('Your email is confirmed.', { exact: false }).waitFor();

    await page.goto(`${stack.siteUrl}/`);
    await signIn(page, email, 'e2e-secret');
    await page.waitForURL(/\/dashboard$/);
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await page.getByText('Erin Endtoend').first().isVisible()).toBe(true);

    await header.getByRole('button', { name: 'Log Out' }).click();
    await header.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    expect(await header.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('authCode'))).toBeNull();
    await page.close();
  });

  it('resets a forgotten password from the mailed link and signs in with the new one', async () => {
    const email = 'user@wasabistallions.com';
    const page = await browser().newPage();
    await page.goto(`${stack.siteUrl}/`);
    const dialog = await openDialog(page, 'Sign In');
    await dialog
      .getByRole('button', { name: 'Forgot password?' })
      .or(dialog.getByRole('link', { name: 'Forgot password?' }))
      .click();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    await dialog
      .getByText("If we found an account associated with that username, we've sent password reset instructions")
      .waitFor();
    await page.keyboard.press('Escape');

    const resetPath = await linkFromOutbox(stack.outboxDir, email, 'reset_password');
    await page.goto(`${stack.siteUrl}${resetPath}`);
    await page.getByLabel('New Password').fill('brand-new-pass');
    await page.getByLabel('Confirm Password').fill('brand-new-pass');
    await page.getByRole('button', { name: /save/i }).click();
    await page.getByText('Your password has been saved.').waitFor();

    // The link works once.
    await page.goto(`${stack.siteUrl}${resetPath}`);
    await page.getByLabel('New Password').fill('another-pass');
    await page.getByLabel('Confirm Password').fill('another-pass');
    await page.getByRole('button', { name: /save/i }).click();
    await page.getByText('Invalid or Expired Reset Code').waitFor();

    await page.goto(`${stack.siteUrl}/`);
    await signIn(page, email, 'brand-new-pass');
    await page.waitForURL(/\/dashboard$/);
    await page.close();
  });
});
