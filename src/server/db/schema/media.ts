import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PhotoKind, PhotoStatus } from '../../../shared/vendor-photos.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { services, vendorProfiles } from './vendors.ts';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres hands a Buffer, PGlite a Uint8Array: both are Uint8Arrays.
  fromDriver: (value) => value,
});

/** A variant as stored with its photo: its key in the media storage and its size in pixels. */
export interface StoredVariant {
  key: string;
  width: number;
  height: number;
}

// Decision 075: the database adapter of the media storage (integrations/media-storage), the default,
// so that every instance serves every photo with nothing else to run. A key names its bytes
// (content-addressed), so a row is written once and never changed.
export const mediaObjects = pgTable('media_objects', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  etag: text('etag').notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

// Decision 074: a vendor's photo and its variants' keys. An approved vendor's new photo is pending
// until an admin approves it; a removed one keeps its row (the vendor reads the reason) but not its
// variants.
export const vendorPhotos = pgTable(
  'vendor_photos',
  {
    id: id(),
    vendorProfileId: uuid('vendor_profile_id')
      .notNull()
      .references(() => vendorProfiles.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<PhotoKind>().notNull(),
    status: text('status').$type<PhotoStatus>().notNull(),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    alt: text('alt'),
    position: integer('position').notNull().default(0),
    // The oriented image's size, for width and height on the page (no layout shift).
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    variants: jsonb('variants').$type<StoredVariant[]>().notNull(),
    removalReason: text('removal_reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vendor_photos_vendor_idx').on(t.vendorProfileId, t.kind, t.position),
    index('vendor_photos_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('vendor_photos_kind_check', sql`${t.kind} in ('profile', 'cover', 'portfolio')`),
    check('vendor_photos_status_check', sql`${t.status} in ('pending', 'approved', 'removed')`),
    check('vendor_photos_alt_check', sql`char_length(${t.alt}) <= 200`),
  ],
);
