import type { PortalConfig } from '../../utils/portal-config';
import { fileKeys } from './file-keys';
import { remoteKeys } from './remote-keys';
import { verifyIdToken } from './verify-id-token';
import type { GoogleProvider, KeySource } from './types';
export type { GoogleProvider, KeySource } from './types';

export type { GoogleIdentity } from './verify-id-token';

// One key source per URL, so the fetched keys stay cached between sign-ins.
const sources = new Map<string, KeySource>();

/**
 * Google's published keys (GOOGLE_CERTS_URL, https, cached by their Cache-Control), or a key set in a local file
 * (GOOGLE_CERTS_URL=file:///…/jwks.json) for machines without internet and for end-to-end tests.
 */
export function googleProvider({ certsUrl }: PortalConfig['google']): GoogleProvider {
  let keys = sources.get(certsUrl);
  if (!keys) {
    keys = certsUrl.startsWith('file:') ? fileKeys(certsUrl) : remoteKeys(certsUrl);
    sources.set(certsUrl, keys);
  }
  const source = keys;
  return { verify: (credential, audiences) => verifyIdToken(credential, audiences, source) };
}
