import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { JsonWebKey } from 'node:crypto';
import type { KeySource } from './types';

/** Signing keys from a local JWK set file (read on each use, so it can be replaced while the CMS runs). */
export function fileKeys(url: string): KeySource {
  const file = fileURLToPath(url);
  return async (kid) => {
    const body = JSON.parse(await fs.readFile(file, 'utf8')) as { keys?: (JsonWebKey & { kid?: string })[] };
    return body.keys?.find((key) => key.kid === kid);
  };
}
