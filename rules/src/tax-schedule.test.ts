import { describe, expect, it } from 'vitest';
import { k1Matcher, taxScheduleNotice, type K1Investor } from './tax-schedule';

const investors = [
  { key: 'ann', firstName: 'Ann', lastName: 'Lee', email: 'ann.lee@example.com' },
  { key: 'bob', firstName: 'Bob', lastName: 'Lee', email: 'bob@example.com' },
  { key: 'zoe', firstName: 'Zoë', lastName: "O'Brien", email: 'zoe@example.com' },
];

/** One file's investor, as the desk matches a batch of them. */
const matchK1File = (fileName: string, among: readonly K1Investor[], pattern?: string | null) =>
  k1Matcher(among, pattern)(fileName);

describe('k1Matcher', () => {
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

  it('reads each investor once, however many files it then matches (5,000 files for 5,000 partners)', () => {
    let reads = 0;
    const counted = Array.from({ length: 2_000 }, (_, index) => {
      const investor = {
        key: `p${index}`,
        firstName: `First${index}`,
        lastName: `Last${index}`,
        email: `p${index}@example.com`,
      };
      return new Proxy(investor, {
        get: (target, field: keyof typeof investor) => {
          reads += 1;
          return target[field];
        },
      });
    });
    for (const pattern of [null, 'K1-{last}-{first}']) {
      const match = k1Matcher(counted, pattern);
      const afterBuilding = reads;
      expect(afterBuilding).toBeLessThanOrEqual(counted.length * 6);
      const names = Array.from({ length: 2_000 }, (_, index) =>
        pattern ? `K1-Last${index}-First${index}.pdf` : `K1 2026 p${index}@example.com.pdf`,
      );
      expect(names.map(match)).toEqual(counted.map((_, index) => `p${index}`));
      expect(reads).toBe(afterBuilding);
      reads = 0;
    }
  });
});

describe('taxScheduleNotice', () => {
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
  it("says when the K-1 is expected, or that it is ready, in the dashboard's words", () => {
    expect(taxScheduleNotice({ taxYear: 2026, state: 'pending', expectedDate: '2027-03-15' }, date)).toBe(
      'K-1 for 2026 expected by March 15',
    );
    expect(taxScheduleNotice({ taxYear: 2026, state: 'pending' }, date)).toBe('K-1 for 2026 is being prepared');
    expect(taxScheduleNotice({ taxYear: 2025, state: 'issued', expectedDate: '2026-03-15' }, date)).toBe(
      'K-1 for 2025 is ready under Tax Documents',
    );
  });
});
