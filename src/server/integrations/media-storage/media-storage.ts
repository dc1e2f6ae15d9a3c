/** One stored object: a variant's bytes with what serving it needs. */
export interface StoredObject {
  /** The bytes, in an ArrayBuffer of their own (no view into a driver's pool). */
  bytes: Uint8Array;
  contentType: string;
  /** A strong ETag, quoted. */
  etag: string;
  size: number;
}

/**
 * Where photo variants are kept (ARCHITECTURE §2.1, decision 075): the database by default, an
 * S3-compatible bucket when S3_BUCKET is set. Keys are content-addressed (their bytes' hash is in
 * them), so an object is written once and never changed; a delete of a missing key is no error.
 */
export interface MediaStorage {
  readonly kind: 'database' | 's3';
  put(key: string, object: { bytes: Uint8Array; contentType: string }): Promise<void>;
  /** Undefined when there is no such object. */
  get(key: string): Promise<StoredObject | undefined>;
  delete(keys: readonly string[]): Promise<void>;
}
