import { inArray } from 'drizzle-orm';
import type { AppointmentStatus } from '../../../shared/constants.ts';
import { REVIEW_WINDOW_DAYS } from '../../../shared/constants.ts';
import { type ReviewStatus, reviewMessages } from '../../../shared/review.schemas.ts';
import type { Db, Tx } from '../../db/client.ts';
import { reviews } from '../../db/schema/reviews.ts';
import { AppError } from '../../lib/app-error.ts';

// Who may review what, and when (decision 066): the customer of a booking that took place — paid,
// or confirmed when it was free — from its end until REVIEW_WINDOW_DAYS after, once.

const DAY_MS = 24 * 60 * 60_000;

/** The statuses of a booking that took place once its time has passed. */
export const reviewableStatuses = ['paid', 'confirmed'] as const satisfies AppointmentStatus[];

/**
 * Why a booking cannot be reviewed at `now` (its status as read then, effectiveStatus), or null when
 * it can: 422 before its end or when it did not take place, 410 once the window closed. Whether it
 * already has a review (409) is the caller's to ask.
 */
export function reviewRefusal(status: AppointmentStatus, end: Date, now: Date): AppError | null {
  if (status === 'declined' || status === 'expired' || status === 'cancelled')
    return new AppError('unprocessable', reviewMessages.didNotTakePlace);
  if (status !== 'paid' && status !== 'confirmed')
    return new AppError('unprocessable', reviewMessages.notEnded);
  if (now.getTime() < end.getTime()) return new AppError('unprocessable', reviewMessages.notEnded);
  if (now.getTime() > end.getTime() + REVIEW_WINDOW_DAYS * DAY_MS)
    return new AppError('gone', reviewMessages.linkExpired);
  return null;
}

export interface BookingReview {
  id: string;
  rating: number;
  status: ReviewStatus;
}

/** The review of each of these bookings that has one (deleted ones too: a booking is reviewed once). */
export async function reviewsOfBookings(
  db: Db | Tx,
  appointmentIds: string[],
): Promise<Map<string, BookingReview>> {
  if (appointmentIds.length === 0) return new Map();
  const rows = await db
    .select({
      appointmentId: reviews.appointmentId,
      id: reviews.id,
      rating: reviews.rating,
      status: reviews.status,
    })
    .from(reviews)
    .where(inArray(reviews.appointmentId, appointmentIds));
  return new Map(rows.map(({ appointmentId, ...review }) => [appointmentId, review]));
}

/** The review fields of a booking in the customer's lists: whether it can be reviewed now, and their rating. */
export function customerReviewState(
  booking: { status: AppointmentStatus; endTz: Date },
  review: BookingReview | undefined,
  now: Date,
): { can_review: boolean; my_rating: number | null; reviewable_or_reviewed: boolean } {
  const can = !review && reviewRefusal(booking.status, booking.endTz, now) === null;
  return {
    can_review: can,
    my_rating: review && review.status !== 'deleted' ? review.rating : null,
    reviewable_or_reviewed: can || review !== undefined,
  };
}

/** The mean of `sum` over `count` ratings, one decimal; null with none. */
export function ratingAverage(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}
