import { and, eq, isNull, lte } from 'drizzle-orm';
import type { BookingOutcome } from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CheckoutDeps } from './booking-checkout.ts';
import { effectiveStatus, movesFrom } from './booking-status.ts';
import { type BookingView, selectBookingViews, visibleToVendorAccount } from './booking-view.ts';
import { bookingChanged, cancelAs } from './customer-changes.ts';

// The vendor's own actions on a booking already agreed (decision 094), from the dashboard. Each is
// one conditional UPDATE on the status the vendor's request read, so a customer's cancel, a
// payment or another tab that moved the booking first wins and this request answers 409 `changed`.

export interface VendorActionOptions {
  db: Db;
  bookingId: string;
  vendorProfileId: string;
  now: Date;
}

/** The vendor's booking as the request read it; another vendor's, or an unknown one, is 404. */
export async function readOwnBooking({
  db,
  bookingId,
  vendorProfileId,
}: VendorActionOptions): Promise<BookingView> {
  const [row] = await selectBookingViews(
    db,
    and(
      eq(appointments.id, bookingId),
      eq(appointments.vendorProfileId, vendorProfileId),
      visibleToVendorAccount(vendorProfileId),
    )!,
    { limit: 1 },
  );
  if (!row) throw new AppError('not_found', 'Booking not found.').because('booking_not_found');
  return row;
}

/** The statuses the vendor acts on: a booking agreed, paid or free. */
export const agreed = (
  row: Pick<BookingView, 'status' | 'startTz' | 'createdAt' | 'paymentDueAt'>,
  now: Date,
) => {
  const status = effectiveStatus(row, now);
  return status === 'confirmed' || status === 'paid' ? status : null;
};

/**
 * What the vendor may do to a booking now (the dashboard's buttons): cancel one agreed until its
 * start, or propose another time for it while its service is offered (decision 096); mark how it
 * went once it has started, once.
 */
export function vendorActionsOf(
  row: Pick<BookingView, 'status' | 'startTz' | 'createdAt' | 'paymentDueAt' | 'outcome' | 'serviceId'>,
  now: Date,
) {
  const isAgreed = agreed(row, now) !== null;
  return {
    can_cancel: isAgreed && row.startTz > now,
    can_mark_outcome: isAgreed && row.startTz <= now && row.outcome === null,
    can_propose: isAgreed && row.startTz > now && row.serviceId !== null,
  };
}

export const startedAlready = () =>
  new AppError(
    'conflict',
    'This booking has already started: mark it completed, or that the customer did not come.',
  ).because('booking_started');

/**
 * cancel by the vendor (decision 094): a confirmed or paid booking, until its start, with the
 * vendor's reason; a paid one is refunded in full whatever any policy says. The customer's cancel
 * statement, messages and refund (cancelAs) with `cancel_reason = 'vendor'`.
 */
export async function cancelByVendor(
  options: VendorActionOptions & { reason: string; checkout: CheckoutDeps },
): Promise<{ id: string; code: string; status: 'cancelled' }> {
  const { db, now, checkout, reason } = options;
  const row = await readOwnBooking(options);
  const status = agreed(row, now);
  if (!status) throw bookingChanged();
  if (row.startTz <= now) throw startedAlready();
  await cancelAs({
    db,
    row,
    now,
    checkout,
    note: reason,
    by: 'vendor',
    refundMxn: status === 'paid' ? row.amountMxn : 0,
  });
  return { id: row.id, code: row.code, status: 'cancelled' };
}

const notStarted = (start: Date) =>
  new AppError(
    'conflict',
    `This booking has not started yet (it starts at ${start.toISOString()}): mark how it went once it has.`,
  ).because('booking_not_started');

const notAgreed = () =>
  new AppError('conflict', 'Only a confirmed or paid booking can be marked completed or as a no-show.', {
    reason: 'changed',
  }).because('booking_changed');

/**
 * complete and no_show (decision 094): once a confirmed or paid booking has started, its vendor
 * records how it went, once. The status stays (no money moves: completing changes none, and a
 * no-show refunds nothing until vendors have policies of their own); one conditional UPDATE on the
 * status read, no outcome yet and the start passed, so a second press, another tab or an admin's
 * cancel that came first leaves this one 409 `changed`.
 */
export async function markOutcome(
  options: VendorActionOptions & { outcome: BookingOutcome },
): Promise<{ id: string; code: string; outcome: BookingOutcome }> {
  const { db, now, outcome } = options;
  const row = await readOwnBooking(options);
  const status = agreed(row, now);
  if (!status) throw notAgreed();
  if (row.startTz > now) throw notStarted(row.startTz);
  if (row.outcome !== null) throw bookingChanged();
  const [marked] = await db
    .update(appointments)
    .set({ outcome, outcomeAt: now, updatedAt: now })
    .where(
      and(
        eq(appointments.id, row.id),
        movesFrom(outcome === 'completed' ? 'complete' : 'no_show', status),
        isNull(appointments.outcome),
        lte(appointments.startTz, now),
      ),
    )
    .returning({ id: appointments.id });
  if (!marked) throw bookingChanged();
  return { id: row.id, code: row.code, outcome };
}
