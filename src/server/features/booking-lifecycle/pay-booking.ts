import { and, eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { webhookEvents } from '../../db/schema/messaging.ts';
import type { PaymentEvent } from '../../integrations/payments/payment-provider.ts';
import type { Logger } from '../../lib/logger.ts';
import { isPayable } from './booking-checkout.ts';
import { notifyBookingPaid, notifyLatePayment, notifyUnpaidCancelled } from './booking-notifications.ts';
import { movesFrom } from './booking-status.ts';
import { selectBookingViews } from './booking-view.ts';
import type { ManageLink } from './manage-links.ts';
import { type RefundDeps, refundAfterCommit } from './refund-booking.ts';

// pay, and what else a provider event does (ARCHITECTURE §4, §7; decision 017): Stripe webhooks and
// sandbox clicks go through applyPaymentEvent. The event id is recorded in webhook_events in the
// same transaction as its effect, so a duplicate — even a concurrent one — has no second effect.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PaymentEventOutcome =
  | 'duplicate'
  | 'refunded'
  | 'refund_failed'
  | 'ignored'
  | 'unknown_session'
  | 'paid'
  | 'already_paid'
  | 'refund_needed'
  | 'cancelled'
  | 'unchanged';

export interface ApplyPaymentEventOptions {
  db: Db;
  provider: 'stripe' | 'sandbox';
  event: PaymentEvent;
  now: Date;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The customer's booking page, linked from the messages this event sends (`manageLinkFor`). */
  manageLink: ManageLink;
  /** The provider to pay a late payment back with, at once after the commit (decision 046). */
  refunds?: RefundDeps;
}

/**
 * The one place a provider event takes effect (ARCHITECTURE §7): a Stripe webhook and a sandbox click
 * both end here. The event id is inserted first; a duplicate — sequential, or concurrent and
 * waiting on the first one's unique key — inserts nothing and changes nothing.
 */
export async function applyPaymentEvent({
  db,
  provider,
  event,
  now,
  logger,
  manageLink,
  refunds,
}: ApplyPaymentEventOptions): Promise<PaymentEventOutcome> {
  let owesRefund: string | undefined;
  const outcome = await db.transaction(async (tx): Promise<PaymentEventOutcome> => {
    const [recorded] = await tx
      .insert(webhookEvents)
      .values({ provider, eventId: event.id, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (!recorded) return 'duplicate';
    if (event.kind === 'ignored') return 'ignored';
    if (event.kind === 'refunded') return recordRefunded(tx, event, now, logger);
    if (event.kind === 'refund_failed') return recordRefundFailed(tx, event, now, logger);

    // The stored session, or — for a checkout that lost the race to be stored — the appointment
    // it names. The row is locked against the sweeper and the other provider events; each UPDATE
    // below still names the status it moves from.
    const byAppointment =
      event.appointmentId && UUID.test(event.appointmentId)
        ? eq(appointments.id, event.appointmentId)
        : undefined;
    const rows = await selectBookingViews(
      tx,
      byAppointment
        ? or(eq(appointments.checkoutSessionId, event.sessionId), byAppointment)
        : eq(appointments.checkoutSessionId, event.sessionId),
      { forUpdate: true },
    );
    const row = rows.find((r) => r.checkoutSessionId === event.sessionId) ?? rows[0];
    if (!row) {
      logger.warn(
        { eventId: event.id, sessionId: event.sessionId },
        'payments: event for an unknown checkout',
      );
      return 'unknown_session';
    }
    const thisRow = eq(appointments.id, row.id);

    if (event.kind === 'expired') {
      // cancel_unpaid: only the stored checkout's expiry ends the booking; a spare one closing changes nothing.
      if (row.status !== 'awaiting_payment' || row.checkoutSessionId !== event.sessionId) return 'unchanged';
      await tx
        .update(appointments)
        .set({ status: 'cancelled', cancelReason: 'payment_timeout', cancelledAt: now, updatedAt: now })
        .where(and(thisRow, movesFrom('cancel_unpaid')));
      await notifyUnpaidCancelled(tx, row, { now, manageLink });
      return 'cancelled';
    }

    if (row.status === 'paid') return 'already_paid';
    if (isPayable(row, now)) {
      await tx
        .update(appointments)
        .set({ status: 'paid', paidAt: now, paymentRef: event.paymentRef, updatedAt: now })
        .where(and(thisRow, movesFrom('pay')));
      await notifyBookingPaid(tx, row, now, manageLink);
      return 'paid';
    }

    // late_payment (ARCHITECTURE §7): money arrived for a booking that is no longer payable
    // (cancelled, or past its deadline): recorded and owed back, never dropped; the caller refunds
    // it after the commit (refundAfterCommit), the sweeper if that fails (decision 046).
    const overdue = row.status === 'awaiting_payment';
    await tx
      .update(appointments)
      .set({
        refundNeeded: true,
        paidAt: row.paidAt ?? now,
        paymentRef: event.paymentRef,
        updatedAt: now,
        ...(overdue
          ? { status: 'cancelled' as const, cancelReason: 'payment_timeout', cancelledAt: now }
          : {}),
      })
      .where(and(thisRow, eq(appointments.status, row.status)));
    await notifyLatePayment(tx, row, { cancelledNow: overdue, now, manageLink });
    logger.error(
      { appointmentId: row.id, sessionId: event.sessionId, status: row.status },
      'payments: payment for a booking no longer payable; refunding it',
    );
    owesRefund = row.id;
    return 'refund_needed';
  });
  if (owesRefund && refunds) await refundAfterCommit({ db, refunds, appointmentId: owesRefund, now });
  return outcome;
}

/**
 * Stripe's charge.refunded (decision 046): money paid back on a booking's payment — ours, already
 * recorded by refundBooking, or one made in the Stripe dashboard — is recorded on the booking, so
 * that nothing is refunded twice.
 */
async function recordRefunded(
  tx: Tx,
  event: Extract<PaymentEvent, { kind: 'refunded' }>,
  now: Date,
  logger: ApplyPaymentEventOptions['logger'],
): Promise<PaymentEventOutcome> {
  const byAppointment =
    event.appointmentId && UUID.test(event.appointmentId)
      ? eq(appointments.id, event.appointmentId)
      : undefined;
  const [row] = await tx
    .update(appointments)
    .set({
      refundNeeded: false,
      refundError: null,
      refundedAt: sql`coalesce(${appointments.refundedAt}, ${now})`,
      refundedAmountMxn: event.amountRefunded,
      updatedAt: now,
    })
    .where(
      byAppointment
        ? or(eq(appointments.paymentRef, event.paymentRef), byAppointment)
        : eq(appointments.paymentRef, event.paymentRef),
    )
    .returning({ id: appointments.id, status: appointments.status });
  if (!row) {
    logger.warn(
      { eventId: event.id, paymentRef: event.paymentRef },
      'payments: refund of an unknown payment',
    );
    return 'unknown_session';
  }
  if (row.status !== 'cancelled')
    logger.warn(
      { appointmentId: row.id, status: row.status },
      'payments: a booking still active was refunded',
    );
  return 'refunded';
}

/**
 * Stripe's refund.failed (decision 049): the refund recorded on a booking never reached the customer
 * (an expired or closed card). The money is owed again — `refund_needed` set, the amount taken off
 * what was refunded, the reason kept for the admins — and the sweeper, or an admin's Refund now,
 * asks for it again with a key of its own (refundRequestOf). Only the refund the booking recorded
 * counts: a repeated event, or one for another refund, changes nothing.
 */
async function recordRefundFailed(
  tx: Tx,
  event: Extract<PaymentEvent, { kind: 'refund_failed' }>,
  now: Date,
  logger: ApplyPaymentEventOptions['logger'],
): Promise<PaymentEventOutcome> {
  const [row] = await tx
    .update(appointments)
    .set({
      refundNeeded: true,
      refundedAt: null,
      refundedAmountMxn: sql`nullif(greatest(coalesce(${appointments.refundedAmountMxn}, 0) - ${event.amount}, 0), 0)`,
      refundError: `The card network returned refund ${event.refundId}: ${event.reason ?? 'unknown'}`,
      updatedAt: now,
    })
    .where(and(eq(appointments.refundId, event.refundId), eq(appointments.refundNeeded, false)))
    .returning({ id: appointments.id });
  if (!row) {
    logger.warn(
      { eventId: event.id, refundId: event.refundId },
      'payments: a refund we did not record failed',
    );
    return 'unchanged';
  }
  logger.error(
    { appointmentId: row.id, refundId: event.refundId, reason: event.reason },
    'payments: a refund failed; it is owed again',
  );
  return 'refund_failed';
}
