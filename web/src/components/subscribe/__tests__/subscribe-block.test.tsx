import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/providers/app-provider';
import { deferred } from '@/testing/deferred';
import { type CmsRoute, callsTo, fakeCms, strapiError } from '@/testing/fake-cms';
import { stubFetch } from '@/testing/fetch-stub';
import { largestFittingSize } from '../fit-font-size';
import { HEADING_MAX_FONT_PX, SubscribeBlock } from '../subscribe-block';

const SUBSCRIBE_ROUTE = 'POST /api/email/mailchimpsubscribe';

/** The block inside the app's providers (portal wasabistallions), against a CMS that answers subscribing with `answer`. */
async function renderBlock(answer: CmsRoute) {
  const fetchMock = stubFetch(fakeCms({ routes: { [SUBSCRIBE_ROUTE]: answer } }));
  render(
    <AppProvider>
      <SubscribeBlock />
    </AppProvider>,
  );
  const heading = await screen.findByRole('heading', { name: 'Subscribe to our newsletter' });
  return { fetchMock, heading, user: userEvent.setup() };
}

const emailInput = () => screen.getByRole('textbox', { name: 'Email' });

async function subscribe(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.type(emailInput(), email);
  await user.click(screen.getByRole('button', { name: 'Subscribe' }));
}

describe('subscribe block', () => {
  it("sends the address with the portal, shows it is busy, then reads 'Subscibed' with input and button disabled", async () => {
    const answer = deferred<unknown>();
    const { fetchMock, user } = await renderBlock(() => answer.promise);
    await subscribe(user, 'reader@example.com');

    expect(screen.getByRole('button', { name: 'Subscribing…' })).toBeDisabled();
    expect(emailInput()).toBeDisabled();
    expect(callsTo(fetchMock, SUBSCRIBE_ROUTE).map(({ body }) => body)).toEqual([
      { email: 'reader@example.com', portal: 'wasabistallions' },
    ]);

    answer.resolve({ success: true });
    // Misspelt exactly as the spec has it.
    expect(await screen.findByRole('button', { name: 'Subscibed' })).toBeDisabled();
    expect(emailInput()).toBeDisabled();
    expect(emailInput()).toHaveValue('reader@example.com');
    expect(screen.queryByText('Error subscribing')).not.toBeInTheDocument();
  });

  it('sends whatever was typed, with no check of the address on the page', async () => {
    const { fetchMock, user } = await renderBlock(() => ({ success: true }));
    await subscribe(user, 'not an address');
    expect(await screen.findByRole('button', { name: 'Subscibed' })).toBeInTheDocument();
    expect(callsTo(fetchMock, SUBSCRIBE_ROUTE).map(({ body }) => body)).toEqual([
      { email: 'not an address', portal: 'wasabistallions' },
    ]);
  });

  it.each([
    ['the CMS refuses the address', () => strapiError(400, 'Enter a valid email address')],
    ['Mailchimp refuses it', () => strapiError(502, 'Mailchimp says no')],
    ['the answer says success: false', () => ({ success: false })],
    ['the answer has no success', () => ({})],
  ])("toasts 'Error subscribing' when %s, and lets the visitor try again", async (_case, answer) => {
    const { user } = await renderBlock(answer);
    await subscribe(user, 'reader@example.com');

    expect(await screen.findByText('Error subscribing')).toBeInTheDocument();
    expect(screen.queryByText(/valid email|Mailchimp/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    expect(emailInput()).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Subscibed' })).not.toBeInTheDocument();
  });
});

describe('subscribe heading size', () => {
  /** Lays the heading out as `lines` lines of its font size; every other element is empty. */
  function layOutHeading(lines: () => number) {
    vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
      if (!(this instanceof HTMLElement) || !this.classList.contains('subscribe-heading')) return 0;
      return parseFloat(this.style.fontSize) * lines();
    });
  }

  it(`starts at ${HEADING_MAX_FONT_PX} px when the heading fits in 100 px`, async () => {
    layOutHeading(() => 1);
    const { heading } = await renderBlock(() => ({ success: true }));
    expect(heading).toHaveStyle({ fontSize: '100px' });
  });

  it('shrinks until the heading is no taller than 100 px, and fits again when the window is resized', async () => {
    let lines = 2;
    layOutHeading(() => lines);
    const { heading } = await renderBlock(() => ({ success: true }));
    expect(heading).toHaveStyle({ fontSize: '50px' });

    // A narrower window breaks the heading into more lines.
    lines = 3;
    fireEvent(window, new Event('resize'));
    expect(heading).toHaveStyle({ fontSize: '33px' });

    lines = 1;
    fireEvent(window, new Event('resize'));
    expect(heading).toHaveStyle({ fontSize: '100px' });
  });
});

describe('largestFittingSize', () => {
  it('finds the largest size that fits, trying far fewer sizes than stepping down one by one', () => {
    const tried: number[] = [];
    const fits = (size: number) => {
      tried.push(size);
      return size <= 37;
    };
    expect(largestFittingSize(fits, 1, 100)).toBe(37);
    expect(tried.length).toBeLessThanOrEqual(8);
  });

  it('answers the largest size at once when it fits, and the smallest when nothing fits', () => {
    expect(largestFittingSize(() => true, 1, 100)).toBe(100);
    expect(largestFittingSize(() => false, 1, 100)).toBe(1);
    expect(largestFittingSize((size) => size <= 2, 1, 100)).toBe(2);
  });
});
