import type { UploadPolicy } from '@portal/rules';

/**
 * Private files (agreements, investors' tax, news and proof documents, due-diligence documents), named by a key such
 * as `agreements/<id>/<name>.pdf`. Nothing in it is public: files leave through short-lived links only.
 */
export interface FileStorage {
  /** The storage's name, kept with each file's key (the rows' bucketId) so a later store can tell files apart. */
  readonly name: string;
  /** Stores `data` under `key`, replacing what was there. */
  put(key: string, data: Buffer, contentType?: string): Promise<void>;
  /** The file under `key`; throws when there is none. */
  get(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  /** Size and type of the file under `key`; null when there is none. */
  stat(key: string): Promise<StoredFile | null>;
  /**
   * What a browser posts (multipart/form-data: every field of formData, then the file as `file`) to store one file
   * under exactly `key`, of exactly `contentType`, of 1 to `maxBytes` bytes, until the policy expires.
   */
  uploadPolicy(upload: UploadRequest, cmsOrigin: string): Promise<UploadPolicy>;
  /** An absolute link that downloads the file under `key` as `name` for FILE_LINK_TTL_MS. */
  downloadUrl(key: string, name: string, cmsOrigin: string): Promise<string>;
}

export interface StoredFile {
  size: number;
  /** The type the file was stored with (local storage: the one its name's extension stands for). */
  contentType: string | null;
}

export interface UploadRequest {
  key: string;
  contentType: string;
  maxBytes: number;
  expiresInSeconds: number;
}
