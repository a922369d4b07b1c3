import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/** The fingerprints a verify page's fake CMS fails on: 429 (c…), 500 (d…) and unreachable (f…). */
export const FAILING_FINGERPRINTS = ['c'.repeat(64), 'd'.repeat(64), 'f'.repeat(64)];

/**
 * Checks each failing fingerprint on a verify page (its field and Check button on screen) and expects the page to say
 * the check could not be made, and never `unknown` (what only a 404 may say).
 */
export async function expectFailedChecksNotUnknown(
  user: ReturnType<typeof userEvent.setup>,
  unknown: string,
): Promise<void> {
  const field = screen.getByRole('textbox', { name: 'SHA-256 fingerprint' });
  for (const fingerprint of FAILING_FINGERPRINTS) {
    await user.clear(field);
    await user.type(field, fingerprint);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('The check could not be made. Please try again later.')).toBeInTheDocument();
    expect(screen.queryByText(unknown)).not.toBeInTheDocument();
  }
}
