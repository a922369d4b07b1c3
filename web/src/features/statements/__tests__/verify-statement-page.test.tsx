import { createHash } from 'node:crypto';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, strapiError } from '@/testing/fake-cms';
import { expectFailedChecksNotUnknown } from '@/testing/fingerprint-checks';
import { findPageHeading, renderAppAs } from '@/testing/render-app';

const ISSUED = 'a'.repeat(64);
const FILE_HASH = createHash('sha256').update('%PDF statement').digest('hex');
const VERDICT = {
  valid: true,
  issuedAt: '2026-11-20T10:00:00.000Z',
  portal: 'Wasabi Stallions',
  investorInitials: 'A. I.',
};

/** The CMS knows two fingerprints; any other answers 404 (the fake CMS's answer to every unknown path). */
function renderVerify() {
  return renderAppAs(undefined, '/statements/verify', {
    routes: {
      [`GET /api/statements/verify/${ISSUED}`]: () => VERDICT,
      [`GET /api/statements/verify/${FILE_HASH}`]: () => VERDICT,
      [`GET /api/statements/verify/${'b'.repeat(64)}`]: () =>
        strapiError(404, 'Unknown: this portal issued no statement with this fingerprint'),
      [`GET /api/statements/verify/${'c'.repeat(64)}`]: () =>
        strapiError(429, 'Too many attempts. Please try again in 15 minutes.'),
      [`GET /api/statements/verify/${'d'.repeat(64)}`]: () => strapiError(500, 'Internal Server Error'),
      // The CMS cannot be reached.
      [`GET /api/statements/verify/${'f'.repeat(64)}`]: () => {
        throw new TypeError('Failed to fetch');
      },
    },
  });
}

describe('/statements/verify', () => {
  it('tells who issued a pasted fingerprint, when and for whose initials, and nothing for an unknown one', async () => {
    const { user, fetchMock } = renderVerify();
    expect(await findPageHeading('Verify a Statement')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'SHA-256 fingerprint' });
    await user.type(field, ISSUED.toUpperCase());
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Issued by Wasabi Stallions on 2026-11-20 for A. I.')).toBeInTheDocument();
    const [asked] = callsTo(fetchMock, `GET /api/statements/verify/${ISSUED}`);
    // Only the portal of the page vouches for its statements.
    expect(asked.url.searchParams.get('portal')).toBeTruthy();

    await user.clear(field);
    await user.type(field, 'b'.repeat(64));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(
      await screen.findByText('Unknown: this portal issued no statement with this fingerprint'),
    ).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'not a hash');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('A fingerprint is 64 characters, 0-9 and a-f')).toBeInTheDocument();
  });

  it('says the check could not be made when the CMS fails for any reason but an unknown fingerprint', async () => {
    const { user } = renderVerify();
    await findPageHeading('Verify a Statement');
    await expectFailedChecksNotUnknown(user, 'Unknown: this portal issued no statement with this fingerprint');
  });

  it('hashes a chosen file in the browser and checks its fingerprint', async () => {
    const { user } = renderVerify();
    await findPageHeading('Verify a Statement');
    await user.upload(
      screen.getByLabelText('Statement (PDF)'),
      new File(['%PDF statement'], 'statement.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('Issued by Wasabi Stallions on 2026-11-20 for A. I.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'SHA-256 fingerprint' })).toHaveValue(FILE_HASH);
  });
});
