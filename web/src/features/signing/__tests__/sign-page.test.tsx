import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type CmsRoute, callsTo, fakeCms, strapiError } from '@/testing/fake-cms';
import { findPageHeading, renderApp } from '@/testing/render-app';
import type { SigningRequest } from '../api/signing';

const request = (overrides: Partial<SigningRequest> = {}): SigningRequest => ({
  signer: { role: 'investor', name: 'Ann Investor', email: 'ann@example.com' },
  document: { title: 'Subscription Agreement', investmentName: 'Into Mischief Shares', fundName: 'Stallion Fund 2026', amount: 50000 },
  signed: false,
  documentUrl: null,
  ...overrides,
});

function renderSignPage(answer: CmsRoute, sign: CmsRoute = () => ({ success: true, syndUserId: 'synd-user-doc-11' })) {
  return renderApp(
    '/sign/token-abc',
    fakeCms({
      routes: {
        'GET /api/signing/token-abc': answer,
        'POST /api/signing/token-abc': sign,
        'POST /api/syndication/sync_sign': () => strapiError(401, 'Missing or invalid credentials'),
      },
    }),
  );
}

const signButton = () => screen.getByRole('button', { name: 'Sign' });

describe('/sign/:token', () => {
  it('shows the document, its investment, amount and the PDF with a download link, without a session', async () => {
    const { container } = renderSignPage(() => request());
    expect(await findPageHeading('Subscription Agreement')).toBeInTheDocument();
    expect(screen.getByText('Into Mischief Shares')).toBeInTheDocument();
    expect(screen.getByText('$50,000')).toBeInTheDocument();
    expect(container.querySelector('object')).toHaveAttribute('data', 'http://localhost:1337/api/signing/token-abc/document');
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
    const { user, fetchMock } = renderSignPage(() => request({ signer: { role: 'spouse', name: 'Bo Investor', email: 'bo@example.com' } }));
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
    const { user } = renderSignPage(() => request(), () => strapiError(410, 'This signing link has expired'));
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
});
