import type { JsonWebKey } from 'node:crypto';
import type { GoogleIdentity } from './verify-id-token';

/** Where the public keys that sign Google ID tokens come from: a JWK by its key id, or undefined. */
export type KeySource = (kid: string) => Promise<JsonWebKey | undefined>;

/** Checks "Sign in with Google" credentials. */
export interface GoogleProvider {
  /** The identity in a Google ID token meant for one of `audiences` (client ids); null when it is not valid. */
  verify(credential: string, audiences: string[]): Promise<GoogleIdentity | null>;
}
