/** Private files (agreements to sign, completed agreements), named by a key such as `agreements/<id>/<name>.pdf`. */
export interface FileStorage {
  /** The storage's name, kept with each file's key (SyndAgreement.bucketId) so a later store can tell files apart. */
  readonly name: string;
  /** Stores `data` under `key`, replacing what was there. */
  put(key: string, data: Buffer): Promise<void>;
  /** The file under `key`; throws when there is none. */
  get(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
}
