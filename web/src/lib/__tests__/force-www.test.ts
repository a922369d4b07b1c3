import { describe, expect, it } from 'vitest';
import { wwwRedirectUrl } from '../force-www';

const hosts = ['wasabistallions.com', 'oakharborcapital.com'];

describe('wwwRedirectUrl', () => {
  it('sends a listed bare host to its www. form, keeping path, query and hash', () => {
    expect(wwwRedirectUrl('https://wasabistallions.com/portfolio?fund=2#top', hosts)).toBe(
      'https://www.wasabistallions.com/portfolio?fund=2#top',
    );
  });

  it('matches the host case-insensitively and keeps the port', () => {
    expect(wwwRedirectUrl('http://OakHarborCapital.com:8080/', hosts)).toBe('http://www.oakharborcapital.com:8080/');
  });

  it('leaves hosts that are already www. or not on the list alone', () => {
    expect(wwwRedirectUrl('https://www.wasabistallions.com/', hosts)).toBeNull();
    expect(wwwRedirectUrl('https://portal.example.com/', hosts)).toBeNull();
    expect(wwwRedirectUrl('http://localhost:5173/', hosts)).toBeNull();
    expect(wwwRedirectUrl('https://wasabistallions.com/', [])).toBeNull();
  });
});
