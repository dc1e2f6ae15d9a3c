import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ReviewStatus } from '../../../shared/review.schemas.ts';
import { appointments, customers } from './bookings.ts';
import { createdAt, id } from './columns.ts';
import { vendorProfiles } from './vendors.ts';

// Decision 066: a review is the customer's word on one booking that took place — one row per
// booking, whatever happens to it after: hidden by an admin or deleted by its author, the row
// stays (its words gone when deleted), so a booking is never reviewed twice. The vendor's average
// is kept on vendor_profiles (rating_count, rating_sum) in the transaction that publishes, hides or
// deletes a review.
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .unique()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    vendorProfileId: uuid('vendor_profile_id')
      .notNull()
      .references(() => vendorProfiles.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    // The customer's first name and last initial, as the booking named them when they wrote it.
    author: text('author').notNull(),
    status: text('status').$type<ReviewStatus>().notNull().default('published'),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // When the oldest report an admin has not decided on was made; null when none is open.
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The Reviews tab: a vendor's published reviews, newest first, in pages.
    index('reviews_vendor_published_idx')
      .on(t.vendorProfileId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    // The vendor's own list (published and hidden).
    index('reviews_vendor_created_idx').on(t.vendorProfileId, t.createdAt.desc().nullsFirst()),
    // The admin's reported queue, oldest report first.
    index('reviews_reported_idx').on(t.reportedAt).where(sql`${t.reportedAt} is not null`),
    index('reviews_hidden_idx').on(t.hiddenAt.desc().nullsFirst()).where(sql`${t.status} = 'hidden'`),
    index('reviews_customer_idx').on(t.customerId),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_comment_check', sql`char_length(${t.comment}) <= 1000`),
    check('reviews_answer_check', sql`char_length(${t.answer}) <= 1000`),
    check('reviews_status_check', sql`${t.status} in ('published', 'hidden', 'deleted')`),
  ],
);

// A report of a review by its vendor or a visitor, open until an admin hides the review or
// dismisses the reports.
export const reviewReports = pgTable(
  'review_reports',
  {
    id: id(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    by: text('by', { enum: ['vendor', 'visitor'] }).notNull(),
    // HMAC of the reporting client's address (as requester_key): one open report per reporter.
    reporterKey: text('reporter_key').notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('review_reports_review_idx').on(t.reviewId, t.createdAt),
    uniqueIndex('review_reports_open_idx').on(t.reviewId, t.reporterKey).where(sql`${t.resolvedAt} is null`),
    check('review_reports_reason_check', sql`char_length(${t.reason}) <= 500`),
  ],
);
