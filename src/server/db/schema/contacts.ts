import { sql } from 'drizzle-orm';
import { check, index, pgTable, real, text, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { createdAt, id } from './columns.ts';
import { vendorProfiles } from './vendors.ts';

// product §3 Recommendation.
export const recommendations = pgTable(
  'recommendations',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    vendorProfileId: uuid('vendor_profile_id')
      .notNull()
      .references(() => vendorProfiles.id, { onDelete: 'cascade' }),
    recommendationType: text('recommendation_type').notNull(),
    score: real('score').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique('recommendations_user_vendor_unique').on(t.userId, t.vendorProfileId),
    index('recommendations_user_score_idx').on(
      t.userId,
      t.score.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
    ),
  ],
);

// HMAC-SHA256 of a normalised phone or email with a server secret (ARCHITECTURE §3).
// Raw contact lists are never stored.
export const contactHashes = pgTable(
  'contact_hashes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['phone', 'email'] }).notNull(),
    hash: text('hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('contact_hashes_user_kind_hash_unique').on(t.userId, t.kind, t.hash),
    index('contact_hashes_kind_hash_idx').on(t.kind, t.hash),
    check('contact_hashes_hash_check', sql`length(${t.hash}) = 64`),
  ],
);
