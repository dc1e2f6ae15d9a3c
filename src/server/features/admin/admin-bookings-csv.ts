import { and, sql } from 'drizzle-orm';
import type { AdminBookingsFilter } from '../../../shared/admin-bookings.schemas.ts';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { csvRow, csvStream, iso, pesos } from '../../lib/csv.ts';
import { effectiveStatus } from '../booking-lifecycle/booking-status.ts';
import { type BookingView, selectBookingViews } from '../booking-lifecycle/booking-view.ts';
import { adminBookingsWhere, newestFirst, refundStateOf } from './admin-bookings.service.ts';

// GET /api/admin/bookings.csv (decision 049): the filtered list as CSV, streamed. Rows are
// read in keyset pages — newest first, each page after the last row of the one before, by
// (created_at, id) on their index — and written as each page arrives, so memory holds one page
// whatever the export's size, and no transaction or cursor stays open between pages: on PGlite, one
// connection for the whole app, a long export never holds up other requests.

/**
 * Rows per page: one short statement each. On PGlite a page of 500 is about 30 ms of the main
 * thread (reading and mapping the rows; the statement itself takes a few), so other requests are
 * served between pages.
 */
export const CSV_PAGE_ROWS = 500;

export const csvHeader = [
  'code',
  'status',
  'created_at',
  'start_time',
  'end_time',
  'timezone',
  'vendor',
  'service',
  'customer_name',
  'customer_email',
  'customer_phone',
  'amount_mxn',
  'paid_at',
  'cancelled_at',
  'cancel_reason',
  'refund_state',
  'refunded_amount_mxn',
  'refunded_at',
  'notes',
] as const;

export function csvLine(row: BookingView, now: Date): string {
  const status = effectiveStatus(row, now);
  const refund = refundStateOf(row);
  return csvRow([
    row.code,
    status,
    iso(row.createdAt),
    iso(row.startTz),
    iso(row.endTz),
    row.timezone,
    row.vendorName,
    row.serviceName,
    row.customerName,
    row.customerEmail,
    row.customerPhone,
    pesos(row.amountMxn),
    iso(row.paidAt),
    status === 'cancelled' ? iso(row.cancelledAt ?? row.paymentDueAt) : null,
    status === 'cancelled' ? (row.cancelReason ?? 'payment_timeout') : null,
    refund,
    refund === 'none' ? null : pesos(row.refundedAmountMxn),
    refund === 'refunded' ? iso(row.refundedAt) : null,
    row.notes,
  ]);
}

/** The rows of the export, one page at a time. */
export async function* adminBookingPages({
  db,
  filter,
  now,
  pageRows = CSV_PAGE_ROWS,
}: {
  db: Db;
  filter: AdminBookingsFilter;
  now: Date;
  pageRows?: number;
}): AsyncGenerator<BookingView[]> {
  const where = adminBookingsWhere(filter, now);
  let after: string | undefined;
  for (;;) {
    // A JavaScript Date keeps milliseconds, the column microseconds: the keyset reads the last row's
    // created_at in the database, so that no row of the same millisecond is skipped or repeated.
    const page = await selectBookingViews(
      db,
      and(
        where,
        after
          ? sql`(${appointments.createdAt}, ${appointments.id}) < ((select "created_at" from "appointments" where "id" = ${after}), ${after}::uuid)`
          : undefined,
      ),
      { orderBy: newestFirst, limit: pageRows },
    );
    if (page.length === 0) return;
    yield page;
    if (page.length < pageRows) return;
    after = page.at(-1)!.id;
  }
}

/** The export, streamed (lib/csv.ts). */
export function adminBookingsCsvStream(options: {
  db: Db;
  filter: AdminBookingsFilter;
  now: Date;
  pageRows?: number;
}): ReadableStream<Uint8Array> {
  return csvStream({
    header: csvHeader,
    pages: adminBookingPages(options),
    line: (row) => csvLine(row, options.now),
  });
}

/** The file's name: the day it was exported. */
export const csvFileName = (now: Date) => `barrio-bookings-${now.toISOString().slice(0, 10)}.csv`;
