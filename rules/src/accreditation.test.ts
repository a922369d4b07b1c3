import { describe, expect, it } from 'vitest';
import {
  ACCREDITATION_OPTIONS,
  accreditationDue,
  accreditationOptionsOf,
  accreditationProblem,
  COUNTRIES,
  isAccreditation,
  maskPostalCode,
  US_STATES,
} from './index';

const now = new Date('2026-06-15T12:00:00Z');

describe('accreditationDue', () => {
  it('asks when no accreditation is stated, whatever the date', () => {
    expect(accreditationDue({ accreditation: 0, accreditationDate: '2026-06-01T00:00:00Z' }, now)).toBe(true);
    expect(accreditationDue({ accreditation: null, accreditationDate: null }, now)).toBe(true);
    expect(accreditationDue({}, now)).toBe(true);
  });

  it('asks when an accreditation carries no date (stated before dates were kept) or an unreadable one', () => {
    expect(accreditationDue({ accreditation: 2, accreditationDate: null }, now)).toBe(true);
    expect(accreditationDue({ accreditation: 2 }, now)).toBe(true);
    expect(accreditationDue({ accreditation: 2, accreditationDate: 'last spring' }, now)).toBe(true);
  });

  it('holds for a year from the day it was stated, then asks again', () => {
    expect(accreditationDue({ accreditation: 2, accreditationDate: '2026-06-01T00:00:00Z' }, now)).toBe(false);
    expect(accreditationDue({ accreditation: 2, accreditationDate: '2025-06-15T12:00:00Z' }, now)).toBe(false);
    expect(accreditationDue({ accreditation: 2, accreditationDate: '2025-06-15T11:59:59Z' }, now)).toBe(true);
    expect(accreditationDue({ accreditation: 2, accreditationDate: '2024-01-01T00:00:00Z' }, now)).toBe(true);
  });
});

describe('accreditation options (spec 02, section 9)', () => {
  it('offers the spec thresholds under their investor types, none under none', () => {
    expect(accreditationOptionsOf('individual').map((option) => option.label)).toEqual([
      'Income of $200k (or $300k jointly) for 2 years',
      'Net assets of $1-2.1M',
      'Net assets of $2.1-5M',
      'Net assets over $5M',
      'Participation in three offerings as an expert',
    ]);
    expect(accreditationOptionsOf('trust').map((option) => option.label)).toEqual([
      'Trust assets of $5-25M',
      'Trust assets over $25M',
    ]);
    expect(accreditationOptionsOf('business').map((option) => option.label)).toEqual([
      'Firm assets of $5-25M',
      'Firm assets over $25M',
      'All owners accredited',
      'All owners qualified purchasers',
    ]);
    expect(accreditationOptionsOf('none')).toEqual([]);
  });

  it('keeps each stored value unique and accepts only none or a known one', () => {
    const values = ACCREDITATION_OPTIONS.map((option) => option.value);
    expect(new Set(values).size).toBe(values.length);
    expect(values).not.toContain(0);
    expect([0, 1, 11].map(isAccreditation)).toEqual([true, true, true]);
    expect([12, -1, 1.5, '1', null].map(isAccreditation)).toEqual([false, false, false, false, false]);
  });

  it('needs an option other than none and the name that goes with its type', () => {
    const names = {
      firstName: 'Ann',
      lastName: 'Lee',
      trustName: 'Lee Family Trust',
      busEntityName: 'Lee Holdings LLC',
    };
    expect(accreditationProblem(0, names)).toBe('Choose an accreditation option');
    expect(accreditationProblem(1, names)).toBeNull();
    expect(accreditationProblem(1, { ...names, lastName: '  ' })).toBe('First and last name are required');
    expect(accreditationProblem(1, { ...names, firstName: null })).toBe('First and last name are required');
    expect(accreditationProblem(6, { trustName: 'Lee Family Trust' })).toBeNull();
    expect(accreditationProblem(6, { ...names, trustName: '' })).toBe('Trust name is required');
    expect(accreditationProblem(8, { busEntityName: 'Lee Holdings LLC' })).toBeNull();
    expect(accreditationProblem(10, { ...names, busEntityName: null })).toBe('Business entity name is required');
  });
});

describe('places (spec 02, section 9)', () => {
  it('lists about 250 countries, the United States first, each once, and the 50 states', () => {
    expect(COUNTRIES[0]).toBe('United States');
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(240);
    expect(COUNTRIES.length).toBeLessThanOrEqual(260);
    expect(new Set(COUNTRIES).size).toBe(COUNTRIES.length);
    expect(COUNTRIES).toEqual(expect.arrayContaining(['Canada', 'United Kingdom', 'Mexico', 'Japan']));
    expect(US_STATES).toHaveLength(50);
    expect(US_STATES).toEqual(expect.arrayContaining(['Kentucky', 'Wyoming', 'Alaska', 'Hawaii']));
    expect(US_STATES).not.toContain('District of Columbia');
  });

  it('masks a postal code to 5 digits', () => {
    expect(maskPostalCode('40511-1234')).toBe('40511');
    expect(maskPostalCode('4o5 1a1')).toBe('4511');
    expect(maskPostalCode('')).toBe('');
  });
});
