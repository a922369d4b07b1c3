import { describe, expect, it } from 'vitest';
import { raiseState, reminderOf } from './raise';

const accepted = { invest_status: 'Accepted investment' };
const spouse = { ...accepted, method_of_inv: 'CASH', is_married: true, cosub_email: 'sam@example.com' };

describe('raiseState: the furthest step an investor reached', () => {
  it.each([
    ['no answer yet', {}, 'reviewed'],
    ['declined', { invest_status: 'Declined investment', ft_complete_date: '2026-01-01' }, 'declined'],
    ['said yes', accepted, 'committed'],
    ['signed alone', { ...accepted, syndAgreementSignedByCurrentUser: true }, 'investor_signed'],
    ['signed, spouse to sign', { ...spouse, syndAgreementSignedByCurrentUser: true }, 'investor_signed'],
    [
      'both signed',
      { ...spouse, syndAgreementSignedByCurrentUser: true, syndAgreementSignedByCurrentUserCosub: true },
      'spouse_signed',
    ],
    [
      'spouse flag on a trust (no spouse signs)',
      {
        ...spouse,
        method_of_inv: 'TRUST',
        syndAgreementSignedByCurrentUser: true,
        syndAgreementSignedByCurrentUserCosub: true,
      },
      'investor_signed',
    ],
    [
      'countersigned',
      { ...accepted, syndAgreementSignedByCurrentUser: true, sa_complete_date: '2026-02-01' },
      'countersigned',
    ],
    ['funded', { ...accepted, sa_complete_date: '2026-02-01', ft_complete_date: '2026-02-10' }, 'funded'],
    [
      'transferred to another investor, whatever it reached',
      { ...accepted, sa_complete_date: '2026-02-01', ft_complete_date: '2026-02-10', transferredAt: '2026-03-01' },
      'transferred',
    ],
  ])('%s', (_, row, state) => {
    expect(raiseState(row)).toBe(state);
  });
});

describe('reminderOf: who a reminder goes to and what it asks', () => {
  it('asks the investor to sign or to fund, the spouse to sign; nothing of those waiting for management or done', () => {
    expect(reminderOf(accepted)).toEqual({ to: 'investor', step: 'Please sign your subscription agreement' });
    expect(reminderOf({ ...spouse, syndAgreementSignedByCurrentUser: true })).toEqual({
      to: 'spouse',
      step: "Please sign the subscription agreement as the investor's spouse (your signing link is in this mail)",
    });
    expect(reminderOf({ ...accepted, syndAgreementSignedByCurrentUser: true })).toBeNull();
    expect(
      reminderOf({ ...spouse, syndAgreementSignedByCurrentUser: true, syndAgreementSignedByCurrentUserCosub: true }),
    ).toBeNull();
    expect(reminderOf({ ...accepted, sa_complete_date: '2026-02-01' })).toEqual({
      to: 'investor',
      step: 'Please fund your commitment (the funding instructions are on the investment page)',
    });
    expect(reminderOf({ ...accepted, sa_complete_date: '2026-02-01', ft_complete_date: '2026-02-03' })).toBeNull();
    expect(reminderOf({ invest_status: 'Declined investment' })).toBeNull();
  });
});
