import { screen } from '@testing-library/react';
import type { SignerIdentity, SigningRequest } from '@portal/rules';
import { type CmsRoute, fakeCms, strapiError } from './fake-cms';
import type { Me } from '@/lib/auth/types';
import { storeSignedIn } from './fixtures';
import { renderApp } from './render-app';

/** The signing page (/sign/:token) as its tests render it: the link's answer and the calls the page makes. */
/** The electronic records disclosure a link answers with. */
export const DISCLOSURE = {
  title: 'Consent to electronic records and signatures',
  body: '<p>You may ask for a paper copy.</p>',
  version: 'abcdef0123456789',
  sha256: 'abcdef0123456789'.padEnd(64, '0'),
};

/** A signer who proves who they are with a mailed code (no lock, no code sent yet unless `more` says so). */
export const byCode = (email: string, more: Partial<SignerIdentity> = {}): SignerIdentity => ({
  method: 'email-code',
  email,
  codeSentAt: null,
  lockedUntil: null,
  suspended: false,
  ...more,
});

// By default the checks before signing are done: the disclosure accepted, the investor signed in to their own account.
export const request = (overrides: Partial<SigningRequest> = {}): SigningRequest => ({
  signer: { role: 'investor', name: 'Ann Investor' },
  document: {
    title: 'Subscription Agreement',
    investmentName: 'Into Mischief Shares',
    fundName: 'Stallion Fund 2026',
    amount: 50000,
  },
  signed: false,
  canSign: true,
  provider: 'local',
  documentUrl: null,
  disclosure: DISCLOSURE,
  disclosureAccepted: { version: DISCLOSURE.version, acceptedAt: '2026-11-26T08:00:00.000Z' },
  identity: { method: 'session', email: 'a***@example.com', codeSentAt: null, lockedUntil: null, suspended: false },
  ...overrides,
});

/** The link's page against a CMS answering `answer` for the link; without a session unless `me` is signed in. */
export function renderSignPage(
  answer: CmsRoute,
  sign: CmsRoute = () => ({ success: true, syndUserId: 'synd-user-doc-11' }),
  more: Record<string, CmsRoute> = {},
  me?: Me,
) {
  if (me) storeSignedIn(me, 'ann-code');
  return renderApp(
    '/sign/token-abc',
    fakeCms({
      me,
      routes: {
        'GET /api/signing/token-abc': answer,
        'POST /api/signing/token-abc': sign,
        'POST /api/syndication/sync_sign': () => strapiError(401, 'Missing or invalid credentials'),
        ...more,
      },
    }),
  );
}

export const signButton = () => screen.getByRole('button', { name: 'Sign' });
