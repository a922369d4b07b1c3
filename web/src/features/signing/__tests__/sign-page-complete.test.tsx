import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DisclosureAccepted, SignerIdentity } from '@portal/rules';
import type { Me } from '@/lib/auth/types';
import { type CmsRoute, callsTo } from '@/testing/fake-cms';
import { meFixture } from '@/testing/fixtures';
import { advance } from '@/testing/render-app';
import { byCode, DISCLOSURE, renderSignPage, request, signButton } from '@/testing/sign-page';

/**
 * The signing page (/sign/:token) once its signer signed: the investor signed in to their own account goes on to the
 * signature success page; anyone else is thanked on the link's page with what comes next, a Dropbox Sign signature
 * first read through the link (POST /api/signing/:token/refresh) after about 2 s, then every 5 s, at most 10 times.
 */

// jsdom draws no canvas: the pdf.js viewer is tried in Chromium (e2e/tests/signing.test.ts); here it names its document.
vi.mock('@/components/pdf-viewer/pdf-viewer', () => ({
  default: ({ url, title }: { url: string; title: string }) => <p>{`Viewer of ${title}: ${url}`}</p>,
}));

// Dropbox Sign's embedded client opens its signer in a frame; here it records what it was asked and finishes on demand.
const embedded = vi.hoisted(() => ({
  clientIds: [] as string[],
  opened: [] as { url: string; options: unknown }[],
  finish: () => {},
}));
vi.mock('hellosign-embedded', () => ({
  default: class {
    constructor({ clientId }: { clientId: string }) {
      embedded.clientIds.push(clientId);
    }
    on(name: string, callback: () => void) {
      if (name === 'finish') embedded.finish = callback;
    }
    open(url: string, options: unknown) {
      embedded.opened.push({ url, options });
    }
    close() {}
  },
}));

afterEach(() => {
  vi.useRealTimers();
});

type User = ReturnType<typeof renderSignPage>['user'];

/** Step 2 with a mailed code (the CMS stand-in takes any code). */
async function confirmByCode(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Email me a code' }));
  await user.type(await screen.findByRole('textbox', { name: 'Code from the email' }), '123456');
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
  await screen.findByText(/^Confirmed with the code sent to /);
}

/** Steps 2 and 3 of a Dropbox Sign link: any code is right, and the embedded signer opens. */
const DROPBOX_ROUTES: Record<string, CmsRoute> = {
  'POST /api/signing/token-abc/code': () => ({ sentTo: 'a***@example.com', expiresAt: '2026-11-26T08:10:00.000Z' }),
  'POST /api/signing/token-abc/code/verify': () => ({ verified: true, verification: 'proof-1' }),
  'POST /api/signing/token-abc/embedded': () => ({
    url: 'https://app.hellosign.com/editor/embeddedSign?signature_id=sig-1&token=t',
    clientId: 'client-1',
    testMode: true,
    syndUserId: 'synd-user-doc-11',
  }),
};

/** A Dropbox Sign link whose disclosure is accepted, with the routes its step 3 calls. */
function renderDropboxLink(
  identity: SignerIdentity,
  { role = 'investor', me, refresh }: { role?: 'investor' | 'spouse'; me?: Me; refresh?: CmsRoute } = {},
) {
  return renderSignPage(
    () =>
      request({
        signer: { role, name: role === 'investor' ? 'Ann Investor' : 'Bo Investor' },
        provider: 'dropbox-sign',
        documentUrl: '/api/signing/token-abc/document',
        identity,
      }),
    undefined,
    { ...DROPBOX_ROUTES, ...(refresh ? { 'POST /api/signing/token-abc/refresh': refresh } : {}) },
    me,
  );
}

/** Opens Dropbox Sign's embedded signer (step 3) and waits until it is open, ready to finish. */
async function openDropboxSigner(user: User) {
  const opened = embedded.opened.length;
  const open = await screen.findByRole('button', { name: 'Open the agreement to sign' });
  await waitFor(() => expect(open).toBeEnabled());
  await user.click(open);
  await waitFor(() => expect(embedded.opened).toHaveLength(opened + 1));
}

describe('/sign/:token, once signed', () => {
  it('thanks an investor without a session on the link’s page, says what comes next and offers to sign in, instead of the success page', async () => {
    const { user, fetchMock } = renderSignPage(() => request({ identity: byCode('a***@example.com') }), undefined, {
      'POST /api/signing/token-abc/code': () => ({ sentTo: 'a***@example.com', expiresAt: '2026-11-26T08:10:00.000Z' }),
      'POST /api/signing/token-abc/code/verify': () => ({ verified: true, verification: 'proof-1' }),
    });
    await confirmByCode(user);
    await user.type(screen.getByRole('textbox', { name: 'Type your full name' }), 'Ann Investor');
    await user.click(screen.getByRole('checkbox', { name: 'I agree to sign this document electronically' }));
    await user.click(signButton());

    expect(await screen.findByText('Thank you. Your signature has been recorded.')).toBeInTheDocument();
    expect(
      screen.getByText(
        "What happens next: if your spouse co-signs the agreement, we email them their own link to sign; then the sponsor's management countersigns. You will get an email when the agreement is complete.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to follow your investment' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(window.location.pathname).toBe('/sign/token-abc');
    expect(callsTo(fetchMock, 'POST /api/syndication/sync_sign')).toHaveLength(0);
    // The page's own signature is recorded by the signature call: nothing to read from a signing service.
    expect(callsTo(fetchMock, 'POST /api/signing/token-abc/refresh')).toHaveLength(0);
  });

  it('with Dropbox Sign, opens its embedded signer once the disclosure is accepted and the code entered; without a session, has the signature read through the link and thanks the signer there', async () => {
    let accepted: DisclosureAccepted | null = null;
    let refreshes = 0;
    const identity = byCode('a***@example.com');
    const documentUrl = '/api/signing/token-abc/document';
    const { user, fetchMock } = renderSignPage(
      () =>
        request({
          provider: 'dropbox-sign',
          documentUrl,
          disclosure: DISCLOSURE,
          disclosureAccepted: accepted,
          identity,
        }),
      undefined,
      {
        'POST /api/signing/token-abc/disclosure': () => {
          accepted = { version: DISCLOSURE.version, acceptedAt: '2026-11-26T08:00:00.000Z' };
          return accepted;
        },
        ...DROPBOX_ROUTES,
        // Dropbox Sign has the signature by the third reading.
        'POST /api/signing/token-abc/refresh': () => ({ signed: ++refreshes >= 3 }),
      },
    );
    const open = await screen.findByRole('button', { name: 'Open the agreement to sign' });
    // The document (the request's, fetched from Dropbox Sign) is read on the page before the disclosure; no Sign form.
    expect(
      await screen.findByText('Viewer of Subscription Agreement: http://localhost:1337/api/signing/token-abc/document'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Download the document' })[0]).toHaveAttribute(
      'href',
      'http://localhost:1337/api/signing/token-abc/document',
    );
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
    expect(open).toBeDisabled();

    await user.click(
      screen.getByRole('checkbox', {
        name: 'I have read this disclosure and agree to use electronic records and signatures',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(await screen.findByRole('button', { name: 'Email me a code' }));
    await user.type(await screen.findByRole('textbox', { name: 'Code from the email' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(open).toBeEnabled());
    await user.click(open);

    await waitFor(() => expect(embedded.opened).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST /api/signing/token-abc/embedded')[0].body).toEqual({ verification: 'proof-1' });
    expect(embedded.clientIds).toEqual(['client-1']);
    expect(embedded.opened[0]).toEqual({
      url: 'https://app.hellosign.com/editor/embeddedSign?signature_id=sig-1&token=t',
      options: { container: expect.any(HTMLDivElement), testMode: true, skipDomainVerification: true },
    });

    // Timed from the finish event: the spec's wait of about 2 s, then its signing poll (every 5 s).
    vi.useFakeTimers();
    act(() => embedded.finish());
    await advance();
    expect(screen.getByText('Thank you for signing. Recording your signature…')).toBeInTheDocument();
    await advance(1999);
    expect(callsTo(fetchMock, 'POST /api/signing/token-abc/refresh')).toHaveLength(0);
    await advance(1);
    expect(callsTo(fetchMock, 'POST /api/signing/token-abc/refresh')).toHaveLength(1);
    await advance(5000);
    expect(callsTo(fetchMock, 'POST /api/signing/token-abc/refresh')).toHaveLength(2);
    expect(screen.queryByText('Thank you. Your signature has been recorded.')).not.toBeInTheDocument();
    await advance(5000);
    expect(screen.getByText('Thank you. Your signature has been recorded.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to follow your investment' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    // Recorded: no more readings, and the signer stays on their link's page (sync_sign would refuse them).
    await advance(20_000);
    expect(callsTo(fetchMock, 'POST /api/signing/token-abc/refresh')).toHaveLength(3);
    expect(callsTo(fetchMock, 'POST /api/signing/token-abc/refresh')[0].authCode).toBeNull();
    expect(window.location.pathname).toBe('/sign/token-abc');
    expect(callsTo(fetchMock, 'POST /api/syndication/sync_sign')).toHaveLength(0);
  });

  it('with Dropbox Sign, sends the investor signed in to their own account on to the success page, which asks sync_sign', async () => {
    const { user, fetchMock } = renderDropboxLink(
      { method: 'session', email: 'a***@example.com', codeSentAt: null, lockedUntil: null, suspended: false },
      { me: meFixture() },
    );
    await openDropboxSigner(user);
    act(() => embedded.finish());
    await waitFor(() => expect(window.location.pathname).toBe('/syndication/success/synd-user-doc-11'));
    expect(callsTo(fetchMock, 'POST /api/signing/token-abc/refresh')).toHaveLength(0);
  });

  it('with Dropbox Sign, reads a spouse’s signature at most 10 times, then says it is on its way', async () => {
    const { user, fetchMock } = renderDropboxLink(byCode('b***@example.com'), {
      role: 'spouse',
      refresh: () => ({ signed: false }),
    });
    await confirmByCode(user);
    await openDropboxSigner(user);
    vi.useFakeTimers();
    act(() => embedded.finish());
    await advance(2000 + 8 * 5000);
    expect(callsTo(fetchMock, 'POST /api/signing/token-abc/refresh')).toHaveLength(9);
    expect(screen.getByText('Thank you for signing. Recording your signature…')).toBeInTheDocument();
    await advance(5000);
    expect(callsTo(fetchMock, 'POST /api/signing/token-abc/refresh')).toHaveLength(10);
    expect(
      screen.getByText(
        'Thank you for signing. Dropbox Sign has not confirmed your signature to us yet: it will be recorded as soon as it does, with nothing more for you to do.',
      ),
    ).toBeInTheDocument();
    // The spouse is not offered the investor's next steps.
    expect(screen.queryByRole('link', { name: 'Sign in to follow your investment' })).not.toBeInTheDocument();
    await advance(60_000);
    expect(callsTo(fetchMock, 'POST /api/signing/token-abc/refresh')).toHaveLength(10);
    expect(window.location.pathname).toBe('/sign/token-abc');
  });
});
