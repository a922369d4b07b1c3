import { describe, expect, it } from 'vitest';
import { wrappableSpaces } from './rich-text';

describe('wrappableSpaces', () => {
  it("turns Quill's no-break space between words into a space, as an entity or a character", () => {
    expect(wrappableSpaces('<p>Minimum&nbsp;commitment&nbsp;and&nbsp;fees.</p>')).toBe(
      '<p>Minimum commitment and fees.</p>',
    );
    expect(wrappableSpaces('<p>Minimum\u00a0commitment, <strong>bold</strong>\u00a0after.</p>')).toBe(
      '<p>Minimum commitment, <strong>bold</strong> after.</p>',
    );
  });

  it('keeps spaces typed on purpose and a paragraph kept open', () => {
    expect(
      wrappableSpaces('<p>Two&nbsp;&nbsp;spaces, two\u00a0\u00a0more, one&nbsp; and\u00a0 space</p><p>&nbsp;</p>'),
    ).toBe('<p>Two&nbsp;&nbsp;spaces, two\u00a0\u00a0more, one&nbsp; and\u00a0 space</p><p>&nbsp;</p>');
    expect(wrappableSpaces('<p>\u00a0</p>')).toBe('<p>\u00a0</p>');
  });
});
