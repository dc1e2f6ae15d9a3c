import { and, count, desc, eq, gt, gte, ilike, isNull, like, lt, not, or, type SQL, sql } from 'drizzle-orm';
import {
  type AdminBookingDetail,
  type AdminBookingItem,
  type AdminBookingPage,
  type AdminBookingsFilter,
  type AdminBookingsQuery,
  type BookingStatusFilter,
  type RefundState,
  type ResentPaymentLink,
  scheduledStatuses,
} from '../../../shared/admin-bookings.schemas.ts';
import { type AppointmentStatus, activeAppointmentStatuses } from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { appointments, paymentRefunds } from '../../db/schema/bookings.ts';
import { AppError } from '../../lib/app-error.ts';
import { type CheckoutDeps, isPayable, resendPaymentLink } from '../booking-lifecycle/booking-checkout.ts';
import {
  effectiveStatus,
  movesFrom,
  unansweredInTime,
  unpaidInTime,
} from '../booking-lifecycle/booking-status.ts';
import { type BookingView, getBookingView, selectBookingViews } from '../booking-lifecycle/booking-view.ts';
import { cancelByAdmin } from '../booking-lifecycle/customer-changes.ts';
import { recordRefundMadeElsewhere, refundBooking } from '../booking-lifecycle/refund-booking.ts';

// The admin's Bookings tab (decision 049): every booking, newest first, filtered and paged;
// one booking with its timeline, contact, payment and refund; and the admin's actions, each the
// booking lifecycle's own operation (cancel, refund, the payment link). No status is written here.

/** `%` and `_` typed by a person are searched for literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A booking code's alphabet (ARCHITECTURE §3.2): text that could be one is also matched as a code. */
const CODE_PREFIX = /^[A-Za-z0-9]{1,6}$/;

/**
 * A status as people read it (ARCHITECTURE §4): an overdue request is expired and an overdue unpaid
 * booking cancelled before the sweeper moves them, so the filter matches what the rows show.
 */
function statusFilter(status: BookingStatusFilter, now: Date): SQL {
  switch (status) {
    case 'scheduled':
      return scheduledWhere(now);
    case 'pending_vendor':
      return and(movesFrom('confirm'), not(unansweredInTime(now)))!;
    case 'expired':
      return or(eq(appointments.status, 'expired'), unansweredInTime(now))!;
    case 'awaiting_payment':
      // A deadline is always set with the status; NULL would read as still payable (effectiveStatus).
      return and(
        movesFrom('pay'),
        or(isNull(appointments.paymentDueAt), gt(appointments.paymentDueAt, now)),
      )!;
    case 'cancelled':
      return or(eq(appointments.status, 'cancelled'), unpaidInTime(now))!;
    default:
      return eq(appointments.status, status);
  }
}

/**
 * Services scheduled (product §2's summary card and the status filter `scheduled`): awaiting
 * payment, confirmed or paid, as people read them — an overdue unpaid booking is not one.
 */
export function scheduledWhere(now: Date): SQL {
  return or(...scheduledStatuses.map((status) => statusFilter(status, now)))!;
}

/** The WHERE of the list and of the export. */
export function adminBookingsWhere(filter: AdminBookingsFilter, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.status ? statusFilter(filter.status, now) : undefined,
    filter.vendor_profile_id ? eq(appointments.vendorProfileId, filter.vendor_profile_id) : undefined,
    filter.from ? gte(appointments.startTz, new Date(filter.from)) : undefined,
    filter.to ? lt(appointments.startTz, new Date(filter.to)) : undefined,
    filter.refund === 'owed' ? eq(appointments.refundNeeded, true) : undefined,
    filter.refund === 'refunded'
      ? and(eq(appointments.refundNeeded, false), sql`${appointments.refundedAt} is not null`)
      : undefined,
  ];
  if (filter.q) {
    // A code is matched whole or by its beginning (codes are stored in capitals); an email by any
    // part of it, in any case (citext).
    const email = ilike(appointments.customerEmail, `%${escapeLike(filter.q)}%`);
    conditions.push(
      CODE_PREFIX.test(filter.q) ? or(like(appointments.code, `${filter.q.toUpperCase()}%`), email) : email,
    );
  }
  return and(...conditions);
}

/** Newest first; the id settles rows made in the same instant (the keyset of the export). */
export const newestFirst = [desc(appointments.createdAt), desc(appointments.id)];

export function refundStateOf(row: Pick<BookingView, 'refundNeeded' | 'refundedAt'>): RefundState {
  if (row.refundNeeded) return 'owed';
  return row.refundedAt ? 'refunded' : 'none';
}

function toItem(row: BookingView, now: Date): AdminBookingItem {
  return {
    id: row.id,
    code: row.code,
    status: effectiveStatus(row, now),
    start_time: row.startTz.toISOString(),
    end_time: row.endTz.toISOString(),
    timezone: row.timezone,
    created_at: row.createdAt.toISOString(),
    amount_mxn: row.amountMxn,
    vendor: { id: row.vendorProfileId, name: row.vendorName },
    service_name: row.serviceName,
    customer_name: row.customerName,
    customer_email: row.customerEmail,
    refund_state: refundStateOf(row),
  };
}

/** GET /api/admin/bookings: one page, newest first, with the number of all matches. */
export async function listAdminBookings(
  db: Db,
  { query, now }: { query: AdminBookingsQuery; now: Date },
): Promise<AdminBookingPage> {
  const where = adminBookingsWhere(query, now);
  const [rows, [counted]] = await Promise.all([
    selectBookingViews(db, where, { orderBy: newestFirst, limit: query.limit }).offset(query.offset),
    db.select({ total: count() }).from(appointments).where(where),
  ]);
  return { items: rows.map((row) => toItem(row, now)), total: counted?.total ?? 0 };
}

const iso = (date: Date | null) => date?.toISOString() ?? null;
const isActive = (status: AppointmentStatus) =>
  (activeAppointmentStatuses as readonly AppointmentStatus[]).includes(status);

function toDetail(row: BookingView, now: Date, reference: string | null): AdminBookingDetail {
  const item = toItem(row, now);
  const ended =
    item.status === 'declined' || item.status === 'expired'
      ? row.updatedAt
      : item.status === 'cancelled'
        ? (row.cancelledAt ?? row.paymentDueAt ?? row.updatedAt)
        : null;
  const refundState = refundStateOf(row);
  return {
    ...item,
    vendor: {
      id: row.vendorProfileId,
      name: row.vendorName,
      slug: row.vendorSlug,
      email: row.vendorEmail,
      phone: row.vendorPhone,
    },
    customer_phone: row.customerPhone,
    notes: row.notes,
    location: row.serviceLocation,
    address: row.address,
    place_address: row.serviceLocation === 'vendor' ? row.vendorAddress : null,
    timeline: {
      requested_at: row.createdAt.toISOString(),
      confirmed_at: iso(row.confirmedAt),
      payment_due_at: iso(row.paymentDueAt),
      paid_at: iso(row.paidAt),
      rescheduled_at: iso(row.rescheduledAt),
      ended_at: iso(ended),
      cancel_reason: item.status === 'cancelled' ? (row.cancelReason ?? 'payment_timeout') : null,
      cancel_note: row.cancelNote,
    },
    payment: {
      payment_url: isPayable(row, now) ? row.paymentUrl : null,
      has_checkout: row.checkoutSessionId !== null,
    },
    refund: {
      state: refundState,
      amount_mxn:
        refundState === 'refunded'
          ? (row.refundedAmountMxn ?? row.amountMxn)
          : refundState === 'owed'
            ? (row.refundDueMxn ?? row.amountMxn) - (row.refundedAmountMxn ?? 0)
            : 0,
      refund_id: row.refundId,
      refunded_at: refundState === 'refunded' ? iso(row.refundedAt) : null,
      error: refundState === 'owed' ? row.refundError : null,
      reference,
    },
    actions: {
      can_cancel: isActive(item.status),
      can_refund: refundState === 'owed' && row.checkoutSessionId !== null,
      can_mark_refunded: refundState === 'owed',
      can_resend_payment_link: isPayable(row, now),
    },
  };
}

async function detailOf(db: Db, id: string, now: Date): Promise<AdminBookingDetail> {
  const row = await getBookingView(db, id);
  if (!row) throw new AppError('not_found', 'Booking not found.').because('booking_not_found');
  // The admin's reference when the refund on record was paid back by other means.
  const [manual] = row.refundId?.startsWith('manual_')
    ? await db
        .select({ reference: paymentRefunds.reference })
        .from(paymentRefunds)
        .where(eq(paymentRefunds.refundId, row.refundId))
    : [];
  return toDetail(row, now, manual?.reference ?? null);
}

/** GET /api/admin/bookings/:id. */
export function getAdminBooking(db: Db, { id, now }: { id: string; now: Date }) {
  return detailOf(db, id, now);
}

export interface AdminBookingActionOptions {
  db: Db;
  id: string;
  now: Date;
  checkout: CheckoutDeps;
}

/**
 * POST /api/admin/bookings/:id/cancel: the lifecycle's cancel as an admin (a paid booking is
 * refunded at once, or by the sweeper if the provider fails); the booking as it now stands.
 */
export async function cancelAdminBooking({
  db,
  id,
  now,
  checkout,
  reason,
}: AdminBookingActionOptions & { reason?: string | undefined }): Promise<AdminBookingDetail> {
  await cancelByAdmin({ db, appointmentId: id, now, checkout, note: reason });
  return detailOf(db, id, now);
}

/**
 * POST /api/admin/bookings/:id/refund: the refund still owed, made now with the booking's one key —
 * a second press, a retry or the sweeper at the same moment make one refund at the provider. A
 * provider's refusal is kept on the booking and answered as 503 with its words.
 */
export async function refundAdminBooking({
  db,
  id,
  now,
  checkout,
}: AdminBookingActionOptions): Promise<AdminBookingDetail> {
  const before = await detailOf(db, id, now);
  if (before.refund.state !== 'owed') throw notOwed(before.refund.state);
  if (!before.actions.can_refund)
    throw new AppError(
      'conflict',
      'No payment through a checkout is known for this booking: settle it with the provider by hand.',
      { reason: 'no_payment' },
    ).because('refund_no_payment');
  let recorded: boolean;
  try {
    recorded = await refundBooking({ db, refunds: checkout, appointmentId: id, now });
  } catch (err) {
    checkout.logger.warn({ err, appointmentId: id }, 'refunds: an admin’s refund failed');
    const message = err instanceof Error ? err.message : String(err);
    throw new AppError('unavailable', `The payment provider did not make the refund: ${message}`, {
      reason: 'provider_failed',
    }).because('refund_provider_failed');
  }
  // Another press, the sweeper or a webhook recorded the same refund (one key, one refund) first:
  // this press did not make it, and says so.
  if (!recorded) throw alreadyRefunded();
  return detailOf(db, id, now);
}

/**
 * POST /api/admin/bookings/:id/mark-refunded: the refund still owed was paid back by other means
 * (decision 056) — recorded with the admin's reference; 409 when nothing is owed any more.
 */
export async function markRefundedAdminBooking({
  db,
  id,
  now,
  checkout,
  reference,
}: AdminBookingActionOptions & { reference: string }): Promise<AdminBookingDetail> {
  const before = await detailOf(db, id, now);
  if (before.refund.state !== 'owed') throw notOwed(before.refund.state);
  const recorded = await recordRefundMadeElsewhere({
    db,
    manageLink: checkout.manageLink,
    appointmentId: id,
    reference,
    now,
  });
  if (!recorded) throw alreadyRefunded();
  return detailOf(db, id, now);
}

const notOwed = (state: RefundState) =>
  state === 'refunded'
    ? alreadyRefunded()
    : new AppError('conflict', 'No refund is owed on this booking.', { reason: 'not_owed' }).because(
        'refund_not_owed',
      );

const alreadyRefunded = () =>
  new AppError('conflict', 'This booking was already refunded.', { reason: 'already_refunded' }).because(
    'already_refunded',
  );

/** POST /api/admin/bookings/:id/resend-payment-link. */
export async function resendAdminPaymentLink({
  db,
  id,
  now,
  checkout,
}: AdminBookingActionOptions): Promise<ResentPaymentLink> {
  const { url, dueAt } = await resendPaymentLink({ db, checkout, appointmentId: id, now });
  return { payment_url: url, payment_due_at: dueAt.toISOString() };
}
