import { describe, expect, it } from 'vitest';
import { meFixture } from '@/testing/fixtures';
import { isProfileIncomplete, needsAccreditation } from '../profile-completion';

const now = new Date('2026-06-15T12:00:00Z');

describe("the dashboard's 'Please Complete:' list", () => {
  it('asks for the accreditation when none is stated, or it was stated more than a year ago', () => {
    expect(needsAccreditation(meFixture({ accreditation: 0 }), now)).toBe(true);
    expect(needsAccreditation(meFixture({ accreditation: 3, accreditationDate: null }), now)).toBe(true);
    expect(
      needsAccreditation(meFixture({ accreditation: 3, accreditationDate: '2025-06-14T12:00:00.000Z' }), now),
    ).toBe(true);
    expect(
      needsAccreditation(meFixture({ accreditation: 3, accreditationDate: '2025-06-16T12:00:00.000Z' }), now),
    ).toBe(false);
  });

  it('asks for the state only when the country is the United States', () => {
    const address = { homePhone: '555-0100', address1: '1 Barn Lane', city: 'Lexington', postalCode: '40511' };
    expect(isProfileIncomplete(meFixture({ ...address, country: 'United States', state: null }))).toBe(true);
    expect(isProfileIncomplete(meFixture({ ...address, country: 'United States', state: 'Kentucky' }))).toBe(false);
    expect(isProfileIncomplete(meFixture({ ...address, country: 'Canada', state: null }))).toBe(false);
  });
});
