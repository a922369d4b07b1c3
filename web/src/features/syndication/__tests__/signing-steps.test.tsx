import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SyndUserView } from '@/lib/investments';
import { callsTo, strapiError } from '@/testing/fake-cms';
import { useFakeTimers } from '@/testing/fake-timers';
import { fundFixture, investmentFixture, syndUserFixture } from '@/testing/investments';
import { advance } from '@/testing/render-app';
import { renderSyndication } from './render-syndication';

afterEach(() => {
  vi.useRealTimers();
});

const COMPLETE = '2026-04-01T15:00:00.000Z';

const investing = (syndUser: Partial<SyndUserView>, fund = fundFixture()) =>
  investmentFixture({ syndUser: syndUserFixture(syndUser), fund });

const spouse = {
  is_married: true,
  is_marital_state: true,
  cosub_email: 'bo@example.com',
  isSpouseInvestmentRequired: true,
};

/** The steps as listed, with the state each says it is in, and which one is current. */
function steps() {
  const list = screen.getByRole('list', { name: 'Signing steps' });
  return within(list)
    .getAllByRole('listitem')
    .map(
      (item) =>
        `${item.firstChild?.textContent}: ${item.lastChild?.textContent}${item.getAttribute('aria-current') ? ' (current)' : ''}`,
    );
}

describe('signing steps', () => {
  it('shows none before there is a syndication user (step 0)', async () => {
    await renderSyndication(investmentFixture());
    expect(screen.queryByRole('list', { name: 'Signing steps' })).not.toBeInTheDocument();
  });

  it('step 1: Your Signature is current; no Spouse Signature unless required', async () => {
    await renderSyndication(investing({}));
    expect(steps()).toEqual([
      'Your Signature: In progress (current)',
      'Management Signature: Pending',
      'Ready Agreement: Pending',
    ]);
    expect(screen.getByRole('button', { name: 'Continue to sign' })).toBeInTheDocument();
  });

  it('step 2: the spouse signs when a spouse investment is required', async () => {
    await renderSyndication(investing({ ...spouse, syndAgreementSignedByCurrentUser: true }));
    expect(steps()).toEqual([
      'Your Signature: Done',
      'Spouse Signature: In progress (current)',
      'Management Signature: Pending',
      'Ready Agreement: Pending',
    ]);
    expect(screen.getByText(/Waiting for your spouse to sign/)).toBeInTheDocument();
  });

  it('step 3: management signs; no funding block yet', async () => {
    await renderSyndication(
      investing(
        { ...spouse, syndAgreementSignedByCurrentUser: true, syndAgreementSignedByCurrentUserCosub: true },
        fundFixture({ funding_my_investment_description: '<p>Wire within 10 days.</p>' }),
      ),
    );
    expect(steps()).toEqual([
      'Your Signature: Done',
      'Spouse Signature: Done',
      'Management Signature: In progress (current)',
      'Ready Agreement: Pending',
    ]);
    expect(screen.getByText('Waiting for management to sign the agreement.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Funding My Investment' })).not.toBeInTheDocument();
  });

  it('step 4: the agreement is ready to download with the session, and the funding block shows', async () => {
    // The browser's side of saving a file: a Blob URL and a click on a download link.
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => (blobs.push(blob), 'blob:agreement')),
        revokeObjectURL: vi.fn(),
      }),
    );
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    const { user, fetchMock } = await renderSyndication(
      investing(
        {
          syndAgreementSignedByCurrentUser: true,
          sa_complete_date: COMPLETE,
          isInvesting: true,
          isGoingToInvest: false,
        },
        fundFixture({
          funding_my_investment_description: '<p>Wire within 10 days.</p>',
          wire_instructions: '<p>Bank of Lexington, ABA 000</p>',
          check_instructions: '<p>Payable to Stallion Fund 2026</p>',
        }),
      ),
      {
        'POST /api/profile/synd_agreements/download': () => ({
          url: 'http://localhost:1337/api/files/link-token',
          originalName: 'Stallion agreement.pdf',
        }),
        'GET /api/files/link-token': ({ authCode }) =>
          authCode
            ? new Response('%PDF-1.7 sealed', { headers: { 'Content-Type': 'application/pdf' } })
            : strapiError(403, 'Sign in'),
      },
    );
    expect(steps()).toEqual(['Your Signature: Done', 'Management Signature: Done', 'Ready Agreement: Done']);
    const funding = screen.getByRole('region', { name: 'Funding My Investment' });
    expect(funding).toHaveTextContent('Wire within 10 days.');
    expect(funding).toHaveTextContent('Bank of Lexington, ABA 000');
    expect(funding).toHaveTextContent('Payable to Stallion Fund 2026');

    await user.click(screen.getByRole('button', { name: 'Download Agreement' }));
    expect(callsTo(fetchMock, 'POST /api/profile/synd_agreements/download').map(({ body }) => body)).toEqual([
      { syndUserId: 'synd-user-doc-11' },
    ]);
    await vi.waitFor(() => expect(saved).toEqual([{ href: 'blob:agreement', download: 'Stallion agreement.pdf' }]));
    expect(callsTo(fetchMock, 'GET /api/files/link-token')[0].authCode).toBeTruthy();
    expect(await blobs[0].text()).toBe('%PDF-1.7 sealed');
  });

  it('says why when the agreement cannot be downloaded', async () => {
    const { user } = await renderSyndication(
      investing({
        syndAgreementSignedByCurrentUser: true,
        sa_complete_date: COMPLETE,
        isInvesting: true,
        isGoingToInvest: false,
      }),
      { 'POST /api/profile/synd_agreements/download': () => strapiError(404, 'Not found') },
    );
    await user.click(screen.getByRole('button', { name: 'Download Agreement' }));
    expect(await screen.findByText('The agreement could not be downloaded: Not found')).toBeInTheDocument();
  });

  it('after Continue to sign, says the link was sent, copies it with the spec toast and opens it', async () => {
    const url = 'http://localhost:5173/sign/token-abc';
    const { user, fetchMock } = await renderSyndication(investing({}), {
      'POST /api/syndication/request_sign': () => ({ success: true, url, syndAgreementSignedByCurrentUser: false }),
      'POST /api/syndication/sync_sign': () => ({ success: true, syndAgreementSignedByCurrentUser: false }),
    });
    await user.click(screen.getByRole('button', { name: 'Continue to sign' }));
    expect(await screen.findByText(/sent to your email inbox/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/syndication/request_sign').map(({ body }) => body)).toEqual([
      { id: 'synd-user-doc-11' },
    ]);
    expect(screen.getByRole('link', { name: 'Open signing page' })).toHaveAttribute('href', url);

    await user.click(screen.getByRole('button', { name: 'Copy signing link' }));
    expect(await screen.findByText('URL to sign document has been copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(url);
  });

  it('treats the document as signed when no link comes back', async () => {
    const { user, fetchMock } = await renderSyndication(investing({}), {
      'POST /api/syndication/request_sign': () => ({
        success: true,
        url: null,
        syndAgreementSignedByCurrentUser: true,
      }),
      'POST /api/syndication/sync_sign': () => ({
        success: true,
        syndAgreementSignedByCurrentUser: true,
        sa_complete_date: null,
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Continue to sign' }));
    expect(await screen.findByText('Waiting for management to sign the agreement.')).toBeInTheDocument();
    expect(steps()[0]).toBe('Your Signature: Done');
    expect(callsTo(fetchMock, 'POST /api/syndication/sync_sign')).toHaveLength(1);
  });

  it('polls the signing state every 5 s and stops after 10 tries', async () => {
    const { fetchMock } = await renderSyndication(investing({}), {
      'POST /api/syndication/request_sign': () => ({
        success: true,
        url: 'http://localhost/sign/t',
        syndAgreementSignedByCurrentUser: false,
      }),
      'POST /api/syndication/sync_sign': () => ({
        success: true,
        syndAgreementSignedByCurrentUser: false,
        sa_complete_date: null,
      }),
    });
    useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to sign' }));
    await advance();
    expect(screen.getByText('Waiting for your signature…')).toBeInTheDocument();
    const polls = () => callsTo(fetchMock, 'POST /api/syndication/sync_sign').length;

    await advance(4999);
    expect(polls()).toBe(0);
    await advance(1);
    expect(polls()).toBe(1);
    for (let tick = 2; tick <= 10; tick += 1) await advance(5000);
    expect(polls()).toBe(10);
    await advance(60_000);
    expect(polls()).toBe(10);
    expect(screen.getByText('We have not received your signature yet.')).toBeInTheDocument();
  });

  it('stops polling once the investor has signed, and moves on to the next step', async () => {
    let signed = false;
    const { fetchMock } = await renderSyndication(investing({}), {
      'POST /api/syndication/request_sign': () => ({
        success: true,
        url: 'http://localhost/sign/t',
        syndAgreementSignedByCurrentUser: false,
      }),
      'POST /api/syndication/sync_sign': () => ({
        success: true,
        syndAgreementSignedByCurrentUser: signed,
        sa_complete_date: null,
      }),
    });
    useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to sign' }));
    await advance();
    await advance(5000);
    signed = true;
    await advance(5000);
    expect(callsTo(fetchMock, 'POST /api/syndication/sync_sign')).toHaveLength(2);
    expect(screen.getByText('Waiting for management to sign the agreement.')).toBeInTheDocument();
    await advance(30_000);
    expect(callsTo(fetchMock, 'POST /api/syndication/sync_sign')).toHaveLength(2);
  });
});
