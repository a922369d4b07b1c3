import { describe, expect, it } from 'vitest';
import { fundFixture, investmentFixture, syndUserFixture } from '@/testing/investments';
import { cardButtonLabel, cardStatus, formatPercent, returnTone } from '../investment-rules';

const complete = '2026-03-01T12:00:00.000Z';
const declined = syndUserFixture({ invest_status: 'Declined investment', isGoingToInvest: false, isDeclined: true });

describe('investment card (spec 01)', () => {
  it.each([
    ['going to invest and signed', syndUserFixture({ syndAgreementSignedByCurrentUser: true }), true, 'Review'],
    ['going to invest, not signed', syndUserFixture(), true, 'Sign Legal Document'],
    ['declined and still available', declined, true, 'Invest'],
    ['declined and no longer available', declined, false, 'Review Due Diligence'],
    [
      'investing',
      syndUserFixture({ sa_complete_date: complete, syndAgreementSignedByCurrentUser: true }),
      false,
      'Review',
    ],
    ['undecided', null, true, 'Review Due Diligence'],
    ['undecided, no longer available', null, false, 'Review Due Diligence'],
  ])('labels the button of %s', (_state, syndUser, isAvailable, label) => {
    expect(cardButtonLabel(investmentFixture({ syndUser, isAvailable }))).toBe(label);
  });

  it('shows the amount of an investor going to invest or investing', () => {
    for (const syndUser of [syndUserFixture(), syndUserFixture({ sa_complete_date: complete })]) {
      expect(cardStatus(investmentFixture({ syndUser }))).toEqual({
        kind: 'investment',
        label: 'Your Investment:',
        amount: 50000,
      });
    }
  });

  it('shows the close date of an available investment the investor has not decided on', () => {
    const investment = investmentFixture({ fund: fundFixture({ close_date: '2027-03-15T17:00:00.000Z' }) });
    expect(cardStatus(investment)).toEqual({
      kind: 'closes',
      label: 'Still time to invest! Closes:',
      closeDate: '2027-03-15T17:00:00.000Z',
    });
  });

  it("says 'Not Investing' for a declined investment, available or not", () => {
    expect(cardStatus(investmentFixture({ syndUser: declined }))).toEqual({ kind: 'declined', label: 'Not Investing' });
    expect(cardStatus(investmentFixture({ syndUser: declined, isAvailable: false }))?.label).toBe('Not Investing');
  });

  it('says nothing of an undecided investment that is no longer available', () => {
    expect(cardStatus(investmentFixture({ isAvailable: false }))).toBeNull();
  });
});

describe('overall return', () => {
  it('is positive above 0, negative below, grey at 0 as shown with 2 decimals', () => {
    expect(returnTone(12.5)).toBe('positive');
    expect(returnTone(-0.01)).toBe('negative');
    expect(returnTone(0)).toBe('grey');
    expect(returnTone(0.001)).toBe('grey');
  });

  it('shows percentages with 2 decimals', () => {
    expect(formatPercent(12.5)).toBe('12.50%');
    expect(formatPercent(-3.14159)).toBe('-3.14%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(null)).toBe('0.00%');
  });
});
