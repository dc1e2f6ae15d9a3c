import { and, gt, inArray, isNull, lte } from 'drizzle-orm';
import { REVIEW_REQUEST_HOURS_AFTER } from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { notifyReviewRequested } from './booking-notifications.ts';
import { bookingViewsOf } from './booking-view.ts';
import type { ManageLink } from './manage-links.ts';

// The review request (decision 066): the customer of a booking that took place — paid, or confirmed
// when free — is asked for a review REVIEW_REQUEST_HOURS_AFTER its end. Exactly once, however many
// instances sweep, as the reminders are (remind-bookings.ts): the rows are claimed by one
// UPDATE … WHERE review_requested_at IS NULL and the messages queued in the same transaction.

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
    isNull(appointments.reviewRequestedAt),
    lte(appointments.endTz, new Date(now.getTime() - REVIEW_REQUEST_HOURS_AFTER * HOUR_MS)),
    gt(appointments.endTz, new Date(now.getTime() - ASK_WITHIN_HOURS * HOUR_MS)),
  );
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(appointments)
      .set({ reviewRequestedAt: now })
      .where(
        and(
          due,
          inArray(
            appointments.id,
            tx.select({ id: appointments.id }).from(appointments).where(due).limit(limit),
          ),
        ),
      )
      .returning({ id: appointments.id });
    if (claimed.length === 0) return 0;
    const rows = await bookingViewsOf(tx, claimed);
    for (const row of rows) await notifyReviewRequested(tx, row, manageLink);
    return claimed.length;
  });
}
