import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from './helpers/auth';
import { useStrapi, type TestApp } from './helpers/strapi';

/**
 * The CMS's request log (one line per request at level http) never holds the secret a URL carries: a signer's link
 * token, a download link's token, a secret-looking query parameter (README, Request log).
 */
let app: TestApp;
beforeAll(async () => {
  app = await useStrapi();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The request log's lines written while `request` runs, with the log at level http (the default) or above it. */
async function loggedDuring(request: () => Promise<unknown>, { httpLevel = true } = {}): Promise<string[]> {
  const lines: string[] = [];
  vi.spyOn(app.strapi.log, 'isLevelEnabled').mockImplementation((level: string) => level !== 'http' || httpLevel);
  vi.spyOn(app.strapi.log, 'http').mockImplementation(((line: string) => {
    lines.push(line);
  }) as never);
  await request();
  return lines;
}

describe('the request log', () => {
  it('logs a signing link’s request without its token', async () => {
    const token = 'SecretSigningToken0123456789abcdefghijklmno';
    const lines = await loggedDuring(async () => {
      await call(app, 'GET', `/api/signing/${token}`);
      await call(app, 'POST', `/api/signing/${token}/code/verify`, { code: '123456' });
    });
    expect(lines).toEqual([
      expect.stringMatching(/^GET \/api\/signing\/\[redacted\] \(\d+ ms\) 404$/),
      expect.stringMatching(/^POST \/api\/signing\/\[redacted\]\/code\/verify \(\d+ ms\) 404$/),
    ]);
    expect(lines.join('\n')).not.toContain(token);
  });

  it('logs a download link’s request and secret-looking query parameters without their values', async () => {
    const token = 'eyJzZWNyZXQiOiJkb3dubG9hZCJ9.SecretDownloadSignature';
    const lines = await loggedDuring(async () => {
      await call(app, 'GET', `/api/files/${token}`);
      await call(app, 'GET', '/api/auth/portals?confirmation=SecretConfirmation&portal=home');
    });
    expect(lines).toEqual([
      expect.stringMatching(/^GET \/api\/files\/\[redacted\] \(\d+ ms\) \d{3}$/),
      expect.stringMatching(/^GET \/api\/auth\/portals\?confirmation=\[redacted\]&portal=home \(\d+ ms\) 200$/),
    ]);
    expect(lines.join('\n')).not.toMatch(/SecretDownloadSignature|SecretConfirmation/);
  });

  it('writes no line when the log is set above level http (LOG_LEVEL=warn)', async () => {
    const lines = await loggedDuring(() => call(app, 'GET', '/api/auth/portals?portal=home'), { httpLevel: false });
    expect(lines).toEqual([]);
  });
});
