import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { MediaStorage } from './media-storage.ts';

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (R2, MinIO, Spaces…); AWS's own when unset. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Else the SDK's own chain (AWS_ACCESS_KEY_ID…, a role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * Decision 075: S3-compatible object storage through the AWS SDK v3, for operators with many
 * instances and many photos. Checksums only where S3 requires them: several S3-compatible services
 * refuse the SDK's default CRC32 headers.
 */
export function createS3Storage(config: S3StorageConfig): MediaStorage {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
  const Bucket = config.bucket;
  return {
    kind: 's3',
    async put(key, { bytes, contentType }) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return undefined;
        const bytes = new Uint8Array(await object.Body.transformToByteArray());
        return {
          bytes,
          contentType: object.ContentType ?? 'application/octet-stream',
          etag: object.ETag ?? '',
          size: bytes.byteLength,
        };
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return undefined;
        throw err;
      }
    },
    async delete(keys) {
      // One request per key: DeleteObjects needs a Content-MD5 that not every S3-compatible service
      // takes in the same form, and a photo has at most four variants.
      await Promise.all(keys.map((key) => client.send(new DeleteObjectCommand({ Bucket, Key: key }))));
    },
  };
}
