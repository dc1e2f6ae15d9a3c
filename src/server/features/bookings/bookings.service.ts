import { and, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { AvailabilityResponse } from '../../../shared/availability/availability.schemas.ts';
import type {
  BookingByToken,
  BookingSummary,
  ClosedBookingByToken,
  ManagedBooking,
  MyBooking,
  VendorBooking,
} from '../../../shared/booking.schemas.ts';
import { type AppointmentStatus, activeAppointmentStatuses } from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { appointments, customers } from '../../db/schema/bookings.ts';
import { AppError } from '../../lib/app-error.ts';
import { unknownToken } from '../booking-lifecycle/answer-booking.ts';
import type { CheckoutDeps } from '../booking-lifecycle/booking-checkout.ts';
import { mailFactsOf } from '../booking-lifecycle/booking-notifications.ts';
import { effectiveStatus, vendorAnswerDeadline } from '../booking-lifecycle/booking-status.ts';
import { hashToken } from '../booking-lifecycle/booking-tokens.ts';
import {
  type BookingView,
  bookingHeadline,
  getBookingView,
  selectBookingViews,
  visibleToVendorAccount,
} from '../booking-lifecycle/booking-view.ts';
import {
  cancelByCustomer,
  customerChanges,
  rescheduleByCustomer,
  rescheduleSlots,
} from '../booking-lifecycle/customer-changes.ts';
import {
  appointmentIdOfManageToken,
  type ManageLink,
  manageLinkOpen,
  managePath,
  manageToken,
  offeredBookingPath,
  reviewPath,
} from '../booking-lifecycle/manage-links.ts';
import { bookingCalendar } from '../booking-lifecycle/messages/booking-calendar.ts';
import { acceptProposal, openProposal, rejectProposal } from '../booking-lifecycle/proposals.ts';
import type { BookingUser } from '../booking-lifecycle/request-booking.ts';
import { vendorActionsOf } from '../booking-lifecycle/vendor-actions.ts';
import { type BookingReview, customerReviewState, reviewsOfBookings } from '../reviews/review-rules.ts';

// The bookings' reads (ARCHITECTURE §4, §6): the vendor's answer page, the vendor's list and the
// customer's. Every status is read through effectiveStatus; the operations that move a booking are
// in features/booking-lifecycle.

function toSummary(row: BookingView, now: Date): BookingSummary {
  return {
    id: row.id,
    ...bookingHeadline(row, now),
    customer_name: row.customerName,
    amount_mxn: row.amountMxn,
    payment_due_at: row.paymentDueAt?.toISOString() ?? null,
  };
}

/**
 * GET /api/bookings/confirm?token=: what the vendor is about to answer. Changes nothing. Only while
 * the link can still be answered (what the answer requires, answer-booking.ts): a used or expired
 * link answers its code and status alone, so a token left in an old mail or log no longer reveals
 * the customer.
 */
export async function getBookingByToken({
  db,
  token,
  now,
}: {
  db: Db;
  token: string;
  now: Date;
}): Promise<BookingByToken> {
  const [row] = await selectBookingViews(db, eq(appointments.confirmTokenHash, hashToken(token)), {
    limit: 1,
  });
  if (!row) throw unknownToken();
  const status = effectiveStatus(row, now);
  const open =
    status === 'pending_vendor' && row.confirmTokenExpiresAt !== null && row.confirmTokenExpiresAt > now;
  if (!open) return closedByToken(row, status === 'pending_vendor' ? 'expired' : status);
  return { answerable: true, ...toSummary(row, now) };
}

/**
 * A link with nothing left to answer: what happened to the booking and when, in the
 * vendor's timezone, and still nothing about who booked.
 */
function closedByToken(row: BookingView, status: AppointmentStatus): ClosedBookingByToken {
  // Declining stamps nothing of its own; nothing moves a declined booking afterwards.
  const answeredAt = status === 'declined' ? row.updatedAt : row.confirmedAt;
  // An unanswered request ended at its deadline, whenever the sweeper got to it.
  const ended =
    status === 'expired' ? vendorAnswerDeadline(row.createdAt, row.startTz) : endedAt(row, status);
  return {
    answerable: false,
    code: row.code,
    status,
    answered_at: answeredAt?.toISOString() ?? null,
    ended_at: ended?.toISOString() ?? null,
    cancel_reason: status === 'cancelled' ? (row.cancelReason ?? 'payment_timeout') : null,
    timezone: row.timezone,
  };
}

const LIST_LIMIT = 200;

export interface VendorBookingsOptions {
  db: Db;
  vendorProfileId: string;
  now: Date;
  /** More conditions on the vendor's bookings (the agenda's days and filter). */
  where?: SQL | undefined;
  /** Newest request first unless given. */
  orderBy?: SQL | SQL[];
  limit?: number;
}

/**
 * GET /api/vendor/bookings (newest first) and the agenda (decision 093): the vendor's appointments as
 * the vendor's account may see them, with everything needed to reach the customer.
 */
export async function listVendorBookings({
  db,
  vendorProfileId,
  now,
  where,
  orderBy = desc(appointments.createdAt),
  limit = LIST_LIMIT,
}: VendorBookingsOptions): Promise<VendorBooking[]> {
  const rows = await selectBookingViews(
    db,
    and(eq(appointments.vendorProfileId, vendorProfileId), visibleToVendorAccount(vendorProfileId), where),
    { orderBy, limit },
  );
  return rows.map((row) => ({
    ...toSummary(row, now),
    answer_due_at:
      effectiveStatus(row, now) === 'pending_vendor'
        ? vendorAnswerDeadline(row.createdAt, row.startTz).toISOString()
        : null,
    customer_email: row.customerEmail,
    customer_phone: row.customerPhone,
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
    service_location: row.serviceLocation,
    address: row.address,
    cancel_reason: effectiveStatus(row, now) === 'cancelled' ? (row.cancelReason ?? 'payment_timeout') : null,
    cancel_note: effectiveStatus(row, now) === 'cancelled' ? row.cancelNote : null,
    outcome: row.outcome,
    service_id: row.serviceId,
    proposed_start_time: openProposal(row, now)?.start.toISOString() ?? null,
    decline_note: effectiveStatus(row, now) === 'declined' ? row.declineNote : null,
    offered_start_time:
      effectiveStatus(row, now) === 'declined' ? (row.offeredStartTz?.toISOString() ?? null) : null,
    ...vendorActionsOf(row, now),
  }));
}

/**
 * The user's bookings: by the linked customer or — once the address is proven — the same email
 * (bookings made before signing in). By the customer row: every booking with an email is attached
 * to that email's one row, so customers.email matches exactly the bookings whose customer_email is
 * the user's, and through the row's unique index rather than a scan of appointments.
 */
export function ownedBy(user: BookingUser): SQL {
  return user.emailVerified
    ? or(
        eq(customers.userId, user.id),
        eq(customers.email, user.email),
        // A booking whose guest row an admin deleted keeps its email alone
        // (appointments_orphan_email_idx).
        and(isNull(appointments.customerId), eq(appointments.customerEmail, user.email)),
      )!
    : eq(customers.userId, user.id);
}

/**
 * GET /api/me/bookings: the user's appointments, by the linked customer or — once the address is
 * proven — the same email (bookings made before signing in).
 */
export async function listMyBookings({
  db,
  user,
  now,
  secret,
}: {
  db: Db;
  user: BookingUser;
  now: Date;
  /** The server's secret the booking page links are made with (config.authSecret). */
  secret: string;
}): Promise<MyBooking[]> {
  const rows = await selectBookingViews(db, ownedBy(user), {
    orderBy: desc(appointments.startTz),
    limit: LIST_LIMIT,
  });
  const reviewed = await reviewsOfBookings(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const status = effectiveStatus(row, now);
    const review = customerReviewState({ status, endTz: row.endTz }, reviewed.get(row.id), now);
    return {
      id: row.id,
      code: row.code,
      status,
      vendor_id: row.vendorProfileId,
      vendor_name: row.vendorName,
      vendor_slug: row.vendorSlug,
      service_name: row.serviceName,
      start_time: row.startTz.toISOString(),
      end_time: row.endTz.toISOString(),
      timezone: row.timezone,
      amount_mxn: row.amountMxn,
      created_at: row.createdAt.toISOString(),
      service_id: row.serviceId,
      // The owner, signed in, gets the page's link as the mails carry it (decision 044).
      manage_path: managePath(secret, row),
      payment_url: status === 'awaiting_payment' ? row.paymentUrl : null,
      address: row.address,
      can_review: review.can_review,
      review_path: review.reviewable_or_reviewed ? reviewPath(secret, row) : null,
      my_rating: review.my_rating,
    };
  });
}

// ——— The customer's booking page (decision 044) ———

/** The same answer for an unknown, forged or expired link: it never says whether the code exists. */
const bookingNotFound = () => new AppError('not_found', 'Booking not found.').because('booking_not_found');

export interface ManagedBookingOptions {
  db: Db;
  /** The server's secret the page links are made with (config.authSecret). */
  secret: string;
  token: string;
  now: Date;
}

/** The booking a page link opens, while it opens (until 30 days after the appointment). */
async function bookingOfManageToken({ db, secret, token, now }: ManagedBookingOptions) {
  const id = appointmentIdOfManageToken(secret, token);
  const [row] = id ? await selectBookingViews(db, eq(appointments.id, id), { limit: 1 }) : [];
  if (!row || !manageLinkOpen(row.endTz, now)) throw bookingNotFound();
  return row;
}

/** When an ended booking ended, as reads see it (an overdue one ended at its deadline). */
function endedAt(row: BookingView, status: AppointmentStatus): Date | null {
  if (status === 'cancelled') return row.cancelledAt ?? row.paymentDueAt ?? row.updatedAt;
  if (status === 'expired')
    return row.status === 'expired' ? row.updatedAt : vendorAnswerDeadline(row.createdAt, row.startTz);
  if (status === 'declined') return row.updatedAt;
  return null;
}

/** The vendor's open proposal as the booking page shows it (decision 096). */
function proposalOf(row: BookingView, now: Date): ManagedBooking['proposal'] {
  const proposal = openProposal(row, now);
  return proposal && row.proposedAt
    ? {
        start_time: proposal.start.toISOString(),
        end_time: proposal.end.toISOString(),
        proposed_at: row.proposedAt.toISOString(),
      }
    : null;
}

/** The time a decline offered instead, while it is ahead and its service still offered. */
function offeredOf(row: BookingView, now: Date): ManagedBooking['offered'] {
  if (!row.offeredStartTz || row.offeredStartTz <= now || !row.serviceId) return null;
  return {
    start_time: row.offeredStartTz.toISOString(),
    book_path: offeredBookingPath(
      { vendorSlug: row.vendorSlug, serviceId: row.serviceId },
      row.offeredStartTz,
    ),
  };
}

/** The customer's booking page as the API answers it, by its link or to its signed-in owner. */
function toManagedBooking(
  row: BookingView,
  now: Date,
  secret: string,
  bookingReview: BookingReview | undefined,
): ManagedBooking {
  const changes = customerChanges(row, now);
  const { status } = changes;
  const review = customerReviewState({ status, endTz: row.endTz }, bookingReview, now);
  const vendorAnswered = status === 'awaiting_payment' || status === 'confirmed' || status === 'paid';
  const refundOwed = row.refundNeeded || row.refundedAt !== null;
  return {
    code: row.code,
    status,
    vendor: {
      name: row.vendorName,
      slug: row.vendorSlug,
      whatsapp: vendorAnswered && row.vendorPhone ? row.vendorPhone.replace(/\D/g, '') : null,
    },
    service_name: row.serviceName,
    start_time: row.startTz.toISOString(),
    end_time: row.endTz.toISOString(),
    timezone: row.timezone,
    amount_mxn: row.amountMxn,
    requested_at: row.createdAt.toISOString(),
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    paid_at: status === 'paid' || refundOwed ? (row.paidAt?.toISOString() ?? null) : null,
    ended_at: endedAt(row, status)?.toISOString() ?? null,
    cancel_reason: status === 'cancelled' ? (row.cancelReason ?? 'payment_timeout') : null,
    cancel_note: status === 'cancelled' ? row.cancelNote : null,
    rescheduled_at: row.rescheduledAt?.toISOString() ?? null,
    proposal: proposalOf(row, now),
    decline_note: status === 'declined' ? row.declineNote : null,
    offered: status === 'declined' ? offeredOf(row, now) : null,
    answer_due_at:
      status === 'pending_vendor' ? vendorAnswerDeadline(row.createdAt, row.startTz).toISOString() : null,
    payment_due_at: status === 'awaiting_payment' ? (row.paymentDueAt?.toISOString() ?? null) : null,
    payment_url: status === 'awaiting_payment' ? row.paymentUrl : null,
    calendar_url: `/api/bookings/manage/calendar.ics?token=${manageToken(secret, row.id)}`,
    service_id: row.serviceId,
    location: row.serviceLocation,
    address: row.address,
    place_address: row.serviceLocation === 'vendor' ? row.vendorAddress?.trim() || null : null,
    change_deadline: changes.changeDeadline?.toISOString() ?? null,
    cancel_deadline: changes.cancelDeadline?.toISOString() ?? null,
    cancellation_policy: row.cancellationPolicy,
    can_cancel: changes.canCancel,
    can_reschedule: changes.canReschedule,
    refund_on_cancel_mxn: changes.refundOnCancelMxn,
    took_place:
      (status === 'paid' || status === 'confirmed') &&
      row.endTz.getTime() <= now.getTime() &&
      row.outcome !== 'no_show',
    outcome: row.outcome,
    can_review: review.can_review,
    review_path: review.reviewable_or_reviewed ? reviewPath(secret, row) : null,
    refund: refundOwed
      ? {
          amount_mxn: row.refundedAmountMxn ?? row.refundDueMxn ?? row.amountMxn,
          status: row.refundedAt ? 'refunded' : 'pending',
          refunded_at: row.refundedAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** The page of a booking read, with its review's state. */
async function managed({ db, now, secret }: { db: Db; now: Date; secret: string }, row: BookingView) {
  const reviewed = await reviewsOfBookings(db, [row.id]);
  return toManagedBooking(row, now, secret, reviewed.get(row.id));
}

/** GET /api/bookings/manage?token=: the customer's booking page. Changes nothing. */
export async function getManagedBooking(options: ManagedBookingOptions): Promise<ManagedBooking> {
  return managed(options, await bookingOfManageToken(options));
}

/** Which booking a customer's change is for: by the page's link, or the signed-in owner's id. */
export type BookingRef = { token: string } | { user: BookingUser; id: string };

export interface BookingRefOptions {
  db: Db;
  secret: string;
  ref: BookingRef;
  now: Date;
}

/** The booking a reference opens: 404 alike for a bad link and for someone else's booking. */
async function bookingOf({ db, secret, ref, now }: BookingRefOptions): Promise<BookingView> {
  if ('token' in ref) return bookingOfManageToken({ db, secret, token: ref.token, now });
  const [row] = await selectBookingViews(db, and(eq(appointments.id, ref.id), ownedBy(ref.user)), {
    limit: 1,
  });
  if (!row) throw bookingNotFound();
  return row;
}

/** GET /api/me/bookings/:id: the owner's booking page, signed in (no link needed). */
export async function getMyBooking(options: BookingRefOptions): Promise<ManagedBooking> {
  return managed(options, await bookingOf(options));
}

/** POST …/cancel (decision 046): the booking as it stands after the cancellation. */
export async function cancelBooking(
  options: BookingRefOptions & { checkout: CheckoutDeps; note?: string | undefined },
): Promise<ManagedBooking> {
  const row = await bookingOf(options);
  await cancelByCustomer({
    db: options.db,
    appointmentId: row.id,
    now: options.now,
    checkout: options.checkout,
    note: options.note,
  });
  return reread(options, row.id);
}

/** POST …/reschedule: the booking at its new time. */
export async function rescheduleBooking(
  options: BookingRefOptions & { checkout: CheckoutDeps; startTime: string },
): Promise<ManagedBooking> {
  const row = await bookingOf(options);
  await rescheduleByCustomer({
    db: options.db,
    appointmentId: row.id,
    now: options.now,
    checkout: options.checkout,
    start: new Date(options.startTime),
  });
  return reread(options, row.id);
}

/**
 * POST /api/bookings/manage/accept-proposal (decision 096): the booking at the time the vendor
 * proposed; `proposedStartTime` is the proposal the page showed.
 */
export async function acceptBookingProposal(
  options: BookingRefOptions & { checkout: CheckoutDeps; proposedStartTime?: string | undefined },
): Promise<ManagedBooking> {
  const row = await bookingOf(options);
  await acceptProposal({
    db: options.db,
    row,
    now: options.now,
    checkout: options.checkout,
    seen: options.proposedStartTime ? new Date(options.proposedStartTime) : undefined,
  });
  return reread(options, row.id);
}

/** POST /api/bookings/manage/reject-proposal: the booking keeps its time, the proposal gone. */
export async function rejectBookingProposal(
  options: BookingRefOptions & { checkout: CheckoutDeps; proposedStartTime?: string | undefined },
): Promise<ManagedBooking> {
  const row = await bookingOf(options);
  await rejectProposal({
    db: options.db,
    row,
    now: options.now,
    checkout: options.checkout,
    seen: options.proposedStartTime ? new Date(options.proposedStartTime) : undefined,
  });
  return reread(options, row.id);
}

/** GET …/availability: the times the booking may move to (none when it cannot be moved). */
export async function bookingRescheduleSlots(
  options: BookingRefOptions & { from?: Date | undefined; to?: Date | undefined },
): Promise<AvailabilityResponse> {
  const row = await bookingOf(options);
  return rescheduleSlots({ db: options.db, row, now: options.now, from: options.from, to: options.to });
}

async function reread(options: BookingRefOptions, id: string): Promise<ManagedBooking> {
  const row = await getBookingView(options.db, id);
  if (!row) throw bookingNotFound();
  return managed(options, row);
}

/**
 * GET /api/bookings/manage/calendar.ics?token=: the booking as a calendar event (Add to calendar),
 * tentative until the vendor confirms; none for a booking that has ended.
 */
export async function getManagedBookingCalendar(
  options: ManagedBookingOptions & { manageLink: ManageLink },
): Promise<{ code: string; calendar: string }> {
  const row = await bookingOfManageToken(options);
  const status = effectiveStatus(row, options.now);
  if (!(activeAppointmentStatuses as readonly AppointmentStatus[]).includes(status))
    throw new AppError('gone', 'This booking has ended: there is nothing to add to a calendar.').because(
      'booking_ended',
    );
  const state = status === 'paid' ? 'paid' : status === 'confirmed' ? 'confirmed' : 'tentative';
  return {
    code: row.code,
    calendar: bookingCalendar(mailFactsOf(row, options.manageLink), options.now, state),
  };
}
