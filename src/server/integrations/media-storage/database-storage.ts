import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mediaObjects } from '../../db/schema/media.ts';
import type { MediaStorage } from './media-storage.ts';

/** Decision 075: the default storage, the media_objects table, which every instance reads. */
export function createDatabaseStorage(db: Db): MediaStorage {
  return {
    kind: 'database',
    async put(key, { bytes, contentType }) {
      const etag = `"${createHash('sha256').update(bytes).digest('base64url')}"`;
      // A key names its bytes: a second put of it (a retry) writes nothing new.
      await db
        .insert(mediaObjects)
        .values({ key, contentType, etag, size: bytes.byteLength, bytes })
        .onConflictDoNothing({ target: mediaObjects.key });
    },
    async get(key) {
      const [row] = await db
        .select({
          bytes: mediaObjects.bytes,
          contentType: mediaObjects.contentType,
          etag: mediaObjects.etag,
          size: mediaObjects.size,
        })
        .from(mediaObjects)
        .where(eq(mediaObjects.key, key));
      // node-postgres hands a Buffer that may be a view into a larger pooled one: a copy of its own.
      return row && { ...row, bytes: new Uint8Array(row.bytes) };
    },
    async delete(keys) {
      if (keys.length > 0) await db.delete(mediaObjects).where(inArray(mediaObjects.key, [...keys]));
    },
  };
}
