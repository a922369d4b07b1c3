import { describe, expect, it } from 'vitest';
import { matchK1File, taxScheduleNotice } from './tax-schedule';

const investors = [
  { key: 'ann', firstName: 'Ann', lastName: 'Lee', email: 'ann.lee@example.com' },
  { key: 'bob', firstName: 'Bob', lastName: 'Lee', email: 'bob@example.com' },
  { key: 'zoe', firstName: 'Zoë', lastName: "O'Brien", email: 'zoe@example.com' },
];

describe('matchK1File', () => {
  it('finds the investor by email, or last and first names in either order, ignoring case, accents and punctuation', () => {
    expect(matchK1File('K1_2026_ann.lee@example.com.pdf', investors)).toBe('ann');
    expect(matchK1File('2026 K-1 - LEE, Bob.pdf', investors)).toBe('bob');
    expect(matchK1File('uploads/k1-zoe-obrien.PDF', investors)).toBe('zoe');
  });

  it('matches nobody when a name fits several investors or none', () => {
    expect(matchK1File('K1 Lee.pdf', investors)).toBeNull();
    expect(matchK1File('K1 Carl Smith.pdf', investors)).toBeNull();
    expect(matchK1File('.pdf', investors)).toBeNull();
  });

  it('follows a pattern exactly when given one', () => {
    expect(matchK1File('Fund-IV_K1_2026_Lee_Ann.pdf', investors, 'Fund-IV_K1_2026_{last}_{first}')).toBe('ann');
    expect(matchK1File('Fund-IV_K1_2026_Lee_Ann_copy.pdf', investors, 'Fund-IV_K1_2026_{last}_{first}')).toBeNull();
    expect(matchK1File('K1-zoe@example.com.pdf', investors, 'K1-{email}')).toBe('zoe');
    // A pattern without a placeholder names nobody in particular.
    expect(matchK1File('K1.pdf', investors, 'K1')).toBeNull();
  });
});

describe('taxScheduleNotice', () => {
  const date = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
  it("says when the K-1 is expected, or that it is ready, in the dashboard's words", () => {
    expect(taxScheduleNotice({ taxYear: 2026, state: 'pending', expectedDate: '2027-03-15' }, date)).toBe('K-1 for 2026 expected by March 15');
    expect(taxScheduleNotice({ taxYear: 2026, state: 'pending' }, date)).toBe('K-1 for 2026 is being prepared');
    expect(taxScheduleNotice({ taxYear: 2025, state: 'issued', expectedDate: '2026-03-15' }, date)).toBe('K-1 for 2025 is ready under Tax Documents');
  });
});
