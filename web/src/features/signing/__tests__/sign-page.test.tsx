import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@/lib/auth/types';
import { type CmsRoute, callsTo, fakeCms, strapiError } from '@/testing/fake-cms';
import { meFixture, storeSignedIn } from '@/testing/fixtures';
import { advance, findPageHeading, renderApp } from '@/testing/render-app';
import type { DisclosureAccepted, SignerIdentity, SigningRequest } from '@portal/rules';

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

const DISCLOSURE = {
  title: 'Consent to electronic records and signatures',
  body: '<p>You may ask for a paper copy.</p>',
  version: 'abcdef0123456789',
  sha256: 'abcdef0123456789'.padEnd(64, '0'),
};

/** A signer who proves who they are with a mailed code (no lock, no code sent yet unless `more` says so). */
const byCode = (email: string, more: Partial<SignerIdentity> = {}): SignerIdentity => ({
  method: 'email-code',
  email,
  codeSentAt: null,
  lockedUntil: null,
  suspended: false,
  ...more,
});

// By default the checks before signing are done: the disclosure accepted, the investor signed in to their own account.
const request = (overrides: Partial<SigningRequest> = {}): SigningRequest => ({
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
function renderSignPage(
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

const signButton = () => screen.getByRole('button', { name: 'Sign' });

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

describe('/sign/:token', () => {
  it('shows the document, its investment, amount and the PDF with a download link, without a session', async () => {
    renderSignPage(() => request());
    expect(await findPageHeading('Subscription Agreement')).toBeInTheDocument();
    expect(screen.getByText('Into Mischief Shares')).toBeInTheDocument();
    expect(screen.getByText('$50,000')).toBeInTheDocument();
    expect(
      await screen.findByText('Viewer of Subscription Agreement: http://localhost:1337/api/signing/token-abc/document'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Download the document' })[0]).toHaveAttribute(
      'href',
      'http://localhost:1337/api/signing/token-abc/document',
    );
  });

  it('signs only with a typed name and consent, then sends the investor signed in to their own account to the success page', async () => {
    const { user, fetchMock } = renderSignPage(() => request(), undefined, {}, meFixture());
    await findPageHeading('Subscription Agreement');
    expect(signButton()).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Type your full name' }), 'Ann Investor');
    expect(signButton()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I agree to sign this document electronically' }));
    expect(signButton()).toBeEnabled();
    await user.click(signButton());
    await waitFor(() => expect(window.location.pathname).toBe('/syndication/success/synd-user-doc-11'));
    expect(callsTo(fetchMock, 'POST /api/signing/token-abc').map(({ body }) => body)).toEqual([
      { name: 'Ann Investor', consent: true },
    ]);
  });

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

  it('sends a drawn signature along, and thanks a spouse on the page', async () => {
    HTMLCanvasElement.prototype.getContext = (() => ({
      beginPath() {},
      moveTo() {},
      lineTo() {},
      stroke() {},
      clearRect() {},
    })) as unknown as HTMLCanvasElement['getContext'];
    HTMLCanvasElement.prototype.toDataURL = () => 'data:image/png;base64,AAAA';
    const { user, fetchMock } = renderSignPage(() => request({ signer: { role: 'spouse', name: 'Bo Investor' } }));
    await findPageHeading('Subscription Agreement');
    const pad = screen.getByRole('img', { name: 'Draw your signature (optional)' });
    fireEvent.pointerDown(pad, { clientX: 5, clientY: 5 });
    fireEvent.pointerMove(pad, { clientX: 50, clientY: 20 });
    fireEvent.pointerUp(pad, { clientX: 50, clientY: 20 });
    await user.type(screen.getByRole('textbox', { name: 'Type your full name' }), 'Bo Investor');
    await user.click(screen.getByRole('checkbox', { name: 'I agree to sign this document electronically' }));
    await user.click(signButton());
    expect(await screen.findByText('Thank you. Your signature has been recorded.')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/sign/token-abc');
    expect(callsTo(fetchMock, 'POST /api/signing/token-abc')[0].body).toEqual({
      name: 'Bo Investor',
      signature: 'data:image/png;base64,AAAA',
      consent: true,
    });
  });

  it('says so when the document is signed already', async () => {
    renderSignPage(() => request({ signed: true }));
    expect(await screen.findByText('You have already signed this document.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
  });

  it('shows the server message when signing is refused', async () => {
    const { user } = renderSignPage(
      () => request(),
      () => strapiError(410, 'This signing link has expired'),
    );
    await findPageHeading('Subscription Agreement');
    await user.type(screen.getByRole('textbox', { name: 'Type your full name' }), 'Ann Investor');
    await user.click(screen.getByRole('checkbox', { name: 'I agree to sign this document electronically' }));
    await user.click(signButton());
    expect(await screen.findByText('This signing link has expired')).toBeInTheDocument();
  });

  it('tells an unknown or expired link', async () => {
    renderSignPage(() => strapiError(404, 'Not found'));
    expect(await screen.findByText('This signing link is not valid or has expired.')).toBeInTheDocument();
  });

  it('asks a signer without a session to accept the disclosure and enter the mailed code before signing', async () => {
    let accepted: DisclosureAccepted | null = null;
    const identity = byCode('b***@example.com');
    const { user, fetchMock } = renderSignPage(
      () =>
        request({
          signer: { role: 'spouse', name: 'Bo Investor' },
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
        'POST /api/signing/token-abc/code': () => ({
          sentTo: 'b***@example.com',
          expiresAt: '2026-11-26T08:10:00.000Z',
        }),
        'POST /api/signing/token-abc/code/verify': ({ body }) =>
          (body as { code: string }).code === '123456'
            ? { verified: true, verification: 'proof-1' }
            : strapiError(400, 'That code is not right: 4 tries left'),
      },
    );
    expect(
      await screen.findByRole('heading', { name: '1. Consent to electronic records and signatures' }),
    ).toBeInTheDocument();
    expect(screen.getByText('You may ask for a paper copy.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Type your full name' }), 'Bo Investor');
    await user.click(screen.getByRole('checkbox', { name: 'I agree to sign this document electronically' }));
    expect(signButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Email me a code' })).toBeDisabled();

    await user.click(
      screen.getByRole('checkbox', {
        name: 'I have read this disclosure and agree to use electronic records and signatures',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(/^Accepted /)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/signing/token-abc/disclosure')[0].body).toEqual({
      version: DISCLOSURE.version,
    });

    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    await user.type(await screen.findByRole('textbox', { name: 'Code from the email' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('That code is not right: 4 tries left')).toBeInTheDocument();
    expect(signButton()).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Code from the email' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Confirmed with the code sent to b***@example.com.')).toBeInTheDocument();

    await user.click(signButton());
    expect(await screen.findByText('Thank you. Your signature has been recorded.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/signing/token-abc')[0].body).toEqual({
      name: 'Bo Investor',
      consent: true,
      verification: 'proof-1',
    });
  });

  it('lets the signer withdraw consent and ask for the agreement on paper', async () => {
    const { user, fetchMock } = renderSignPage(
      () => request({ disclosure: DISCLOSURE, disclosureAccepted: null }),
      undefined,
      {
        'POST /api/signing/token-abc/paper': () => ({ requested: true, contact: 'ir@example.com' }),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Sign on paper instead' }));
    expect(
      await screen.findByText(
        'We have told the sponsor that you want to sign on paper: they will send you the agreement. Questions: ir@example.com.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/signing/token-abc/paper')).toHaveLength(1);
  });

  it('needs no code from the investor signed in to their own account', async () => {
    const identity = {
      method: 'session' as const,
      email: 'a***@example.com',
      codeSentAt: null,
      lockedUntil: null,
      suspended: false,
    };
    renderSignPage(() =>
      request({
        disclosure: DISCLOSURE,
        disclosureAccepted: { version: DISCLOSURE.version, acceptedAt: '2026-11-26T08:00:00.000Z' },
        identity,
      }),
    );
    expect(await screen.findByText('You are signed in as the investor: no code is needed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Email me a code' })).not.toBeInTheDocument();
  });

  it('opens a locked link again by itself once its lock is over', async () => {
    const until = new Date(Date.now() + 300).toISOString();
    let locked = true;
    const identity = () => ({
      method: 'email-code' as const,
      email: 'b***@example.com',
      codeSentAt: null,
      lockedUntil: locked ? until : null,
      suspended: false,
    });
    renderSignPage(() =>
      request({
        disclosure: DISCLOSURE,
        disclosureAccepted: { version: DISCLOSURE.version, acceptedAt: '2026-11-26T08:00:00.000Z' },
        identity: identity(),
      }),
    );
    expect(await screen.findByText(/^This link is locked after five wrong codes until /)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Email me a code' })).toBeDisabled();
    locked = false;
    await waitFor(() => expect(screen.getByRole('button', { name: 'Email me a code' })).toBeEnabled(), {
      timeout: 5_000,
    });
    expect(screen.queryByText(/^This link is locked/)).not.toBeInTheDocument();
  });

  it('after five wrong codes, no longer offers the voided code for entry: the step starts again from sending a code', async () => {
    const identity = byCode('b***@example.com', { codeSentAt: '2026-11-26T08:00:00.000Z' });
    const { user } = renderSignPage(
      () =>
        request({
          disclosure: DISCLOSURE,
          disclosureAccepted: { version: DISCLOSURE.version, acceptedAt: '2026-11-26T08:00:00.000Z' },
          identity,
        }),
      undefined,
      {
        'POST /api/signing/token-abc/code/verify': () =>
          strapiError(429, 'Too many wrong codes: this link is locked for 10 minutes.'),
      },
    );
    await user.type(await screen.findByRole('textbox', { name: 'Code from the email' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Too many wrong codes: this link is locked for 10 minutes.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Code from the email' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Email me a code' })).toBeInTheDocument();
  });

  it('reads the link again when asking for a code finds it suspended meanwhile: no code to ask for any more', async () => {
    let suspended = false;
    const identity = () => ({
      method: 'email-code' as const,
      email: 'b***@example.com',
      codeSentAt: null,
      lockedUntil: null,
      suspended,
    });
    const message =
      'Too many wrong codes: this link is suspended. Ask for a new link: the investor with "Continue to sign" on their dashboard, anyone else by writing to the sponsor at ir@example.com.';
    const { user } = renderSignPage(
      () =>
        request({
          disclosure: DISCLOSURE,
          disclosureAccepted: { version: DISCLOSURE.version, acceptedAt: '2026-11-26T08:00:00.000Z' },
          identity: identity(),
        }),
      undefined,
      {
        'POST /api/signing/token-abc/code': () => {
          suspended = true;
          return strapiError(403, message);
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Email me a code' })).toBeDisabled());
  });

  it('tells a locked link when it opens', async () => {
    const identity = byCode('b***@example.com', { lockedUntil: '2026-11-26T08:10:00.000Z' });
    renderSignPage(() => request({ disclosure: DISCLOSURE, identity }));
    expect(await screen.findByText(/^This link is locked after five wrong codes until /)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Email me a code' })).toBeDisabled();
    expect(signButton()).toBeDisabled();
  });

  it('tells a suspended link that only a new link opens it: no code to ask for, and the Sign button says why it waits', async () => {
    const identity = byCode('b***@example.com', { suspended: true });
    const { user } = renderSignPage(() =>
      request({
        disclosure: DISCLOSURE,
        disclosureAccepted: { version: DISCLOSURE.version, acceptedAt: '2026-11-26T08:00:00.000Z' },
        identity,
      }),
    );
    expect(
      await screen.findByText(
        'This link is suspended after too many wrong codes. Ask for a new link: if you are the investor, with “Continue to sign” on your dashboard; otherwise from the sponsor.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Email me a code' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Type your full name' }), 'Sus Pended');
    await user.click(screen.getByRole('checkbox', { name: 'I agree to sign this document electronically' }));
    expect(signButton()).toBeDisabled();
    expect(screen.getByText('This link is suspended: ask for a new link to sign.')).toBeInTheDocument();
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
