import { createHash } from 'node:crypto';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, strapiError } from '@/testing/fake-cms';
import { expectFailedChecksNotUnknown } from '@/testing/fingerprint-checks';
import { findPageHeading, renderAppAs } from '@/testing/render-app';

const FILE_HASH = createHash('sha256').update('%PDF agreement').digest('hex');
const CHANGED_HASH = createHash('sha256').update('%PDF agreement, changed').digest('hex');
const SEALED = '%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n';
const SEALED_HASH = createHash('sha256').update(SEALED).digest('hex');
/** The sealed file with an incremental update appended after the seal (an annotation, a form filled in). */
const ADDED_TO = `${SEALED}2 0 obj\n<< /Annot true >>\nendobj\n%%EOF\n`;
const VERDICT = {
  valid: true,
  completedAt: '2026-11-20T10:00:00.000Z',
  portal: 'Wasabi Stallions',
  signerInitials: ['N. N.', 'N. N.', 'A. A.'],
};

function renderVerify() {
  return renderAppAs(undefined, '/agreements/verify', {
    routes: {
      [`GET /api/agreements/verify/${FILE_HASH}`]: () => VERDICT,
      [`GET /api/agreements/verify/${SEALED_HASH}`]: () => VERDICT,
      [`GET /api/agreements/verify/${CHANGED_HASH}`]: () =>
        strapiError(404, 'Unknown: this portal issued no agreement with this fingerprint'),
      [`GET /api/agreements/verify/${'c'.repeat(64)}`]: () =>
        strapiError(429, 'Too many attempts. Please try again in 15 minutes.'),
      [`GET /api/agreements/verify/${'d'.repeat(64)}`]: () => strapiError(500, 'Internal Server Error'),
      // The CMS cannot be reached.
      [`GET /api/agreements/verify/${'f'.repeat(64)}`]: () => {
        throw new TypeError('Failed to fetch');
      },
    },
  });
}

describe('/agreements/verify', () => {
  it('hashes a chosen agreement in the browser and tells when this portal completed it and the signers’ initials', async () => {
    const { user, fetchMock } = renderVerify();
    expect(await findPageHeading('Verify an Agreement')).toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('Agreement (PDF)'),
      new File(['%PDF agreement'], 'agreement.pdf', { type: 'application/pdf' }),
    );
    expect(
      await screen.findByText('Issued by Wasabi Stallions: completed on 2026-11-20, signed by N. N., N. N., A. A.'),
    ).toBeInTheDocument();
    // The file never leaves the browser: only its fingerprint is asked about, for the portal shown.
    const [asked] = callsTo(fetchMock, `GET /api/agreements/verify/${FILE_HASH}`);
    expect(asked.url.searchParams.get('portal')).toBeTruthy();
    expect(asked.authCode).toBeNull();
  });

  it('checks an agreement dropped on the box as one chosen', async () => {
    const { fetchMock } = renderVerify();
    expect(await findPageHeading('Verify an Agreement')).toBeInTheDocument();
    expect(screen.getByText('Drop the file here, or choose it.')).toBeInTheDocument();
    const file = new File(['%PDF agreement'], 'agreement.pdf', { type: 'application/pdf' });
    fireEvent.drop(screen.getByTestId('fingerprint-drop'), { dataTransfer: { files: [file], dropEffect: 'copy' } });
    expect(
      await screen.findByText('Issued by Wasabi Stallions: completed on 2026-11-20, signed by N. N., N. N., A. A.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, `GET /api/agreements/verify/${FILE_HASH}`)).toHaveLength(1);
  });

  it('calls a changed copy unknown', async () => {
    const { user } = renderVerify();
    await findPageHeading('Verify an Agreement');
    await user.upload(
      screen.getByLabelText('Agreement (PDF)'),
      new File(['%PDF agreement, changed'], 'agreement.pdf', { type: 'application/pdf' }),
    );
    expect(
      await screen.findByText('Unknown: this portal issued no agreement with this fingerprint'),
    ).toBeInTheDocument();
  });

  it('tells a copy with additions made after the seal (its sealed revision its first bytes) from one this portal never issued', async () => {
    const { user, fetchMock } = renderVerify();
    await findPageHeading('Verify an Agreement');
    await user.upload(
      screen.getByLabelText('Agreement (PDF)'),
      new File([ADDED_TO], 'agreement.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('Issued by this portal; this copy was changed after the seal.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The sealed original: Issued by Wasabi Stallions: completed on 2026-11-20, signed by N. N., N. N., A. A.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('Unknown: this portal issued no agreement with this fingerprint'),
    ).not.toBeInTheDocument();
    expect(callsTo(fetchMock, `GET /api/agreements/verify/${SEALED_HASH}`)).toHaveLength(1);
  });

  it('says the check could not be made, never "Unknown", when the CMS fails for any reason but an unknown fingerprint', async () => {
    const { user } = renderVerify();
    await findPageHeading('Verify an Agreement');
    await expectFailedChecksNotUnknown(user, 'Unknown: this portal issued no agreement with this fingerprint');
  });
});
