import { and, eq, sql } from 'drizzle-orm';
import type { BookingChangeRefusal } from '../../../shared/booking.schemas.ts';
import { cancelRefundMxn, customerCancelDeadline } from '../../../shared/cancellation-policy.ts';
import { type AppointmentStatus, activeAppointmentStatuses } from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { AppError, type ErrorReason, sqlState } from '../../lib/app-error.ts';
import { computeAvailability } from '../availability/availability.service.ts';
import { startsInTimeOff, vendorTimeOffRefusal } from '../time-off/time-off.service.ts';
import { type CheckoutDeps, closeCheckout } from './booking-checkout.ts';
import { notifyCancelled, notifyRescheduled } from './booking-notifications.ts';
import {
  customerChangeDeadline,
  effectiveStatus,
  movesFrom,
  vendorAnswerDeadline,
} from './booking-status.ts';
import { type BookingView, getBookingView } from './booking-view.ts';
import { refundAfterCommit } from './refund-booking.ts';
import { slotTaken, takeVendorsTurn } from './request-booking.ts';

// cancel and reschedule (decision 046): the customer's own changes, from the booking page
// by its link or signed in; an administrator's cancel shares the same statement (decision 049). Each is one conditional UPDATE on the status and start the customer's
// request read, so a vendor's answer, a payment, the sweeper or another tab that moved the booking
// first wins, and this request answers 409 `changed` and changes nothing. Moving ends
// CUSTOMER_CHANGE_HOURS before the start; cancelling follows the policy the booking was requested
// under (decision 095), which also says how much of a paid booking is refunded.

/** Each refusal of the booking page by its reason for the web app's words (shared/api-errors.ts). */
const refusalReasons = {
  changed: 'booking_changed',
  too_late: 'change_too_late',
  slot_taken: 'slot_taken',
} as const satisfies Record<BookingChangeRefusal, ErrorReason>;

const refused = (reason: BookingChangeRefusal, message: string) =>
  new AppError('conflict', message, { reason }).because(refusalReasons[reason]);

export const bookingChanged = () =>
  refused('changed', 'This booking has just changed. Reload it to see where it stands.');

const tooLate = (operation: 'cancel' | 'reschedule') =>
  refused(
    'too_late',
    operation === 'cancel'
      ? 'This booking can no longer be cancelled online. Please message the vendor.'
      : 'Bookings can be moved online up to 24 hours before they start. Please message the vendor.',
  );

export const isActive = (status: AppointmentStatus) =>
  (activeAppointmentStatuses as readonly AppointmentStatus[]).includes(status);

/**
 * What the customer may do now (the booking page's actions; decisions 046, 095): move it until 24
 * hours before, cancel it until the booking's policy allows, and what that cancel would pay back.
 */
export function customerChanges(row: BookingView, now: Date) {
  const status = effectiveStatus(row, now);
  const active = isActive(status);
  const moveDeadline = customerChangeDeadline(row.startTz);
  const cancelDeadline = customerCancelDeadline(row.cancellationPolicy, row.startTz);
  return {
    status,
    changeDeadline: active ? moveDeadline : null,
    cancelDeadline: active ? cancelDeadline : null,
    canCancel: active && now < cancelDeadline,
    canReschedule: active && now < moveDeadline && row.serviceId !== null,
    refundOnCancelMxn:
      status === 'paid' ? cancelRefundMxn(row.cancellationPolicy, row.amountMxn, row.startTz, now) : 0,
  };
}

/** The booking as the customer's request read it, with what may be done to it. */
async function readForChange(db: Db, appointmentId: string, now: Date, operation: 'cancel' | 'reschedule') {
  const row = await getBookingView(db, appointmentId);
  if (!row) throw bookingChanged();
  const changes = customerChanges(row, now);
  if (!isActive(changes.status)) throw bookingChanged();
  if (operation === 'cancel' ? !changes.canCancel : now >= customerChangeDeadline(row.startTz))
    throw tooLate(operation);
  return { row, changes };
}

export interface CustomerChangeOptions {
  db: Db;
  appointmentId: string;
  now: Date;
  /** The payment provider (to close a checkout, to refund) and the booking page's links. */
  checkout: CheckoutDeps;
}

/**
 * cancel: the booking is cancelled (`customer`) and its slot freed in one conditional UPDATE, both
 * sides told in the same transaction; a paid one is flagged for its refund, which is then made at
 * once (refundAfterCommit) or by the sweeper. An open checkout is closed at the provider; a payment
 * that still slips in is refunded as a late payment (pay-booking.ts).
 */
export async function cancelByCustomer({
  db,
  appointmentId,
  now,
  checkout,
  note,
}: CustomerChangeOptions & { note?: string | undefined }): Promise<void> {
  const { row, changes } = await readForChange(db, appointmentId, now, 'cancel');
  await cancelAs({ db, row, now, checkout, note, by: 'customer', refundMxn: changes.refundOnCancelMxn });
}

/**
 * cancel by an administrator (decision 049): any active booking, whenever it starts — the
 * same statement, messages and refund as the customer's, with `cancel_reason = 'admin'`, and both
 * the customer and the vendor told that Barrio cancelled it. Returns the booking as it was read; 404
 * for an unknown one, 409 `changed` for one no longer active.
 */
export async function cancelByAdmin({
  db,
  appointmentId,
  now,
  checkout,
  note,
}: CustomerChangeOptions & { note?: string | undefined }): Promise<BookingView> {
  const row = await getBookingView(db, appointmentId);
  if (!row) throw new AppError('not_found', 'Booking not found.').because('booking_not_found');
  const status = effectiveStatus(row, now);
  if (!isActive(status))
    throw refused('changed', 'This booking has already ended: there is nothing to cancel.');
  await cancelAs({
    db,
    row,
    now,
    checkout,
    note,
    by: 'admin',
    refundMxn: status === 'paid' ? row.amountMxn : 0,
  });
  return row;
}

/** Who cancelled a booking, as `cancel_reason` keeps it (beside the sweeper's `payment_timeout`). */
export type CancelledBy = 'customer' | 'admin' | 'vendor';

/**
 * The cancel transition every caller shares (the customer, an admin, the vendor: vendor-actions.ts):
 * one conditional UPDATE on the status and start the caller read, then the checkout and the refund.
 * `refundMxn` is what a paid booking gets back (the whole amount, or the policy's share: decision
 * 095), written as `refund_due_mxn` by the same UPDATE, so the refund asks for exactly that, once.
 */
export async function cancelAs({
  db,
  row,
  now,
  checkout,
  note,
  by,
  refundMxn,
}: {
  db: Db;
  row: BookingView;
  now: Date;
  checkout: CheckoutDeps;
  note: string | undefined;
  by: CancelledBy;
  refundMxn: number;
}) {
  const openCheckout = await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(appointments)
      .set({
        status: 'cancelled',
        cancelReason: by,
        cancelNote: note ?? null,
        cancelledAt: now,
        // A proposal of another time has nothing left to move (decision 096).
        proposedStartTz: null,
        proposedAt: null,
        updatedAt: now,
        ...(row.status === 'paid' ? { refundDueMxn: refundMxn } : {}),
        ...(refundMxn > 0 ? { refundNeeded: true } : {}),
      })
      .where(
        and(
          eq(appointments.id, row.id),
          movesFrom('cancel', row.status),
          eq(appointments.startTz, row.startTz),
        ),
      )
      // The session as the update found it: a confirm's checkout stored after our read is closed too.
      .returning({ id: appointments.id, checkoutSessionId: appointments.checkoutSessionId });
    if (!moved) throw bookingChanged();
    await notifyCancelled(tx, row, {
      by,
      note: note ?? null,
      refundMxn,
      now,
      manageLink: checkout.manageLink,
    });
    return row.status === 'awaiting_payment' ? moved.checkoutSessionId : null;
  });
  if (openCheckout)
    await closeCheckout(checkout, openCheckout, 'cancel: could not close the checkout', {
      appointmentId: row.id,
    });
  if (refundMxn > 0) await refundAfterCommit({ db, refunds: checkout, appointmentId: row.id, now });
}

/**
 * reschedule: the booking moves to `start`, an open slot of the same service as the availability
 * engine computes it (the booking's own time counted free), in one UPDATE that the exclusion
 * constraint checks: the old time is freed only if the new one is taken. Status, amount and payment
 * deadline stay; a request's answer deadline follows an earlier start. Both sides are told.
 */
export async function rescheduleByCustomer({
  db,
  appointmentId,
  now,
  checkout,
  start,
}: CustomerChangeOptions & { start: Date }): Promise<void> {
  const { row, changes } = await readForChange(db, appointmentId, now, 'reschedule');
  if (!changes.canReschedule || !row.serviceId)
    throw refused('changed', 'This service is no longer offered: the booking cannot be moved.');
  if (start.getTime() === row.startTz.getTime()) return;
  if (row.status === 'awaiting_payment' && row.paymentDueAt && start < row.paymentDueAt) throw slotTaken();
  await requireOpenSlot(db, row, start, now);

  const end = new Date(start.getTime() + (row.endTz.getTime() - row.startTz.getTime()));
  try {
    await db.transaction(async (tx) => {
      await takeVendorsTurn(tx, row.vendorProfileId);
      const [moved] = await tx
        .update(appointments)
        .set({
          startTz: start,
          endTz: end,
          rescheduledAt: now,
          rescheduleCount: sql`${appointments.rescheduleCount} + 1`,
          remindedAt: null,
          // The vendor's proposal was for the old time: the customer chose another (decision 096).
          proposedStartTz: null,
          proposedAt: null,
          updatedAt: now,
          ...(row.status === 'pending_vendor'
            ? { confirmTokenExpiresAt: vendorAnswerDeadline(row.createdAt, start) }
            : {}),
        })
        .where(
          and(
            eq(appointments.id, row.id),
            movesFrom('reschedule', row.status),
            eq(appointments.startTz, row.startTz),
          ),
        )
        .returning({ id: appointments.id, rescheduleCount: appointments.rescheduleCount });
      if (!moved) throw bookingChanged();
      await notifyRescheduled(
        tx,
        { ...row, startTz: start, endTz: end, rescheduleCount: moved.rescheduleCount },
        { previousStart: row.startTz, now, manageLink: checkout.manageLink },
      );
    });
  } catch (err) {
    // Another booking took the new time first: the exclusion constraint refused the move.
    if (sqlState(err) === '23P01') throw slotTaken();
    throw err;
  }
}

/**
 * Refuses a start the availability engine does not offer for the booking's service (its own time
 * counted free): the vendor's time off says so, anything else is a taken slot. The customer's
 * reschedule and the vendor's proposal of another time (decision 096) both ask it.
 */
export async function requireOpenSlot(db: Db, row: BookingView, start: Date, now: Date): Promise<void> {
  if (await isOpenSlot(db, row, start, now)) return;
  if (
    row.serviceId &&
    (await startsInTimeOff(db, { vendorProfileId: row.vendorProfileId, serviceId: row.serviceId, start }))
  )
    throw vendorTimeOffRefusal();
  throw slotTaken();
}

/** Whether the engine offers `start` for the booking's service, its own time counted free. */
async function isOpenSlot(db: Db, row: BookingView, start: Date, now: Date): Promise<boolean> {
  const { slots } = await computeAvailability({
    db,
    idOrSlug: row.vendorProfileId,
    serviceId: row.serviceId!,
    from: start,
    to: new Date(start.getTime() + 60_000),
    now,
    exceptAppointmentId: row.id,
  }).catch((err: unknown) => {
    if (err instanceof AppError && (err.code === 'validation_failed' || err.code === 'bad_request'))
      return { slots: [] as string[] };
    throw err;
  });
  return slots.some((slot) => Date.parse(slot) === start.getTime());
}

/** The times a booking may move to: its service's open slots, its own time counted free. */
export async function rescheduleSlots({
  db,
  row,
  now,
  from,
  to,
}: {
  db: Db;
  row: BookingView;
  now: Date;
  from?: Date | undefined;
  to?: Date | undefined;
}) {
  const changes = customerChanges(row, now);
  if (!changes.canReschedule || !row.serviceId) return { slots: [], timezone: row.timezone };
  const result = await computeAvailability({
    db,
    idOrSlug: row.vendorProfileId,
    serviceId: row.serviceId,
    from,
    to,
    now,
    exceptAppointmentId: row.id,
  });
  // An unpaid booking keeps its payment deadline, so it moves only to a time after it.
  const dueAt = row.status === 'awaiting_payment' ? row.paymentDueAt : null;
  const startMs = row.startTz.getTime();
  return {
    ...result,
    slots: result.slots.filter(
      (slot) => Date.parse(slot) !== startMs && (!dueAt || Date.parse(slot) >= dueAt.getTime()),
    ),
  };
}
