import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CheckoutDeps } from './booking-checkout.ts';
import { effectiveStatus } from './booking-status.ts';
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
async function readOwnBooking({ db, bookingId, vendorProfileId }: VendorActionOptions): Promise<BookingView> {
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
const agreed = (row: BookingView, now: Date) => {
  const status = effectiveStatus(row, now);
  return status === 'confirmed' || status === 'paid' ? status : null;
};

const startedAlready = () =>
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
