import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { queryString } from '../query-string';

const qsWay = (params: Record<string, unknown>) =>
  qs.stringify(params, { encodeValuesOnly: true, addQueryPrefix: true });

describe('queryString', () => {
  it.each([
    [
      'the site’s list calls',
      { portal: 'oakharbor', sort: '-sortOrder', limit: 8, offset: 16, kind: 'video', displayOnPortfolio: true },
    ],
    [
      'nested filters and populate',
      { filters: { fund: { id: { $eq: 3 } }, year: { $in: [2024, 2025] } }, populate: ['fund', 'company'], mine: true },
    ],
    ['values that need encoding', { q: 'a&b=c d/é?#[]', name: "O'Brien (Jr.)*!", plus: '1+1' }],
    ['empty, null and undefined', { a: '', b: null, c: undefined, d: [], e: {} }],
    ['dates', { after: new Date('2026-01-02T03:04:05.678Z') }],
  ])('writes %s as qs does', (_, params) => {
    expect(queryString(params)).toBe(qsWay(params));
  });

  it('answers an empty string for no parameters', () => {
    expect(queryString({})).toBe('');
  });
});
