import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, strapiError } from '@/testing/fake-cms';
import { meFixture } from '@/testing/fixtures';
import { findPageHeading } from '@/testing/render-app';
import { DISCLOSURE, renderSignPage, request, signButton } from '@/testing/sign-page';

/**
 * The signing page (/sign/:token): the document shown, signed with a typed or drawn name and consent, the answers to a
 * signed, refused or unknown link, paper asked instead, no code for the investor's own session. The disclosure and the
 * mailed code: sign-page-code.test.tsx; what a signer sees once signed (with or without a session, here or at Dropbox
 * Sign): sign-page-complete.test.tsx.
 */

// jsdom draws no canvas: the pdf.js viewer is tried in Chromium (e2e/tests/signing.test.ts); here it names its document.
vi.mock('@/components/pdf-viewer/pdf-viewer', () => ({
  default: ({ url, title }: { url: string; title: string }) => <p>{`Viewer of ${title}: ${url}`}</p>,
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
});
