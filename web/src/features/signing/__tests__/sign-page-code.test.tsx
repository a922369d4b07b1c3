import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, strapiError } from '@/testing/fake-cms';
import { byCode, DISCLOSURE, renderSignPage, request, signButton } from '@/testing/sign-page';
import type { DisclosureAccepted } from '@portal/rules';

/**
 * The signing page's checks for a signer without their own session (/sign/:token): the disclosure accepted and the
 * mailed code entered before signing, a link locked after wrong codes and opened again, and a suspended link.
 */

// jsdom draws no canvas: the pdf.js viewer is tried in Chromium (e2e/tests/signing.test.ts); here it names its document.
vi.mock('@/components/pdf-viewer/pdf-viewer', () => ({
  default: ({ url, title }: { url: string; title: string }) => <p>{`Viewer of ${title}: ${url}`}</p>,
}));

describe('/sign/:token', () => {
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
});
