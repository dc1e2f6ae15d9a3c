import { and, eq, gt, inArray, isNull, lte, ne, notExists, or, sql } from 'drizzle-orm';
import { REVIEW_REQUEST_HOURS_AFTER } from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { reviews } from '../../db/schema/reviews.ts';
import { notifyReviewRequested } from './booking-notifications.ts';
import type { ManageLink } from './manage-links.ts';
import { claimDueBookings } from './remind-bookings.ts';

// The review request (decision 066): the customer of a booking that took place — paid, or confirmed
// when free — is asked for a review REVIEW_REQUEST_HOURS_AFTER its end. Exactly once, however many
// instances sweep, as the reminders are (remind-bookings.ts): the rows are claimed by one
// UPDATE … WHERE review_requested_at IS NULL and the messages queued in the same transaction
// (claimDueBookings).

const HOUR_MS = 60 * 60_000;
/**
 * Bookings that ended longer ago than this are not asked: after a pause of the sweeper (or on the
 * first start with reviews) nobody gets a request for a service weeks old. They can still be
 * reviewed from the booking page and Job History.
 */
const ASK_WITHIN_HOURS = 48;

export async function requestReviews({
  db,
  now,
  manageLink,
  limit = 50,
}: {
  db: Db;
  now: Date;
  manageLink: ManageLink;
  limit?: number;
}): Promise<number> {
  const due = and(
    inArray(appointments.status, ['confirmed', 'paid']),
    // The vendor said the customer did not come (decision 094): there is nothing to review.
    or(isNull(appointments.outcome), ne(appointments.outcome, 'no_show')),
    isNull(appointments.reviewRequestedAt),
    lte(appointments.endTz, new Date(now.getTime() - REVIEW_REQUEST_HOURS_AFTER * HOUR_MS)),
    gt(appointments.endTz, new Date(now.getTime() - ASK_WITHIN_HOURS * HOUR_MS)),
    // Reviewed already (from the booking page, before the request was due): nothing to ask.
    notExists(db.select({ one: sql`1` }).from(reviews).where(eq(reviews.appointmentId, appointments.id))),
  );
  return claimDueBookings(db, {
    due,
    mark: { reviewRequestedAt: now },
    limit,
    notify: (tx, row) => notifyReviewRequested(tx, row, manageLink),
  });
}
