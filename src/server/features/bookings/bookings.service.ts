import { and, desc, eq, or } from 'drizzle-orm';
import type {
  BookingByToken,
  BookingSummary,
  MyBooking,
  VendorBooking,
} from '../../../shared/booking.schemas.ts';
import type { Db } from '../../db/client.ts';
import { appointments, customers } from '../../db/schema/bookings.ts';
import { unknownToken } from '../booking-lifecycle/answer-booking.ts';
import { effectiveStatus } from '../booking-lifecycle/booking-status.ts';
import { hashToken } from '../booking-lifecycle/booking-tokens.ts';
import {
  type BookingView,
  selectBookingViews,
  visibleToVendorAccount,
} from '../booking-lifecycle/booking-view.ts';
import type { BookingUser } from '../booking-lifecycle/request-booking.ts';

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
}: {
  db: Db;
  user: BookingUser;
  now: Date;
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
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    status: effectiveStatus(row, now),
    vendor_id: row.vendorProfileId,
    vendor_name: row.vendorName,
    vendor_slug: row.vendorSlug,
    service_name: row.serviceName,
    start_time: row.startTz.toISOString(),
    end_time: row.endTz.toISOString(),
    timezone: row.timezone,
    amount_mxn: row.amountMxn,
    created_at: row.createdAt.toISOString(),
  }));
}
