import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { vendorProfiles } from './vendors.ts';

// Decision 091: each vendor's private calendar feed (GET /api/calendar/{token}.ics). One row per
// vendor; only the SHA-256 of its 256-bit token is kept, so the URL is shown once, when it is made,
// and a new token (the same row rewritten) is the only way to a new URL and the end of the old one.
export const vendorCalendarFeeds = pgTable('vendor_calendar_feeds', {
  vendorProfileId: uuid('vendor_profile_id')
    .primaryKey()
    .references(() => vendorProfiles.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  /** When the current token was made: the dashboard says since when the link works. */
  createdAt: createdAt(),
});
