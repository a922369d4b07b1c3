import { createHash } from 'node:crypto';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, strapiError } from '@/testing/fake-cms';
import { findPageHeading, renderAppAs } from '@/testing/render-app';

const FILE_HASH = createHash('sha256').update('%PDF agreement').digest('hex');
const CHANGED_HASH = createHash('sha256').update('%PDF agreement, changed').digest('hex');
const VERDICT = { valid: true, completedAt: '2026-11-20T10:00:00.000Z', portal: 'Wasabi Stallions', signerInitials: ['N. N.', 'N. N.', 'A. A.'] };

function renderVerify() {
  return renderAppAs(undefined, '/agreements/verify', {
    routes: {
      [`GET /api/agreements/verify/${FILE_HASH}`]: () => VERDICT,
      [`GET /api/agreements/verify/${CHANGED_HASH}`]: () => strapiError(404, 'Unknown: this portal issued no agreement with this fingerprint'),
    },
  });
}

describe('/agreements/verify', () => {
  it('hashes a chosen agreement in the browser and tells when this portal completed it and the signers’ initials', async () => {
    const { user, fetchMock } = renderVerify();
    expect(await findPageHeading('Verify an Agreement')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Agreement (PDF)'), new File(['%PDF agreement'], 'agreement.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Issued by Wasabi Stallions: completed on 2026-11-20, signed by N. N., N. N., A. A.')).toBeInTheDocument();
    // The file never leaves the browser: only its fingerprint is asked about, for the portal shown.
    const [asked] = callsTo(fetchMock, `GET /api/agreements/verify/${FILE_HASH}`);
    expect(asked.url.searchParams.get('portal')).toBeTruthy();
    expect(asked.authCode).toBeNull();
  });

  it('calls a changed copy unknown', async () => {
    const { user } = renderVerify();
    await findPageHeading('Verify an Agreement');
    await user.upload(screen.getByLabelText('Agreement (PDF)'), new File(['%PDF agreement, changed'], 'agreement.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Unknown: this portal issued no agreement with this fingerprint')).toBeInTheDocument();
  });
});
