import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatUsd } from '../format';

// ICU puts a narrow no-break space before AM/PM; compare with plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatUsd', () => {
  it("shows '$0' for zero or a missing amount", () => {
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(null)).toBe('$0');
    expect(formatUsd(undefined)).toBe('$0');
  });

  it('drops the cents of whole amounts and keeps them otherwise', () => {
    expect(formatUsd(25000)).toBe('$25,000');
    expect(formatUsd(1234567.5)).toBe('$1,234,567.50');
    expect(formatUsd(-300)).toBe('-$300');
  });
});

describe('formatDateTime', () => {
  const instant = '2025-03-04T20:30:00Z';

  it('shows an en-US medium date with short time in the given zone', () => {
    expect(plain(formatDateTime(instant, 'America/Chicago'))).toBe('Mar 4, 2025, 2:30 PM');
    expect(plain(formatDateTime(new Date(instant), 'Asia/Tokyo'))).toBe('Mar 5, 2025, 5:30 AM');
  });

  it("uses the device's zone when none, an empty or an unknown one is given", () => {
    const deviceDefault = plain(formatDateTime(instant));
    expect(deviceDefault).toMatch(/^[A-Z][a-z]{2} \d{1,2}, 2025, \d{1,2}:\d{2} [AP]M$/);
    expect(plain(formatDateTime(instant, ''))).toBe(deviceDefault);
    expect(plain(formatDateTime(instant, 'Mars/Olympus_Mons'))).toBe(deviceDefault);
  });

  it('gives an empty string for an unreadable date', () => {
    expect(formatDateTime('not a date', 'UTC')).toBe('');
  });
});

describe('formatDate', () => {
  it('shows a date alone as that day wherever the reader is', () => {
    expect(formatDate('2026-12-17', 'Asia/Tokyo')).toBe('Dec 17, 2026');
    expect(formatDate('2026-12-17', 'Pacific/Honolulu')).toBe('Dec 17, 2026');
    expect(formatDate('2026-12-17')).toBe('Dec 17, 2026');
  });

  it('shows a moment as its day in the given zone, with no time of day', () => {
    expect(formatDate('2026-12-17T23:30:00Z', 'America/Chicago')).toBe('Dec 17, 2026');
    expect(formatDate('2026-12-17T23:30:00Z', 'Asia/Tokyo')).toBe('Dec 18, 2026');
    expect(formatDate('2026-12-17T23:30:00Z', 'Mars/Olympus_Mons')).toMatch(/^Dec 1[78], 2026$/);
  });

  it('gives an empty string for an unreadable date', () => {
    expect(formatDate('2026-13-45', 'UTC')).toBe('');
    expect(formatDate('soon', 'UTC')).toBe('');
  });
});
