import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, strapiError } from '@/testing/fake-cms';
import { findPageHeading } from '@/testing/render-app';
import { byCode, DISCLOSURE, renderSignPage, request, signButton } from '@/testing/sign-page';
import type { DisclosureAccepted } from '@portal/rules';

/**
 * The signing page (/sign/:token): the document shown, signed with a typed or drawn name and consent, the answers to a
 * signed, refused or unknown link, paper asked instead, no code for the investor's own session, and Dropbox Sign's
 * embedded signer. The disclosure and the mailed code: sign-page-code.test.tsx.
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

  it('signs only with a typed name and consent, then sends an investor to the success page', async () => {
    const { user, fetchMock } = renderSignPage(() => request());
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

  it('with Dropbox Sign, opens its embedded signer once the disclosure is accepted and the code entered, then goes to the success page', async () => {
    let accepted: DisclosureAccepted | null = null;
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
        'POST /api/signing/token-abc/code': () => ({
          sentTo: 'a***@example.com',
          expiresAt: '2026-11-26T08:10:00.000Z',
        }),
        'POST /api/signing/token-abc/code/verify': () => ({ verified: true, verification: 'proof-1' }),
        'POST /api/signing/token-abc/embedded': () => ({
          url: 'https://app.hellosign.com/editor/embeddedSign?signature_id=sig-1&token=t',
          clientId: 'client-1',
          testMode: true,
          syndUserId: 'synd-user-doc-11',
        }),
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
    act(() => embedded.finish());
    await waitFor(() => expect(window.location.pathname).toBe('/syndication/success/synd-user-doc-11'));
  });
});
