import { and, desc, eq, or } from 'drizzle-orm';
import type {
  BookingByToken,
  BookingSummary,
  ManagedBooking,
  MyBooking,
  VendorBooking,
} from '../../../shared/booking.schemas.ts';
import { type AppointmentStatus, activeAppointmentStatuses } from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { appointments, customers } from '../../db/schema/bookings.ts';
import { AppError } from '../../lib/app-error.ts';
import { unknownToken } from '../booking-lifecycle/answer-booking.ts';
import { mailFactsOf } from '../booking-lifecycle/booking-notifications.ts';
import { effectiveStatus, vendorAnswerDeadline } from '../booking-lifecycle/booking-status.ts';
import { hashToken } from '../booking-lifecycle/booking-tokens.ts';
import {
  type BookingView,
  selectBookingViews,
  visibleToVendorAccount,
} from '../booking-lifecycle/booking-view.ts';
import {
  appointmentIdOfManageToken,
  type ManageLink,
  manageLinkOpen,
  managePath,
} from '../booking-lifecycle/manage-links.ts';
import type { BookingUser } from '../booking-lifecycle/request-booking.ts';
import { bookingCalendar } from '../payments/payment-mails.ts';

// The bookings' reads (ARCHITECTURE §4, §6): the vendor's answer page, the vendor's list and the
// customer's. Every status is read through effectiveStatus; the operations that move a booking are
// in features/booking-lifecycle.

function toSummary(row: BookingView, now: Date): BookingSummary {
  return {
    id: row.id,
    code: row.code,
    status: effectiveStatus(row, now),
    vendor_name: row.vendorName,
    service_name: row.serviceName,
    start_time: row.startTz.toISOString(),
    end_time: row.endTz.toISOString(),
    timezone: row.timezone,
    customer_name: row.customerName,
    amount_mxn: row.amountMxn,
    payment_due_at: row.paymentDueAt?.toISOString() ?? null,
  };
}

/**
 * GET /api/bookings/confirm?token=: what the vendor is about to answer. Changes nothing. Only while
 * the link can still be answered (what the answer requires, answer-booking.ts): a used or expired
 * link answers its code and status alone, so a token left in an old mail or log no longer reveals
 * the customer (issue 28).
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
  if (!open)
    return { answerable: false, code: row.code, status: status === 'pending_vendor' ? 'expired' : status };
  return { answerable: true, ...toSummary(row, now) };
}

const LIST_LIMIT = 200;

/** GET /api/vendor/bookings: the vendor's appointments, newest first. */
export async function listVendorBookings({
  db,
  vendorProfileId,
  now,
}: {
  db: Db;
  vendorProfileId: string;
  now: Date;
}): Promise<VendorBooking[]> {
  const rows = await selectBookingViews(
    db,
    and(eq(appointments.vendorProfileId, vendorProfileId), visibleToVendorAccount(vendorProfileId)),
    { orderBy: desc(appointments.createdAt), limit: LIST_LIMIT },
  );
  return rows.map((row) => ({
    ...toSummary(row, now),
    customer_email: row.customerEmail,
    customer_phone: row.customerPhone,
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
  }));
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
  const rows = await selectBookingViews(
    db,
    // By the customer row: every booking with an email is attached to that email's one row, so
    // customers.email matches exactly the bookings whose customer_email is the user's, and through
    // the row's unique index rather than a scan of appointments.
    user.emailVerified
      ? or(eq(customers.userId, user.id), eq(customers.email, user.email))
      : eq(customers.userId, user.id),
    { orderBy: desc(appointments.startTz), limit: LIST_LIMIT },
  );
  return rows.map((row) => {
    const status = effectiveStatus(row, now);
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
    };
  });
}

// ——— The customer's booking page (issue 23; decision 044) ———

/** The same answer for an unknown, forged or expired link: it never says whether the code exists. */
const bookingNotFound = () => new AppError('not_found', 'Booking not found.');

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

/** GET /api/bookings/manage?token=: the customer's booking page. Changes nothing. */
export async function getManagedBooking(options: ManagedBookingOptions): Promise<ManagedBooking> {
  const row = await bookingOfManageToken(options);
  const status = effectiveStatus(row, options.now);
  const vendorAnswered = status === 'awaiting_payment' || status === 'confirmed' || status === 'paid';
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
    paid_at: status === 'paid' ? (row.paidAt?.toISOString() ?? null) : null,
    ended_at: endedAt(row, status)?.toISOString() ?? null,
    cancel_reason: status === 'cancelled' ? (row.cancelReason ?? 'payment_timeout') : null,
    answer_due_at:
      status === 'pending_vendor' ? vendorAnswerDeadline(row.createdAt, row.startTz).toISOString() : null,
    payment_due_at: status === 'awaiting_payment' ? (row.paymentDueAt?.toISOString() ?? null) : null,
    payment_url: status === 'awaiting_payment' ? row.paymentUrl : null,
    calendar_url: `/api/bookings/manage/calendar.ics?token=${encodeURIComponent(options.token)}`,
  };
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
    throw new AppError('gone', 'This booking has ended: there is nothing to add to a calendar.');
  const state = status === 'paid' ? 'paid' : status === 'confirmed' ? 'confirmed' : 'tentative';
  return {
    code: row.code,
    calendar: bookingCalendar(mailFactsOf(row, options.manageLink), options.now, state),
  };
}
