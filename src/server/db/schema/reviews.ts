import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { RATING_PRIOR_MEAN, RATING_PRIOR_WEIGHT } from '../../../shared/constants.ts';
import type { ReviewStatus } from '../../../shared/review.schemas.ts';
import { appointments, customers } from './bookings.ts';
import { createdAt, id } from './columns.ts';
import { vendorProfiles } from './vendors.ts';

// Decision 066: a review is the customer's word on one booking that took place — one row per
// booking, whatever happens to it after: hidden by an admin or deleted by its author, the row
// stays (its words gone when deleted), so a booking is never reviewed twice. The vendor's average
// is kept in vendor_ratings (rating_count, rating_sum) in the transaction that publishes, hides or
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

// Decision 067: a vendor's published reviews — how many and their ratings' sum — and the Bayesian
// average "best rated" sorts by, which the database derives from them, in a narrow row of their own
// so that a review never rewrites the wide vendor_profiles row. Every vendor has one (a trigger adds
// it); approved, service_category and created_at are the vendor's own, copied by triggers
// (migration 0027) so that a best rated page walks one index of this table.
export const vendorRatings = pgTable(
  'vendor_ratings',
  {
    vendorProfileId: uuid('vendor_profile_id')
      .primaryKey()
      .references(() => vendorProfiles.id, { onDelete: 'cascade' }),
    approved: boolean('approved').notNull(),
    serviceCategory: text('service_category').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingScore: doublePrecision('rating_score')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `(${RATING_PRIOR_MEAN} * ${RATING_PRIOR_WEIGHT} + rating_sum)::double precision / (${RATING_PRIOR_WEIGHT} + rating_count)`,
        ),
      ),
  },
  (t) => [
    // Browse's "best rated": approved vendors by Bayesian average, then newest.
    index('vendor_ratings_approved_score_idx')
      .on(
        t.ratingScore.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.vendorProfileId.desc().nullsFirst(),
      )
      .where(sql`${t.approved}`),
    // The same within a category: without it a category's best rated page sorts all of the
    // category's approved vendors (about 6,000 of 100,000), 24–47 ms at offset 1,200 on PGlite.
    index('vendor_ratings_approved_category_score_idx')
      .on(
        t.serviceCategory,
        t.ratingScore.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.vendorProfileId.desc().nullsFirst(),
      )
      .where(sql`${t.approved}`),
    check(
      'vendor_ratings_rating_check',
      sql`${t.ratingCount} >= 0 and ${t.ratingSum} between ${t.ratingCount} and 5 * ${t.ratingCount}`,
    ),
  ],
);
