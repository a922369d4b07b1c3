import { describe, expect, it } from 'vitest';
import { DEFAULT_PORTAL_TIME_ZONE, isTimeZone, portalTimeZone } from './time-zones';

describe('isTimeZone', () => {
  it('accepts IANA zone names', () => {
    for (const zone of ['America/New_York', 'America/Argentina/Buenos_Aires', 'Europe/London', 'UTC', 'Etc/GMT+5'])
      expect(isTimeZone(zone), zone).toBe(true);
  });
  it('refuses offsets, abbreviations, unknown places and non-strings', () => {
    for (const value of ['+02:00', 'EST5EDT x', 'Mars/Olympus_Mons', 'America/', '', ' UTC', 42, null])
      expect(isTimeZone(value), String(value)).toBe(false);
  });
});

describe('portalTimeZone', () => {
  it("is the portal's zone, or New York's when it has none or an unknown one", () => {
    expect(portalTimeZone({ timeZone: 'America/Los_Angeles' })).toBe('America/Los_Angeles');
    expect(DEFAULT_PORTAL_TIME_ZONE).toBe('America/New_York');
    for (const portal of [{ timeZone: null }, { timeZone: 'Nowhere/Else' }, {}, null, undefined])
      expect(portalTimeZone(portal)).toBe('America/New_York');
  });
});
