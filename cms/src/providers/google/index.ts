import type { JsonWebKey } from 'node:crypto';
import type { PortalConfig } from '../../utils/portal-config';
import { fileKeys } from './file-keys';
import { remoteKeys } from './remote-keys';
import { verifyIdToken, type GoogleIdentity } from './verify-id-token';

export type { GoogleIdentity } from './verify-id-token';

/** Where the public keys that sign Google ID tokens come from: a JWK by its key id, or undefined. */
export type KeySource = (kid: string) => Promise<JsonWebKey | undefined>;

/** Checks "Sign in with Google" credentials. */
export interface GoogleProvider {
  /** The identity in a Google ID token meant for one of `audiences` (client ids); null when it is not valid. */
  verify(credential: string, audiences: string[]): Promise<GoogleIdentity | null>;
}

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
