import { describe, expect, it } from 'vitest';
import {
  canReview,
  currentValue,
  displayName,
  displayTitle,
  distribution,
  fullName,
  fundStatus,
  hasLevel,
  isAvailableForInvesting,
  isDeclined,
  isHostName,
  isGoingToInvest,
  isInvesting,
  isSpouseInvestmentRequired,
  luminosity,
  maxInvestment,
  overallReturn,
  signingStep,
  textColorOn,
  contrastRatio,
  readableTextOn,
  readableColorOn,
} from './index';

const now = new Date('2026-06-15T12:00:00Z');
const dates = {
  open_date: '2026-06-01T00:00:00Z',
  start_date: '2026-06-10T00:00:00Z',
  close_date: '2026-07-01T00:00:00Z',
  end_date: '2027-01-01T00:00:00Z',
};

describe('fundStatus', () => {
  it('walks New, Open, Started, Closed, Done as the dates pass', () => {
    expect(fundStatus(dates, new Date('2026-05-01'))).toBe('New');
    expect(fundStatus(dates, new Date('2026-06-05'))).toBe('Open');
    expect(fundStatus(dates, now)).toBe('Started');
    expect(fundStatus(dates, new Date('2026-08-01'))).toBe('Closed');
    expect(fundStatus(dates, new Date('2027-02-01'))).toBe('Done');
  });
  it('lets a stored Closed or Done win over the dates', () => {
    expect(fundStatus({ ...dates, fund_status: 'Closed' }, now)).toBe('Closed');
    expect(fundStatus({ ...dates, fund_status: 'Done' }, now)).toBe('Done');
  });
  it('treats a missing date as not reached yet', () => {
    expect(fundStatus({}, now)).toBe('New');
    expect(fundStatus({ open_date: dates.open_date }, now)).toBe('Open');
    expect(fundStatus({ open_date: dates.open_date, start_date: dates.start_date }, now)).toBe('Started');
  });
  it('makes only a Started fund available for investing', () => {
    expect(isAvailableForInvesting(dates, now)).toBe(true);
    expect(isAvailableForInvesting(dates, new Date('2026-06-05'))).toBe(false);
    expect(isAvailableForInvesting({ ...dates, fund_status: 'Closed' }, now)).toBe(false);
  });
});

describe('syndication user flags and signing step', () => {
  const accepted = { invest_status: 'Accepted investment' };
  it('tells declined, going to invest and investing apart', () => {
    expect(isDeclined({ invest_status: 'Declined investment' })).toBe(true);
    expect(isGoingToInvest(accepted)).toBe(true);
    expect(isInvesting(accepted)).toBe(false);
    expect(isInvesting({ ...accepted, sa_complete_date: '2026-01-01' })).toBe(true);
    expect(isGoingToInvest({ ...accepted, sa_complete_date: '2026-01-01' })).toBe(false);
    expect(isDeclined(null)).toBe(false);
    expect(canReview(accepted)).toBe(false);
    expect(canReview({ invest_status: 'Declined investment' })).toBe(true);
  });
  it('requires the spouse only for a married CASH investment with a co-subscriber email', () => {
    const spouse = { method_of_inv: 'CASH', is_married: true, cosub_email: 'sp@example.com' };
    expect(isSpouseInvestmentRequired(spouse)).toBe(true);
    expect(isSpouseInvestmentRequired({ ...spouse, method_of_inv: 'TRUST' })).toBe(false);
    expect(isSpouseInvestmentRequired({ ...spouse, is_married: false })).toBe(false);
    expect(isSpouseInvestmentRequired({ ...spouse, cosub_email: '' })).toBe(false);
  });
  it('counts signing steps 0 to 4', () => {
    const spouse = { ...accepted, method_of_inv: 'CASH', is_married: true, cosub_email: 'sp@example.com' };
    expect(signingStep(undefined)).toBe(0);
    expect(signingStep(accepted)).toBe(1);
    expect(signingStep({ ...spouse, syndAgreementSignedByCurrentUser: true })).toBe(2);
    expect(
      signingStep({ ...spouse, syndAgreementSignedByCurrentUser: true, syndAgreementSignedByCurrentUserCosub: true }),
    ).toBe(3);
    expect(signingStep({ ...accepted, syndAgreementSignedByCurrentUser: true })).toBe(3);
    expect(signingStep({ ...accepted, sa_complete_date: '2026-01-01' })).toBe(4);
  });
});

describe('money', () => {
  it('takes the larger of minimum and left, capped by the fund maximum', () => {
    expect(maxInvestment({ minimum: 25000, left: 100000 })).toBe(100000);
    expect(maxInvestment({ minimum: 25000, left: 10000 })).toBe(25000);
    expect(maxInvestment({ minimum: 25000, left: 100000, fundMax: 50000 })).toBe(50000);
    expect(maxInvestment({ minimum: 25000, left: 100000, fundMax: 500000 })).toBe(100000);
    expect(maxInvestment({ minimum: 25000, left: 100000, fundMax: null })).toBe(100000);
  });
  it('computes distribution, current value and overall return', () => {
    expect(distribution(1000, 20)).toBe(200);
    expect(distribution(1000, null)).toBe(0);
    expect(currentValue(1000, 150)).toBe(1500);
    expect(currentValue(1000, null)).toBe(1000);
    expect(overallReturn({ invested: 1000, distribution: 200, currentValue: 1500 })).toBe(70);
    expect(overallReturn({ invested: 0, distribution: 0, currentValue: 0 })).toBe(0);
  });
});

describe('display', () => {
  it('prefers the trimmed title, else the original name', () => {
    expect(displayTitle({ title: '  K-1 2025 ', originalName: 'k1.pdf' })).toBe('K-1 2025');
    expect(displayTitle({ title: '   ', originalName: 'k1.pdf' })).toBe('k1.pdf');
  });
  it('builds full and display names', () => {
    expect(fullName({ firstName: 'Ada', middleName: 'B', lastName: 'Lovelace' })).toBe('Ada B Lovelace');
    expect(displayName({ username: 'ada@example.com', firstName: 'Ada' })).toBe('Ada');
    expect(displayName({ username: 'ada@example.com', firstName: ' ', lastName: '' })).toBe('ada@example.com');
  });
  it('picks black text on light colours and white on dark ones', () => {
    expect(luminosity('#fff')).toBeCloseTo(1);
    expect(luminosity('#000000')).toBe(0);
    expect(Number.isNaN(luminosity('red'))).toBe(true);
    expect(textColorOn('#ffeb3b')).toBe('#000');
    expect(textColorOn('#225')).toBe('#fff');
  });
});

describe('contrast (WCAG 2)', () => {
  it('measures the contrast ratio of two colours, in either order', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21);
    expect(contrastRatio('#777', '#777')).toBe(1);
    // Published pairs: Bootstrap's primary blue on white, and WebAIM's #767676, the lightest grey passing AA on white.
    expect(contrastRatio('#0d6efd', '#fff')).toBeCloseTo(4.5, 1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#1976D2', '#fff')).toBeCloseTo(4.6, 1);
    expect(Number.isNaN(contrastRatio('teal', '#fff'))).toBe(true);
  });

  it('picks black or white, whichever reads better, where the 0.4 luminosity rule picks an unreadable white', () => {
    expect(textColorOn('#5BACA2')).toBe('#fff');
    expect(contrastRatio('#fff', '#5BACA2')).toBeLessThan(3);
    expect(readableTextOn('#5BACA2')).toBe('#000');
    expect(readableTextOn('#C9A227')).toBe('#000');
    expect(readableTextOn('#225')).toBe('#fff');
    expect(readableTextOn('#1976D2')).toBe('#fff');
    for (const background of ['#000', '#fff', '#777', '#5BACA2', '#C9A227', '#808080', '#ff0000', '#00ff00']) {
      expect(contrastRatio(readableTextOn(background), background), background).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps a readable colour and moves an unreadable one toward black or white just enough', () => {
    expect(readableColorOn('#1976D2', '#fff')).toBe('#1976D2');
    const onDark = readableColorOn('#1976D2', '#212529');
    expect(contrastRatio(onDark, '#212529')).toBeGreaterThanOrEqual(4.5);
    expect(luminosity(onDark)).toBeGreaterThan(luminosity('#1976D2'));
    // Just enough: one 5% step less would not read.
    expect(contrastRatio(onDark, '#212529')).toBeLessThan(5.2);
    const onWhite = readableColorOn('#C9A227', '#fff');
    expect(contrastRatio(onWhite, '#fff')).toBeGreaterThanOrEqual(4.5);
    expect(luminosity(onWhite)).toBeLessThan(luminosity('#C9A227'));
    expect(onWhite).toMatch(/^#[0-9a-f]{6}$/);
    expect(contrastRatio(readableColorOn('#2E7D32', '#212529', 3), '#212529')).toBeGreaterThanOrEqual(3);
    expect(readableColorOn('teal', '#fff')).toBe('teal');
  });
});

describe('levels', () => {
  it('orders superadmin over admin over user over guest', () => {
    expect(hasLevel('superadmin', 'admin')).toBe(true);
    expect(hasLevel('admin', 'superadmin')).toBe(false);
    expect(hasLevel('user', 'user')).toBe(true);
    expect(hasLevel('guest', 'user')).toBe(false);
    expect(hasLevel(undefined, 'guest')).toBe(true);
    expect(hasLevel(null, 'user')).toBe(false);
    expect(hasLevel('bogus', 'user')).toBe(false);
  });
});

describe('isHostName', () => {
  it('accepts host names with an optional port', () => {
    for (const host of ['example.com', 'www.example.com', 'oakharbor.localhost', 'localhost:5173', 'a-b.example.org']) {
      expect(isHostName(host), host).toBe(true);
    }
  });
  it('refuses addresses with a scheme, path or spaces, and non-strings', () => {
    for (const value of ['https://example.com', 'example.com/page', 'exa mple.com', '', '-x.com', 'x.com:', 42, null]) {
      expect(isHostName(value), String(value)).toBe(false);
    }
  });
});
