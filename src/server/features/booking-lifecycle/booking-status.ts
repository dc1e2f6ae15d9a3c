import { and, eq, gt, lte, or, type SQL } from 'drizzle-orm';
import {
  type AppointmentStatus,
  activeAppointmentStatuses,
  appointmentStatuses,
  CUSTOMER_CHANGE_HOURS,
  VENDOR_ANSWER_HOURS,
} from '../../../shared/constants.ts';
import { appointments } from '../../db/schema/bookings.ts';

// The booking lifecycle's statuses and moves, in one place (ARCHITECTURE §4; product §4). The
// statuses are the database's (appointments_status_check); every operation of this folder moves a
// booking by one conditional UPDATE … WHERE status = TRANSITIONS[operation].from, so a race between
// two operations leaves one winner and the loser changes nothing.

export { type AppointmentStatus, activeAppointmentStatuses, appointmentStatuses };

const HOUR_MS = 60 * 60_000;

/**
 * A status as a vendor reads it in the server's own messages (Spanish, product §1; the words of the
 * confirm page's statuses): a person never reads the raw name.
 */
export const statusInWordsEs: Record<AppointmentStatus, string> = {
  pending_vendor: 'pendiente de tu respuesta',
  awaiting_payment: 'pendiente de pago',
  confirmed: 'confirmada',
  paid: 'pagada',
  declined: 'rechazada',
  expired: 'caducada',
  cancelled: 'cancelada',
};

/** An operation of the lifecycle (one exported function each in this folder). */
export type BookingOperation =
  | 'request'
  | 'confirm'
  | 'decline'
  | 'expire'
  | 'pay'
  | 'cancel_unpaid'
  | 'late_payment'
  | 'cancel'
  | 'reschedule'
  | 'complete'
  | 'no_show'
  | 'propose'
  | 'accept_proposal'
  | 'reject_proposal';

export interface Transition {
  /**
   * The status the operation's UPDATE requires (the one it read, when it may start from several);
   * null for the insert that creates the booking.
   */
  from: AppointmentStatus | readonly AppointmentStatus[] | null;
  /**
   * What it may become: confirm moves a free booking straight to `confirmed`; empty when the
   * operation keeps the status (reschedule and an accepted proposal move the time; complete and
   * no_show record the outcome; propose and reject_proposal set or clear the proposal).
   */
  to: readonly AppointmentStatus[];
  /** Who or what runs it. */
  by: string;
}

/**
 * Which status may move to which, and by which operation. A payment for a booking no longer payable
 * (late_payment) is recorded on any status and flagged for a refund (ARCHITECTURE §7); only an overdue
 * `awaiting_payment` one also moves, to `cancelled`.
 */
export const TRANSITIONS = {
  request: {
    from: null,
    to: ['pending_vendor', 'awaiting_payment', 'confirmed'],
    by: 'the customer (create-booking); for a vendor with instant booking on, confirmed at once: awaiting_payment, or confirmed when free (decision 097)',
  },
  confirm: {
    from: 'pending_vendor',
    to: ['awaiting_payment', 'confirmed'],
    by: 'the vendor: link, own list or WhatsApp',
  },
  decline: { from: 'pending_vendor', to: ['declined'], by: 'the vendor (also decline-and-block)' },
  expire: { from: 'pending_vendor', to: ['expired'], by: 'the sweeper, or a request for the vendor' },
  pay: { from: 'awaiting_payment', to: ['paid'], by: 'a provider event (Stripe webhook, sandbox Pay)' },
  cancel_unpaid: {
    from: 'awaiting_payment',
    to: ['cancelled'],
    by: 'the sweeper, or the stored checkout expiring (payment_timeout)',
  },
  late_payment: { from: 'awaiting_payment', to: ['cancelled'], by: 'a provider event past the deadline' },
  cancel: {
    from: activeAppointmentStatuses,
    to: ['cancelled'],
    by: 'the customer, until 24 h before the start; an admin at any time; the vendor, a confirmed or paid booking until its start; a paid booking is refunded (decisions 046, 049, 094)',
  },
  reschedule: {
    from: activeAppointmentStatuses,
    to: [],
    by: 'the customer, until 24 h before the start, to an open slot of the same service',
  },
  complete: {
    from: ['confirmed', 'paid'],
    to: [],
    by: 'the vendor, once the start has passed, when no outcome is recorded yet (outcome completed; decision 094)',
  },
  no_show: {
    from: ['confirmed', 'paid'],
    to: [],
    by: 'the vendor, once the start has passed, when no outcome is recorded yet (outcome no_show; decision 094)',
  },
  propose: {
    from: ['confirmed', 'paid'],
    to: [],
    by: 'the vendor, before the start, an open slot of the same service (proposed_start_tz; decision 096)',
  },
  accept_proposal: {
    from: ['confirmed', 'paid'],
    to: [],
    by: 'the customer, while the proposal and the start are ahead: the booking moves to it (decision 096)',
  },
  reject_proposal: {
    from: ['confirmed', 'paid'],
    to: [],
    by: 'the customer: the proposal is cleared and the booking keeps its time (decision 096)',
  },
} as const satisfies Record<BookingOperation, Transition>;

/** The statuses an operation starts from (none for request, which inserts). */
export function startsFrom(operation: BookingOperation): readonly AppointmentStatus[] {
  const { from }: Transition = TRANSITIONS[operation];
  return from === null ? [] : typeof from === 'string' ? [from] : from;
}

/** Statuses no operation moves on from. */
export const terminalStatuses = appointmentStatuses.filter(
  (status) => !(Object.keys(TRANSITIONS) as BookingOperation[]).some((op) => startsFrom(op).includes(status)),
);

/** Whether `operation` may move a booking from `from` to `to`. */
export function canTransition(
  operation: BookingOperation,
  from: AppointmentStatus | null,
  to: AppointmentStatus,
) {
  const transition: Transition = TRANSITIONS[operation];
  if (from === null) return transition.from === null && transition.to.includes(to);
  if (!startsFrom(operation).includes(from)) return false;
  return transition.to.length === 0 ? to === from : transition.to.includes(to);
}

/**
 * The WHERE part every operation's UPDATE carries: the status it moves from — for an operation that
 * starts from several, the one the caller read (`expected`), so a booking that moved meanwhile is
 * left alone and the caller learns it changed.
 */
export function movesFrom(
  operation: Exclude<BookingOperation, 'request'>,
  expected?: AppointmentStatus,
): SQL {
  const from = startsFrom(operation);
  const status = expected ?? (from.length === 1 ? from[0] : undefined);
  if (!status || !from.includes(status))
    throw new Error(
      `booking lifecycle: ${operation} does not move a booking from ${expected ?? 'several statuses'}`,
    );
  return eq(appointments.status, status);
}

/** A customer changes a booking online only this far ahead of its start (decision 046). */
export function customerChangeDeadline(start: Date): Date {
  return new Date(start.getTime() - CUSTOMER_CHANGE_HOURS * HOUR_MS);
}

/** ARCHITECTURE §4: a vendor answers by the earlier of the start and 24 h after the request. */
export function vendorAnswerDeadline(createdAt: Date, start: Date): Date {
  return new Date(Math.min(start.getTime(), createdAt.getTime() + VENDOR_ANSWER_HOURS * HOUR_MS));
}

/** ARCHITECTURE §4: reads treat an overdue request or an unpaid overdue booking as what the sweeper makes it. */
export function effectiveStatus(
  row: { status: AppointmentStatus; startTz: Date; createdAt: Date; paymentDueAt: Date | null },
  now: Date,
): AppointmentStatus {
  if (row.status === 'pending_vendor' && vendorAnswerDeadline(row.createdAt, row.startTz) <= now)
    return 'expired';
  if (row.status === 'awaiting_payment' && row.paymentDueAt && row.paymentDueAt <= now) return 'cancelled';
  return row.status;
}

/** A request the vendor can still answer: pending, its link unexpired and its start ahead. */
export function isAnswerable(
  row: { status: AppointmentStatus; confirmTokenExpiresAt: Date | null; startTz: Date },
  now: Date,
): boolean {
  return (
    row.status === 'pending_vendor' &&
    !(row.confirmTokenExpiresAt && row.confirmTokenExpiresAt <= now) &&
    row.startTz > now
  );
}

/** The same in SQL (the vendor's answer, the lists of requests to answer). */
export function answerable(now: Date): SQL {
  return and(
    movesFrom('confirm'),
    gt(appointments.confirmTokenExpiresAt, now),
    gt(appointments.startTz, now),
  )!;
}

/** The sweeper's rule for a request: no answer by the earlier of its start and 24 h after it. */
export function unansweredInTime(now: Date): SQL {
  return and(
    movesFrom('expire'),
    or(
      lte(appointments.startTz, now),
      lte(appointments.createdAt, new Date(now.getTime() - VENDOR_ANSWER_HOURS * HOUR_MS)),
    ),
  )!;
}

/** The sweeper's rule for a payment: awaiting_payment past payment_due_at. */
export function unpaidInTime(now: Date): SQL {
  return and(movesFrom('cancel_unpaid'), lte(appointments.paymentDueAt, now))!;
}
