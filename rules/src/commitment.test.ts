import { describe, expect, it } from 'vitest';
import { commitmentProblem, formatUsd, needsSpouse, storedTerms, yesNo, type CommitmentTerms } from './index';

const limits = { minimum: 25_000, maximum: 500_000 };
const cash: CommitmentTerms = {
  invest_amount: 50_000,
  method_of_inv: 'CASH',
  is_married: false,
  is_marital_state: null,
  cosub_first_name: null,
  cosub_last_name: null,
  cosub_email: null,
};

describe('commitmentProblem (spec 02, section 5)', () => {
  it("asks for an amount within the limits, in the spec's words with US dollars", () => {
    expect(commitmentProblem({ ...cash, invest_amount: null }, limits)).toBe('Investment amount is required');
    expect(commitmentProblem({ ...cash, invest_amount: 0 }, limits)).toBe('Investment amount is required');
    expect(commitmentProblem({ ...cash, invest_amount: 24_999 }, limits)).toBe('Minimum investment Amount is $25,000');
    expect(commitmentProblem({ ...cash, invest_amount: 500_001 }, limits)).toBe(
      'Maximum investment Amount is $500,000',
    );
    expect(commitmentProblem({ ...cash, invest_amount: 25_000 }, limits)).toBeNull();
    expect(commitmentProblem({ ...cash, invest_amount: 500_000 }, limits)).toBeNull();
  });

  it('needs a method, and for CASH the marriage questions, then the spouse in a community-property state', () => {
    expect(commitmentProblem({ ...cash, method_of_inv: null }, limits)).toBe('Method of investment is required');
    expect(commitmentProblem({ ...cash, method_of_inv: 'GOLD' }, limits)).toBe('Method of investment is required');
    expect(commitmentProblem({ ...cash, method_of_inv: 'TRUST', is_married: null }, limits)).toBeNull();
    expect(commitmentProblem({ ...cash, is_married: null }, limits)).toBe('Please answer: Are you married?');
    expect(commitmentProblem({ ...cash, is_married: true }, limits)).toBe(
      'Please answer: Do you live in a community-property state?',
    );
    expect(commitmentProblem({ ...cash, is_married: true, is_marital_state: false }, limits)).toBeNull();
    const spouse = { ...cash, is_married: true, is_marital_state: true };
    expect(commitmentProblem(spouse, limits)).toBe('Spouse first name is required');
    expect(commitmentProblem({ ...spouse, cosub_first_name: 'Sam' }, limits)).toBe('Spouse last name is required');
    expect(commitmentProblem({ ...spouse, cosub_first_name: 'Sam', cosub_last_name: 'Lee' }, limits)).toBe(
      'Spouse email is required',
    );
    expect(
      commitmentProblem({ ...spouse, cosub_first_name: 'Sam', cosub_last_name: 'Lee', cosub_email: 'sam@' }, limits),
    ).toBe('Spouse email is not valid');
    expect(
      commitmentProblem(
        { ...spouse, cosub_first_name: 'Sam', cosub_last_name: 'Lee', cosub_email: 'sam@example.com' },
        limits,
      ),
    ).toBeNull();
    expect(needsSpouse(spouse)).toBe(true);
    expect(needsSpouse({ ...spouse, method_of_inv: 'ENTITY' })).toBe(false);
  });

  it("reads a yes only from '1' (or true)", () => {
    expect([
      yesNo('1'),
      yesNo(true),
      yesNo('0'),
      yesNo(false),
      yesNo(''),
      yesNo(undefined),
      yesNo(null),
      yesNo('yes'),
      yesNo(1),
    ]).toEqual([true, true, false, false, false, null, null, null, null]);
  });

  it("writes '$0' for zero and keeps cents when there are some", () => {
    expect([formatUsd(0), formatUsd(null), formatUsd(25_000), formatUsd(1234.5)]).toEqual([
      '$0',
      '$0',
      '$25,000',
      '$1,234.50',
    ]);
  });
});

describe('storedTerms: a commitment as stored, from the site or the desk', () => {
  const base: CommitmentTerms = {
    invest_amount: 50_000,
    method_of_inv: 'CASH',
    is_married: true,
    is_marital_state: true,
    cosub_first_name: ' Sam ',
    cosub_last_name: ' Spouse ',
    cosub_email: ' Sam@Example.COM ',
  };
  it('keeps a named spouse trimmed, the email lower-cased, when one must sign', () => {
    expect(storedTerms(base)).toEqual({
      ...base,
      cosub_first_name: 'Sam',
      cosub_last_name: 'Spouse',
      cosub_email: 'sam@example.com',
    });
  });
  it('drops the spouse outside a community-property state, and the marriage questions for a trust or an entity', () => {
    expect(storedTerms({ ...base, is_marital_state: false })).toMatchObject({
      is_married: true,
      is_marital_state: false,
      cosub_first_name: null,
      cosub_email: null,
    });
    expect(storedTerms({ ...base, method_of_inv: 'TRUST' })).toMatchObject({
      is_married: null,
      is_marital_state: null,
      cosub_first_name: null,
      cosub_last_name: null,
      cosub_email: null,
    });
    expect(storedTerms({ ...base, is_married: false })).toMatchObject({
      is_married: false,
      is_marital_state: null,
      cosub_email: null,
    });
  });
});
