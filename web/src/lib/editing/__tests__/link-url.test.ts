import { describe, expect, it } from 'vitest';
import { linkUrl } from '../link-url';

describe('linkUrl', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['www.example.com/path?q=1', 'https://www.example.com/path?q=1'],
    ['  example.com  ', 'https://example.com'],
    ['localhost:3000/about', 'https://localhost:3000/about'],
    ['example.com:8080', 'https://example.com:8080'],
  ])("prefixes '%s' (no scheme) with https://", (typed, expected) => {
    expect(linkUrl(typed)).toBe(expected);
  });

  it.each([
    '/about',
    '/education/some-item#top',
    '#terms',
    'mailto:team@example.com',
    'tel:+15551234567',
    'http://example.com',
    'https://example.com/a?b=c',
    'HTTPS://EXAMPLE.COM',
  ])("keeps '%s' as typed", (typed) => {
    expect(linkUrl(typed)).toBe(typed);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:void(0)',
    'data:text/html,<b>x</b>',
    'vbscript:x',
    'ftp://example.com',
    '',
  ])("refuses '%s'", (typed) => {
    expect(linkUrl(typed)).toBe('about:blank');
  });

  it('never lets a script scheme through by hiding it behind whitespace inside the word', () => {
    // Browsers drop tabs and newlines inside a URL, so 'java\tscript:' would run; with the prefix it cannot.
    expect(linkUrl('java\tscript:alert(1)')).toBe('https://java\tscript:alert(1)');
  });
});
