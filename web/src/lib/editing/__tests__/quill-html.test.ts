import { describe, expect, it } from 'vitest';
import { wrappableSpaces } from '../quill-html';

describe('wrappableSpaces', () => {
  it('turns the non-breaking spaces Quill writes for single spaces back into spaces', () => {
    expect(wrappableSpaces('<p>We&nbsp;invest&nbsp;<strong>early</strong>.</p>')).toBe(
      '<p>We invest <strong>early</strong>.</p>',
    );
  });

  it('keeps a run of spaces as wide as typed: one space, then non-breaking ones', () => {
    expect(wrappableSpaces('<p>a&nbsp;&nbsp;&nbsp;b</p>')).toBe('<p>a &nbsp;&nbsp;b</p>');
  });

  it('leaves typed entity text and links alone', () => {
    const html = '<p>Write &amp;nbsp; <a href="https://example.com/a%20b">here</a></p>';
    expect(wrappableSpaces(html)).toBe(html);
  });
});
