import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CapitalCallView } from '@portal/rules';
import { strapiError } from '@/testing/fake-cms';
import { meFixture } from '@/testing/fixtures';
import { findPageHeading, renderAppAs } from '@/testing/render-app';

const OPEN: CapitalCallView = {
  fundEvent: 'call-1',
  fund: { documentId: 'fund-iv', name: 'Wasabi Stallion Fund IV', url_slug: 'wasabi-stallion-fund-iv' },
  date: '2026-11-02',
  due_date: '2026-12-17',
  amount: 6_000,
  state: 'open',
  paid: 0,
  paid_on: null,
  note: 'For the spring sales',
  wire_instructions: '<p>Bank: First Test Bank</p><p>Account: Fund IV LLC<script>alert(1)</script></p>',
  notice: {
    id: 7,
    documentId: 'notice-7',
    title: 'Capital call notice, 2026-11-02',
    originalName: 'capital-call-notice-2026-11-02.pdf',
    createdAt: '2026-11-02T15:00:00.000Z',
  },
};

afterEach(() => vi.restoreAllMocks());

const renderCall = (answer: () => unknown, url = '/dashboard/capital-calls/call-1') =>
  renderAppAs(meFixture(), url, { routes: { 'GET /api/profile/capital_calls/call-1': answer } });

const facts = async () => {
  const dl = await screen.findByLabelText('The call');
  return [...dl.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);
};

describe('/dashboard/capital-calls/:fundEvent', () => {
  it('shows an open call: the amount, when it is due, the wire instructions (sanitised) and the notice', async () => {
    renderCall(() => OPEN);
    expect(await findPageHeading('Capital call: Wasabi Stallion Fund IV')).toBeInTheDocument();
    expect(screen.getByText('Open: waiting for your funds')).toBeInTheDocument();
    expect(await facts()).toEqual([
      ['Amount called', '$6,000'],
      ['Due', 'Dec 17, 2026'],
      ['Called on', 'Nov 2, 2026'],
      ['Note', 'For the spring sales'],
    ]);
    const wire = screen.getByRole('region', { name: 'Wire instructions' });
    expect(wire).toHaveTextContent('Bank: First Test Bank');
    expect(wire.querySelector('script')).toBeNull();
    expect(wire).toHaveTextContent('Please send $6,000 by Dec 17, 2026.');
    const notice = screen.getByRole('region', { name: 'Notice' });
    expect(within(notice).getByRole('button', { name: 'Capital call notice, 2026-11-02' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'The offering' })).toHaveAttribute(
      'href',
      '/syndication/dashboard/wasabi-stallion-fund-iv',
    );
    expect(screen.getByRole('link', { name: 'Your transactions in this fund' })).toHaveAttribute(
      'href',
      '/dashboard/transactions?fund=fund-iv',
    );
  });

  it('says when a call was funded, and no longer asks for the money', async () => {
    renderCall(() => ({ ...OPEN, state: 'funded', paid: 6_000, paid_on: '2026-12-10' }));
    expect(await screen.findByText('Funded on Dec 10, 2026')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Wire instructions' })).not.toBeInTheDocument();
  });

  it('says what is left of a partly funded call', async () => {
    renderCall(() => ({ ...OPEN, state: 'partly funded', paid: 2_000, paid_on: '2026-12-01' }));
    expect(await screen.findByText('Partly funded: $2,000 of $6,000 received')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Wire instructions' })).toHaveTextContent(
      'Please send $4,000 by Dec 17, 2026.',
    );
  });

  it("says a call that is none of the investor's was not found", async () => {
    renderCall(() => strapiError(404, 'Not found'));
    expect(await screen.findByText('This capital call was not found among yours.')).toBeInTheDocument();
  });

  it('says so when the call could not be read', async () => {
    renderCall(() => strapiError(502, 'Bad gateway'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The capital call could not be loaded. Please try again later.',
    );
  });
});
