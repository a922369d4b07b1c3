import { describe, expect, it } from 'vitest';
import { DROPBOX_SIGN_FRAME, signingFrameOrigins, sitePolicy } from '../src/lib/site-server';

const frameSrc = (policy: string): string[] => (/(?:^|; )frame-src ([^;]*)/.exec(policy)?.[1] ?? '').split(' ');

describe('the site’s Content-Security-Policy', () => {
  it('frames Dropbox Sign’s embedded signer only when the CMS collects signatures there (SIGNING_PROVIDER=dropbox-sign)', () => {
    expect(signingFrameOrigins({ SIGNING_PROVIDER: 'dropbox-sign' })).toEqual([DROPBOX_SIGN_FRAME]);
    expect(signingFrameOrigins({ SIGNING_PROVIDER: 'local' })).toEqual([]);
    expect(signingFrameOrigins({})).toEqual([]);
    expect(frameSrc(sitePolicy({ frameSources: signingFrameOrigins({ SIGNING_PROVIDER: 'dropbox-sign' }) }))).toContain(
      'https://app.hellosign.com',
    );
    expect(frameSrc(sitePolicy({ frameSources: signingFrameOrigins({}) }))).toEqual([
      'https://www.youtube-nocookie.com',
      'https://www.youtube.com',
    ]);
  });
});
