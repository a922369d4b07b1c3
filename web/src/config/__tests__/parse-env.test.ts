import { describe, expect, it } from 'vitest';
import { parseEnv } from '../parse-env';

describe('parseEnv', () => {
  it('falls back to the documented defaults', () => {
    expect(parseEnv({})).toEqual({
      apiUrl: 'http://localhost:1337',
      basePath: '/',
      forceWwwHosts: ['wasabistallions.com', 'oakharborcapital.com'],
    });
  });

  it('trims the API URL and normalises the base path and host list', () => {
    const env = parseEnv({
      VITE_API_URL: 'https://cms.example.com/',
      VITE_BASE_PATH: '/portal',
      VITE_FORCE_WWW_HOSTS: ' Example.com , ,other.org',
    });
    expect(env).toEqual({
      apiUrl: 'https://cms.example.com',
      basePath: '/portal/',
      forceWwwHosts: ['example.com', 'other.org'],
    });
  });

  it('lets an empty host list switch the www redirect off', () => {
    expect(parseEnv({ VITE_FORCE_WWW_HOSTS: '' }).forceWwwHosts).toEqual([]);
  });

  it('rejects an API URL that is not absolute http(s)', () => {
    expect(() => parseEnv({ VITE_API_URL: 'localhost:1337' })).toThrow(/VITE_API_URL/);
    expect(() => parseEnv({ VITE_API_URL: 'ftp://cms.example.com' })).toThrow(/VITE_API_URL/);
  });

  it('rejects a relative base path', () => {
    expect(() => parseEnv({ VITE_BASE_PATH: 'portal/' })).toThrow(/VITE_BASE_PATH/);
  });
});
