import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { attachMissingCheckouts, type CheckoutDeps, closeCheckout } from './booking-checkout.ts';
import { notifyRequestExpired, notifyUnpaidCancelled } from './booking-notifications.ts';
import { unansweredInTime, unpaidInTime } from './booking-status.ts';
import { bookingViewsOf } from './booking-view.ts';
import type { ManageLink } from './manage-links.ts';
import { refundOwedBookings } from './refund-booking.ts';
import { remindUpcomingBookings } from './remind-bookings.ts';
import { requestReviews } from './request-reviews.ts';

// expire and cancel_unpaid (ARCHITECTURE §4): bookings nobody acted on in time leave their active
// status and free their slot (the exclusion constraint covers active statuses only). Each rule is
// one conditional UPDATE: idempotent, and safe on many instances at once — a row another instance
// has just moved no longer matches `status = …` when its lock is released, so it is counted once.
// The payment rule also tells both parties (in the same transaction). jobs/expiry-sweeper.ts decides
// when these run; a booking request runs them for its vendor first, to free that vendor's slots.

export interface ExpireOptions {
  db: Db;
  now: Date;
  /** Only this vendor's bookings (a request frees that vendor's slots first). */
  vendorProfileId?: string;
}

const ofVendor = (vendorProfileId: string | undefined) =>
  vendorProfileId ? eq(appointments.vendorProfileId, vendorProfileId) : undefined;

export interface CancelUnpaidOptions extends ExpireOptions {
  /** The customer's booking page, linked from the expiry and cancellation mails (`manageLinkFor`). */
  manageLink: ManageLink;
}

/**
 * expire: pending_vendor with no answer by the earlier of start_tz and created_at + 24 h → expired;
 * the customer is told in the same transaction.
 */
export async function expireUnansweredRequests({
  db,
  now,
  vendorProfileId,
  manageLink,
}: CancelUnpaidOptions) {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(appointments)
      .set({ status: 'expired', updatedAt: now })
      .where(and(ofVendor(vendorProfileId), unansweredInTime(now)))
      .returning({ id: appointments.id });
    if (expired.length === 0) return expired;
    const rows = await bookingViewsOf(tx, expired);
    for (const row of rows) await notifyRequestExpired(tx, row, { now, manageLink });
    return expired;
  });
}

/**
 * cancel_unpaid: awaiting_payment past payment_due_at → cancelled (payment_timeout), both parties
 * told, in one transaction. payment_due_at already holds the earlier of confirmation + 24 h
 * (product §9) and the start. Returns the checkouts to close.
 */
export async function cancelUnpaidBookings({
  db,
  now,
  vendorProfileId,
  manageLink,
}: CancelUnpaidOptions): Promise<{ id: string; checkoutSessionId: string | null }[]> {
  return db.transaction(async (tx) => {
    const cancelled = await tx
      .update(appointments)
      .set({ status: 'cancelled', cancelReason: 'payment_timeout', cancelledAt: now, updatedAt: now })
      .where(and(unpaidInTime(now), ofVendor(vendorProfileId)))
      .returning({ id: appointments.id, checkoutSessionId: appointments.checkoutSessionId });
    if (cancelled.length === 0) return cancelled;
    const rows = await bookingViewsOf(tx, cancelled);
    for (const row of rows) await notifyUnpaidCancelled(tx, row, { now, manageLink });
    return cancelled;
  });
}

export interface ExpiryCounts {
  /** pending_vendor → expired */
  expired: number;
  /** awaiting_payment → cancelled (payment_timeout) */
  cancelled: number;
  /** checkouts created for confirmed bookings that had none (a failed first attempt) */
  attached?: number;
  /** refunds owed and now made (a cancelled paid booking, a late payment; decision 046) */
  refunded?: number;
  /** bookings whose day-ahead reminder was queued */
  reminded?: number;
  /** bookings whose customer was asked for a review (decision 066) */
  reviewsRequested?: number;
}

/**
 * One pass of both rules. With the payment provider (`checkout`: the sweeper), the cancelled
 * bookings' checkouts are then closed, the checkouts whose creation failed are retried (decision
 * 017), the refunds still owed are made, the day-ahead reminders queued (decision 046) and the review
 * requests (decision 066); without
 * it (a booking request, unit tests), a cancelled booking's checkout closes itself soon after.
 */
export async function expireOverdueBookings({
  db,
  now,
  vendorProfileId,
  manageLink,
  checkout,
}: CancelUnpaidOptions & {
  /** The payment provider: without it, checkouts are neither closed nor retried. */
  checkout?: CheckoutDeps;
}): Promise<ExpiryCounts> {
  const expired = await expireUnansweredRequests({ db, now, vendorProfileId, manageLink });
  const cancelled = await cancelUnpaidBookings({ db, now, vendorProfileId, manageLink });
  if (!checkout) return { expired: expired.length, cancelled: cancelled.length };
  // After the commit: a checkout that fails to close now still expires on its own soon after
  // (its expires_at), and a payment that slips in is flagged for refund (ARCHITECTURE §7).
  for (const { id, checkoutSessionId } of cancelled) {
    if (!checkoutSessionId) continue;
    await closeCheckout(checkout, checkoutSessionId, 'expiry sweeper: could not close the checkout', {
      appointmentId: id,
    });
  }
  const attached = await attachMissingCheckouts({ db, checkout, now });
  const refunded = await refundOwedBookings({ db, refunds: checkout, now });
  const reminded = await remindUpcomingBookings({ db, now, manageLink });
  const reviewsRequested = await requestReviews({ db, now, manageLink });
  return {
    expired: expired.length,
    cancelled: cancelled.length,
    attached,
    refunded,
    reminded,
    reviewsRequested,
  };
}
