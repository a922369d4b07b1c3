export const STORAGE_PROVIDERS = ['local', 's3'] as const;
export type StorageProviderName = (typeof STORAGE_PROVIDERS)[number];

/** An S3 bucket (or an S3-compatible server's, with endpoint and path-style addressing). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Empty: AWS's own endpoint for the region. */
  endpoint: string;
  /** Empty: the SDK's default credential chain (environment, instance role). */
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export interface StorageSettings {
  provider: StorageProviderName;
  s3: S3Settings;
  /** The largest proof document an investor may upload. */
  proofMaxBytes: number;
}

/** 20 MB: a scanned statement or a phone photo. */
export const DEFAULT_PROOF_MAX_BYTES = 20 * 1024 * 1024;

/**
 * Where private files live, from env: STORAGE_PROVIDER=local (default: PRIVATE_FILES_DIR on the server's disk) or s3
 * (S3_BUCKET, S3_REGION, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE); PROOF_MAX_BYTES.
 * Read at each use, like the mail settings, so a bad value is named at boot (config/plugins.ts reads it too).
 */
export function storageSettings(environment: NodeJS.ProcessEnv = process.env): StorageSettings {
  const value = (name: string): string => environment[name]?.trim() ?? '';
  const provider = value('STORAGE_PROVIDER') || 'local';
  if (!(STORAGE_PROVIDERS as readonly string[]).includes(provider)) {
    throw new Error(`STORAGE_PROVIDER must be one of ${STORAGE_PROVIDERS.join(', ')}, not "${provider}"`);
  }
  const maxBytes = value('PROOF_MAX_BYTES');
  const proofMaxBytes = maxBytes ? Number(maxBytes) : DEFAULT_PROOF_MAX_BYTES;
  if (!Number.isSafeInteger(proofMaxBytes) || proofMaxBytes < 1)
    throw new Error(`PROOF_MAX_BYTES must be a whole number of bytes, not "${maxBytes}"`);
  const s3: S3Settings = {
    bucket: value('S3_BUCKET'),
    region: value('S3_REGION') || 'us-east-1',
    endpoint: value('S3_ENDPOINT'),
    accessKeyId: value('S3_ACCESS_KEY_ID'),
    secretAccessKey: value('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: value('S3_FORCE_PATH_STYLE') === 'true',
  };
  if (provider === 's3' && !s3.bucket) throw new Error('STORAGE_PROVIDER=s3 needs S3_BUCKET');
  return { provider: provider as StorageProviderName, s3, proofMaxBytes };
}
