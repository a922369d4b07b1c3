import { describe, expect, it } from 'vitest';
import { paragraphsOf } from '../page-text';

/** A run at height `y` (12 pt text), ending its line or not. */
const run = (str: string, y: number, hasEOL = true) => ({ str, hasEOL, transform: [12, 0, 0, 12, 72, y], height: 12 });

describe('a page read as text', () => {
  it('joins the lines of a paragraph, and starts another after a blank line', () => {
    expect(
      paragraphsOf([
        run('SUBSCRIPTION AGREEMENT', 740),
        run('The undersigned subscribes for an interest in', 700),
        run('the Fund on the terms below.', 686),
        run('1. Commitment. ', 650, false),
        run('The amount is $50,000.', 650),
      ]),
    ).toEqual([
      'SUBSCRIPTION AGREEMENT',
      'The undersigned subscribes for an interest in the Fund on the terms below.',
      '1. Commitment. The amount is $50,000.',
    ]);
  });

  it('joins a word a hyphen broke at the end of a line, and skips empty runs and marked content', () => {
    expect(
      paragraphsOf([
        run('This agreement is irrevo-', 700),
        { hasEOL: false },
        run('', 693),
        run('cable once accepted.', 686),
      ]),
    ).toEqual(['This agreement is irrevocable once accepted.']);
  });

  it('gives nothing for a page without text (a scan)', () => {
    expect(paragraphsOf([])).toEqual([]);
  });
});
