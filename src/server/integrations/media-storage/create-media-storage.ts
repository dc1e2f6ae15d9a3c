import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createDatabaseStorage } from './database-storage.ts';
import type { MediaStorage } from './media-storage.ts';
import { createS3Storage } from './s3-storage.ts';

/** S3 when S3_BUCKET is set, else the database (ARCHITECTURE §13, decision 075). */
export function createMediaStorage({ config, db }: { config: Config; db: Db }): MediaStorage {
  return config.s3 ? createS3Storage(config.s3) : createDatabaseStorage(db);
}
