import { describe, expect, it } from 'vitest';
import { raiseState, reminderStep } from './raise';

const accepted = { invest_status: 'Accepted investment' };
const spouse = { ...accepted, method_of_inv: 'CASH', is_married: true, cosub_email: 'sam@example.com' };

describe('raiseState: the furthest step an investor reached', () => {
  it.each([
    ['no answer yet', {}, 'reviewed'],
    ['declined', { invest_status: 'Declined investment', ft_complete_date: '2026-01-01' }, 'declined'],
    ['said yes', accepted, 'committed'],
    ['signed alone', { ...accepted, syndAgreementSignedByCurrentUser: true }, 'investor_signed'],
    ['signed, spouse to sign', { ...spouse, syndAgreementSignedByCurrentUser: true }, 'investor_signed'],
    ['both signed', { ...spouse, syndAgreementSignedByCurrentUser: true, syndAgreementSignedByCurrentUserCosub: true }, 'spouse_signed'],
    ['spouse flag on a trust (no spouse signs)', { ...spouse, method_of_inv: 'TRUST', syndAgreementSignedByCurrentUser: true, syndAgreementSignedByCurrentUserCosub: true }, 'investor_signed'],
    ['countersigned', { ...accepted, syndAgreementSignedByCurrentUser: true, sa_complete_date: '2026-02-01' }, 'countersigned'],
    ['funded', { ...accepted, sa_complete_date: '2026-02-01', ft_complete_date: '2026-02-10' }, 'funded'],
  ])('%s', (_, row, state) => {
    expect(raiseState(row)).toBe(state);
  });
});

describe('reminderStep: what a reminder asks', () => {
  it('asks to sign, the spouse to sign, or to fund; nothing of those waiting for management or done', () => {
    expect(reminderStep(accepted)).toMatch(/sign your subscription agreement/);
    expect(reminderStep({ ...spouse, syndAgreementSignedByCurrentUser: true })).toMatch(/spouse still needs to sign/);
    expect(reminderStep({ ...accepted, syndAgreementSignedByCurrentUser: true })).toBeNull();
    expect(reminderStep({ ...accepted, sa_complete_date: '2026-02-01' })).toMatch(/fund your commitment/);
    expect(reminderStep({ ...accepted, sa_complete_date: '2026-02-01', ft_complete_date: '2026-02-03' })).toBeNull();
    expect(reminderStep({ invest_status: 'Declined investment' })).toBeNull();
  });
});
